import { todayIso } from "@domain/dates";
import { invoicePaySchema } from "@domain/invoices";
import { Form, FormActions, SubmitButton, TextField, CancelButton } from "@web/components/form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { toastSuccess } from "@web/components/ui/toast";
import { useInvoiceTransition } from "../api/mutations";

export function PayInvoiceDialog({
  invoice,
  open,
  onOpenChange,
}: {
  invoice: { id: string; number: string | null; issueDate: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const transition = useInvoiceTransition();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Pagamento della fattura {invoice.number}</DialogTitle>
          <DialogDescription>Indica la data in cui è stato ricevuto il pagamento.</DialogDescription>
        </DialogHeader>
        {open ? (
          <Form
            schema={invoicePaySchema}
            defaultValues={{ paidDate: todayIso() }}
            aria-label="Registra pagamento"
            onSubmit={async (values) => {
              await transition.mutateAsync({ id: invoice.id, action: "pay", paidDate: values.paidDate });
              toastSuccess("Pagamento registrato");
              onOpenChange(false);
            }}
          >
            <TextField
              name="paidDate"
              label="Data di pagamento"
              type="date"
              required
              min={invoice.issueDate}
              max={todayIso()}
            />
            <FormActions>
              <CancelButton onClick={() => onOpenChange(false)} />
              <SubmitButton label="Registra pagamento" />
            </FormActions>
          </Form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
