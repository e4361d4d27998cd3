import { invoiceUpdateSchema, type Invoice, type InvoiceUpdateValues } from "@domain/invoices";
import { FormDialog } from "@web/components/dialogs/form-dialog";
import {
  CancelButton,
  CheckboxField,
  Form,
  FormActions,
  SubmitButton,
  TextareaField,
  TextField,
} from "@web/components/form";
import { toastSuccess } from "@web/components/ui/toast";
import { useUpdateInvoice } from "../api/mutations";

/**
 * A draft invoice corrected before it is issued: dates and notes, and the amount where the kind
 * lets the office choose it (acconto, SAL, libera); a saldo is the contract's remainder. The
 * version read travels with the change, so a concurrent edit answers 409.
 */
export function EditInvoiceDialog({
  invoice,
  open,
  onOpenChange,
}: {
  invoice: Pick<Invoice, "id" | "kind" | "amount" | "issueDate" | "dueDate" | "notes" | "version">;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useUpdateInvoice();
  const amountFixed = invoice.kind === "saldo";
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="Modifica bozza della fattura">
      {open ? (
        <Form
          schema={invoiceUpdateSchema}
          defaultValues={{
            amount: invoice.amount,
            issueDate: invoice.issueDate,
            dueDate: invoice.dueDate,
            notes: invoice.notes ?? "",
            override: false,
            version: invoice.version,
          }}
          aria-label="Dati della bozza"
          onSubmit={async (values: InvoiceUpdateValues) => {
            await update.mutateAsync({ id: invoice.id, values });
            toastSuccess("Bozza aggiornata");
            onOpenChange(false);
          }}
        >
          <TextField
            name="amount"
            label="Imponibile (€)"
            required
            inputMode="decimal"
            readOnly={amountFixed}
            description={
              amountFixed ? "Il saldo è il residuo del contratto: l'importo lo calcola il sistema." : undefined
            }
          />
          <TextField name="issueDate" label="Data di emissione" type="date" required />
          <TextField name="dueDate" label="Scadenza" type="date" required />
          <TextareaField name="notes" label="Note" rows={3} />
          {amountFixed ? null : (
            <CheckboxField name="override" label="Supera il valore del contratto (varianti, extra)" />
          )}
          <FormActions>
            <CancelButton onClick={() => onOpenChange(false)} />
            <SubmitButton label="Salva modifiche" />
          </FormActions>
        </Form>
      ) : null}
    </FormDialog>
  );
}
