import { ImageOff, Trash2, Upload } from "lucide-react";
import { useId, useRef } from "react";
import { LOGO_MAX_BYTES, LOGO_SIZE_ERROR, type Settings } from "@domain/settings";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { toastError, toastSuccess } from "@web/components/ui/toast";
import { useRemoveLogo, useUploadLogo } from "../api/settings";

/** The company logo: PNG or JPEG up to 1 MB, printed on the PDFs. */
export function LogoCard({ settings }: { settings: Settings }) {
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();

  function onFile(file: File | undefined) {
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) {
      toastError(LOGO_SIZE_ERROR);
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toastSuccess("Logo aggiornato"),
      onError: (e) => toastError(e.message),
      onSettled: () => {
        if (input.current) input.current.value = "";
      },
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Logo</CardTitle>
        <CardDescription id={hintId}>
          Immagine PNG o JPEG, massimo 1 MB. Appare sui PDF di preventivi, ordini e fatture.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex h-24 w-48 shrink-0 items-center justify-center rounded-md border border-dashed border-border bg-muted/40 p-2">
          {settings.logoUrl ? (
            <img
              src={settings.logoUrl}
              alt={`Logo di ${settings.companyName}`}
              className="max-h-full max-w-full object-contain"
            />
          ) : (
            <span className="flex flex-col items-center gap-1 text-xs text-muted-foreground">
              <ImageOff aria-hidden className="size-5" />
              Nessun logo caricato
            </span>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg"
            className="sr-only"
            aria-label="File del logo"
            aria-describedby={hintId}
            tabIndex={-1}
            onChange={(e) => onFile(e.target.files?.[0])}
          />
          <Button variant="outline" onClick={() => input.current?.click()} disabled={upload.isPending}>
            <Upload aria-hidden />
            {upload.isPending ? "Caricamento..." : settings.logoUrl ? "Sostituisci logo" : "Carica logo"}
          </Button>
          {settings.logoUrl ? (
            <Button
              variant="ghost"
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => toastSuccess("Logo rimosso"),
                  onError: (e) => toastError(e.message),
                })
              }
              disabled={remove.isPending}
            >
              <Trash2 aria-hidden className="text-destructive" />
              Rimuovi logo
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
