import { useLocation } from "wouter";
import { estimateAcceptSchema, type Estimate } from "@domain/estimates";
import { Form, FormActions, SubmitButton, TextField, CancelButton } from "@web/components/form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { toastSuccess } from "@web/components/ui/toast";
import { useAcceptEstimate } from "../api/estimate-actions";
import { paths } from "@web/lib/paths";

/** The company records the client's acceptance (signed on paper, by phone…): the contract follows. */
export function AcceptDialog({ estimate, open, onOpenChange }: { estimate: Pick<Estimate, "id" | "number" | "version">; open: boolean; onOpenChange: (open: boolean) => void }) {
  const accept = useAcceptEstimate();
  const [, navigate] = useLocation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Accetta per conto del cliente</DialogTitle>
          <DialogDescription>
            Registra l'accettazione del preventivo {estimate.number}. Il preventivo non sarà più modificabile e verrà creato il contratto in bozza.
          </DialogDescription>
        </DialogHeader>
        <Form
          schema={estimateAcceptSchema}
          defaultValues={{ signedBy: "" }}
          aria-label="Accettazione del preventivo"
          onSubmit={async (values) => {
            const result = await accept.mutateAsync({ id: estimate.id, signedBy: values.signedBy, version: estimate.version });
            toastSuccess(`Preventivo accettato: creato il contratto ${result.contract.number}`);
            onOpenChange(false);
            navigate(paths.admin.contract(result.contract.id));
          }}
        >
          <TextField name="signedBy" label="Nome e cognome del firmatario" required autoComplete="name" />
          <FormActions>
            <CancelButton onClick={() => onOpenChange(false)} />
            <SubmitButton label="Registra accettazione" pendingLabel="Registrazione..." />
          </FormActions>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
