import { Copy } from "lucide-react";
import { formatDate } from "@domain/format";
import type { UserWithLink } from "@domain/users";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { toastError, toastSuccess } from "@web/components/ui/toast";

/** The one-time link, shown once: the server keeps only its hash. */
export function LinkResultDialog({ result, onClose }: { result: UserWithLink | null; onClose: () => void }) {
  return (
    <Dialog open={result !== null && Boolean(result.activationUrl)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Link di accesso per {result?.name ?? result?.username}</DialogTitle>
          <DialogDescription>
            {result?.emailedTo
              ? `Inviato per e-mail a ${result.emailedTo}.`
              : "Copialo e invialo alla persona: non sarà più mostrato."}{" "}
            {result?.activationExpiresAt ? `Vale una sola volta, fino al ${formatDate(result.activationExpiresAt)}.` : ""}
          </DialogDescription>
        </DialogHeader>
        <code className="rounded-md border border-border bg-muted p-2 text-sm break-all">{result?.activationUrl}</code>
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            variant="outline"
            onClick={() =>
              navigator.clipboard.writeText(result?.activationUrl ?? "").then(
                () => toastSuccess("Link copiato"),
                () => toastError("Copia non riuscita: seleziona il link e copialo a mano"),
              )
            }
          >
            <Copy aria-hidden /> Copia link
          </Button>
          <Button onClick={onClose}>Fatto</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
