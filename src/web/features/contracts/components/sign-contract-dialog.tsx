import { contractSignSchema } from "@domain/contracts";
import { todayIso } from "@domain/dates";
import { Form, FormActions, SubmitButton, TextField, CancelButton } from "@web/components/form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { toastSuccess } from "@web/components/ui/toast";
import { useContractTransition } from "../api/mutations";

export function SignContractDialog({
  contract,
  open,
  onOpenChange,
}: {
  contract: { id: string; number: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const transition = useContractTransition();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Firma del contratto {contract.number}</DialogTitle>
          <DialogDescription>Indica la data in cui il cliente ha firmato il contratto.</DialogDescription>
        </DialogHeader>
        {open ? (
          <Form
            schema={contractSignSchema}
            defaultValues={{ signedDate: todayIso() }}
            aria-label="Firma del contratto"
            onSubmit={async (values) => {
              await transition.mutateAsync({ id: contract.id, action: "sign", signedDate: values.signedDate });
              toastSuccess("Contratto firmato");
              onOpenChange(false);
            }}
          >
            <TextField name="signedDate" label="Data di firma" type="date" required max={todayIso()} />
            <FormActions>
              <CancelButton onClick={() => onOpenChange(false)} />
              <SubmitButton label="Segna come firmato" />
            </FormActions>
          </Form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
