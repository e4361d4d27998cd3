import { useId, useState } from "react";
import { Button } from "@web/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@web/components/ui/dialog";
import { Label } from "@web/components/ui/label";
import { Textarea } from "@web/components/ui/textarea";
import { SITE_DOCUMENTS_MISSING } from "@domain/compliance";
import { isApiError } from "@web/lib/api";

/** The blocking list when the server refused to open a site for missing papers (409 with its code). */
export function missingDocuments(e: unknown): string | null {
  return isApiError(e) && e.status === 409 && e.body?.code === SITE_DOCUMENTS_MISSING ? e.message : null;
}

/**
 * The office's confirmation to open a site in corso without its safety papers (docs/domain/sites.md):
 * the server's list, and a required reason that goes into the site's activity.
 */
export function StartAnywayDialog({
  message,
  onCancel,
  onConfirm,
  allowed,
}: {
  message: string | null;
  onCancel: () => void;
  onConfirm: (reason: string) => Promise<void>;
  /** A technician sees the list but only the office may confirm. */
  allowed: boolean;
}) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  return (
    <Dialog open={message !== null} onOpenChange={(o) => (o ? undefined : onCancel())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Documenti di sicurezza mancanti</DialogTitle>
          <DialogDescription>{message}</DialogDescription>
        </DialogHeader>
        {allowed ? (
          <div className="space-y-1.5">
            <Label htmlFor={id} required>
              Motivo per avviare comunque il cantiere
            </Label>
            <Textarea
              id={id}
              value={reason}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => {
                setReason(e.target.value);
                setError(null);
              }}
            />
            {error ? (
              <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
        ) : (
          <p>Chiedi all'ufficio di caricare i documenti prima di avviare il cantiere.</p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            {allowed ? "Annulla" : "Chiudi"}
          </Button>
          {allowed ? (
            <Button
              disabled={busy}
              onClick={async () => {
                if (!reason.trim()) {
                  setError("Motivo: indica perché il cantiere parte senza i documenti");
                  return;
                }
                setBusy(true);
                try {
                  await onConfirm(reason.trim());
                  setReason("");
                } finally {
                  setBusy(false);
                }
              }}
            >
              Avvia comunque
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
