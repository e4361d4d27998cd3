import { useState } from "react";
import type { SiteValues } from "@domain/sites";
import { missingDocuments, StartAnywayDialog } from "@web/components/compliance";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { toastError, toastSuccess } from "@web/components/ui/toast";
import { isApiError } from "@web/lib/api";
import { useSaveSite } from "../api/save-site";
import { SiteForm, type EditableSite } from "./site-form";

/** New site when `site` is absent, edit otherwise. Field errors stay in the form; success closes it. */
export function SiteFormDialog({
  open,
  onOpenChange,
  site,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  site?: EditableSite;
}) {
  const save = useSaveSite();
  // Opening a site in corso without its safety papers: the server's list and the office's reason.
  const [blocked, setBlocked] = useState<{ message: string; values: SiteValues } | null>(null);
  const done = () => {
    toastSuccess(site ? "Cantiere aggiornato con successo" : "Cantiere creato con successo");
    onOpenChange(false);
  };
  return (
    <>
      <StartAnywayDialog
        allowed
        message={blocked?.message ?? null}
        onCancel={() => setBlocked(null)}
        onConfirm={async (reason) => {
          if (!blocked) return;
          try {
            await save.mutateAsync({
              id: site?.id,
              version: site?.version,
              values: { ...blocked.values, force: true, reason },
            });
          } catch (e) {
            toastError(isApiError(e) ? e.message : "Errore nel salvataggio del cantiere");
            return;
          }
          setBlocked(null);
          done();
        }}
      />
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent size="wide">
          <DialogHeader>
            <DialogTitle>{site ? "Modifica cantiere" : "Nuovo cantiere"}</DialogTitle>
            <DialogDescription>I campi con l'asterisco sono obbligatori.</DialogDescription>
          </DialogHeader>
          {open ? (
            <SiteForm
              key={site?.id ?? "new"}
              site={site}
              onCancel={() => onOpenChange(false)}
              onSubmit={async (values: SiteValues) => {
                try {
                  await save.mutateAsync({ id: site?.id, version: site?.version, values });
                } catch (e) {
                  const missing = missingDocuments(e);
                  if (missing) {
                    setBlocked({ message: missing, values });
                    return;
                  }
                  // Field errors go back to the form; anything else gets the specification's message.
                  if (isApiError(e) && e.body?.errors) throw e;
                  toastError(
                    isApiError(e) && e.status === 409
                      ? e.message
                      : site
                        ? "Errore nell'aggiornamento del cantiere"
                        : "Errore nella creazione del cantiere",
                  );
                  return;
                }
                done();
              }}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
