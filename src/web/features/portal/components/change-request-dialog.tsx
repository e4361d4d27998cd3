import { estimateRequestChangesSchema } from "@domain/estimates";
import { Form, FormActions, SubmitButton, TextareaField, CancelButton } from "@web/components/form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { toastSuccess } from "@web/components/ui/toast";
import { useRequestChanges } from "../api/estimate-actions";

/** "Richiedi Modifiche": the client's message goes to the company (docs/domain/portal.md). */
export function ChangeRequestDialog({
  estimateId,
  number,
  open,
  onOpenChange,
}: {
  estimateId: string;
  number: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const send = useRequestChanges(estimateId);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Richiedi Modifiche</DialogTitle>
          <DialogDescription>Descrivi cosa vorresti cambiare nel preventivo {number}: l'impresa ti invierà una nuova versione.</DialogDescription>
        </DialogHeader>
        <Form
          schema={estimateRequestChangesSchema}
          defaultValues={{ message: "" }}
          aria-label="Richiesta di modifiche"
          onSubmit={async ({ message }) => {
            await send.mutateAsync(message);
            toastSuccess("Richiesta di modifiche inviata");
            onOpenChange(false);
          }}
        >
          <TextareaField name="message" label="Modifiche richieste" required rows={5} />
          <FormActions>
            <CancelButton onClick={() => onOpenChange(false)} />
            <SubmitButton label="Invia richiesta" pendingLabel="Invio in corso..." />
          </FormActions>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
