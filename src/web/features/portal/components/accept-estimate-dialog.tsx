import { estimateAcceptSchema } from "@domain/estimates";
import { formatEuro } from "@domain/format";
import type { PortalEstimate } from "@domain/portal";
import { Form, FormActions, SubmitButton, TextField, CancelButton } from "@web/components/form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { toastSuccess } from "@web/components/ui/toast";
import { useAcceptEstimate } from "../api/estimate-actions";

/**
 * "Accetta Preventivo" (docs/domain/portal.md): the contract terms come first, then the signatory types
 * their full name. The server records name, time and IP and creates the contract.
 */
export function AcceptEstimateDialog({
  estimate,
  open,
  onOpenChange,
}: {
  estimate: PortalEstimate;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const accept = useAcceptEstimate(estimate.id);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="wide">
        <DialogHeader>
          <DialogTitle>Accetta il preventivo {estimate.number}</DialogTitle>
          <DialogDescription>
            Leggi le condizioni contrattuali. Accettando confermi l'incarico per {formatEuro(estimate.grossTotal)} (IVA inclusa).
          </DialogDescription>
        </DialogHeader>
        <section aria-labelledby="terms-title" className="grid gap-2">
          <h3 id="terms-title" className="text-sm font-semibold">
            Condizioni contrattuali
          </h3>
          <div
            tabIndex={0}
            role="region"
            aria-labelledby="terms-title"
            className="max-h-60 overflow-y-auto rounded-md border border-border bg-muted/40 p-3 text-sm whitespace-pre-line"
          >
            {estimate.contractTerms}
          </div>
        </section>
        <Form
          schema={estimateAcceptSchema}
          defaultValues={{ signedBy: "" }}
          aria-label="Firma dell'accettazione"
          onSubmit={async ({ signedBy }) => {
            // The version on screen: if the office changed the estimate since, the server refuses (409).
            await accept.mutateAsync({ signedBy, version: estimate.version });
            toastSuccess("Preventivo accettato: grazie! Ti contatteremo per programmare i lavori.");
            onOpenChange(false);
          }}
        >
          <TextField
            name="signedBy"
            label="Nome e cognome del firmatario"
            required
            autoComplete="name"
            description="Scrivendo il tuo nome dichiari di aver letto e di accettare il preventivo e le condizioni."
          />
          <FormActions>
            <CancelButton onClick={() => onOpenChange(false)} />
            <SubmitButton label="Accetto e firmo" pendingLabel="Invio in corso..." />
          </FormActions>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
