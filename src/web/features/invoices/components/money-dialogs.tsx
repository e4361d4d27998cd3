import { todayIso } from "@domain/dates";
import { useId } from "react";
import { useController, useFormContext } from "react-hook-form";
import { formatEuro } from "@domain/format";
import { compareMoney } from "@domain/money";
import type { OutboxMessage } from "@domain/outbox";
import {
  creditNoteSchema,
  invoiceEmailSchema,
  invoiceReminderSchema,
  paymentCreateSchema,
  paymentMethodOptions,
  sdiOutcomeSchema,
  sdiOutcomes,
  sdiEventLabels,
} from "@domain/payments";
import { FormDialog } from "@web/components/dialogs/form-dialog";
import {
  CancelButton,
  Form,
  FormActions,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
} from "@web/components/form";
import { Checkbox } from "@web/components/ui/checkbox";
import { Label } from "@web/components/ui/label";
import { toastSuccess } from "@web/components/ui/toast";
import { useInvoiceAction } from "../api/mutations";

// The dialogs of the invoice page's money actions (docs/domain/invoices.md): each posts one shared zod
// schema (the route's own) and shows the server's field errors on the fields.

type DialogProps = { open: boolean; onOpenChange: (open: boolean) => void };
type InvoiceRef = { id: string; number: string | null; issueDate: string; remainder: string; amount: string };

export function PaymentDialog({ invoice, open, onOpenChange }: DialogProps & { invoice: InvoiceRef }) {
  const action = useInvoiceAction("payments");
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Pagamento della fattura ${invoice.number ?? ""}`}
      description={`Resta da pagare ${formatEuro(invoice.remainder)}. Un pagamento parziale lascia la fattura da incassare per il resto.`}
    >
      {open ? (
        <Form
          schema={paymentCreateSchema}
          defaultValues={{ date: todayIso(), amount: invoice.remainder, method: "bonifico" }}
          aria-label="Registra pagamento"
          onSubmit={async (values) => {
            await action.mutateAsync({ id: invoice.id, body: values });
            toastSuccess(`Pagamento di ${formatEuro(values.amount)} registrato`);
            onOpenChange(false);
          }}
        >
          <TextField
            name="date"
            label="Data del pagamento"
            type="date"
            required
            min={invoice.issueDate}
            max={todayIso()}
          />
          <TextField name="amount" label="Importo (€)" inputMode="decimal" required />
          <SelectField name="method" label="Metodo" required options={paymentMethodOptions} />
          <FormActions>
            <CancelButton onClick={() => onOpenChange(false)} />
            <SubmitButton label="Registra pagamento" />
          </FormActions>
        </Form>
      ) : null}
    </FormDialog>
  );
}

export function EmailDialog({
  invoice,
  clientEmail,
  open,
  onOpenChange,
}: DialogProps & { invoice: InvoiceRef; clientEmail: string | null }) {
  const action = useInvoiceAction<OutboxMessage>("email");
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Invia la fattura ${invoice.number ?? ""} al cliente`}
      description="Il PDF emesso viene allegato così com'è, identico a quello scaricabile."
    >
      {open ? (
        <Form
          schema={invoiceEmailSchema}
          defaultValues={{ to: clientEmail ?? "", message: "" }}
          aria-label="Invia al cliente"
          onSubmit={async (values) => {
            const mail = await action.mutateAsync({ id: invoice.id, body: values });
            toastSuccess(`E-mail per ${mail.to} ${mail.status === "sent" ? "inviata" : "messa in Posta in uscita"}`);
            onOpenChange(false);
          }}
        >
          <TextField name="to" label="Destinatario" type="email" required={!clientEmail} autoComplete="email" />
          <TextareaField name="message" label="Messaggio (facoltativo)" rows={4} />
          <FormActions>
            <CancelButton onClick={() => onOpenChange(false)} />
            <SubmitButton label="Invia al cliente" />
          </FormActions>
        </Form>
      ) : null}
    </FormDialog>
  );
}

export function ReminderDialog({
  invoice,
  level,
  open,
  onOpenChange,
}: DialogProps & { invoice: InvoiceRef; level: number }) {
  const action = useInvoiceAction<OutboxMessage>("reminder");
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Sollecito n. ${level} per la fattura ${invoice.number ?? ""}`}
      description={`Il cliente riceve l'importo da saldare (${formatEuro(invoice.remainder)}), la scadenza, i giorni di ritardo, l'IBAN e la causale del bonifico${level > 1 ? ", con toni più fermi dei solleciti precedenti" : ""}.`}
    >
      {open ? (
        <Form
          schema={invoiceReminderSchema}
          defaultValues={{ message: "" }}
          aria-label="Invia sollecito"
          onSubmit={async (values) => {
            const mail = await action.mutateAsync({ id: invoice.id, body: values });
            toastSuccess(`Sollecito per ${mail.to} ${mail.status === "sent" ? "inviato" : "messo in Posta in uscita"}`);
            onOpenChange(false);
          }}
        >
          <TextareaField name="message" label="Nota aggiuntiva (facoltativa)" rows={3} />
          <FormActions>
            <CancelButton onClick={() => onOpenChange(false)} />
            <SubmitButton label="Invia sollecito" />
          </FormActions>
        </Form>
      ) : null}
    </FormDialog>
  );
}

export function SdiOutcomeDialog({ invoice, open, onOpenChange }: DialogProps & { invoice: InvoiceRef }) {
  const action = useInvoiceAction("sdi-outcome");
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={`Esito SdI della fattura ${invoice.number ?? ""}`}>
      {open ? (
        <Form
          schema={sdiOutcomeSchema}
          defaultValues={{ outcome: "consegnata", code: "", message: "", date: todayIso() }}
          aria-label="Registra esito SdI"
          onSubmit={async (values) => {
            await action.mutateAsync({ id: invoice.id, body: values });
            toastSuccess(`Esito registrato: ${sdiEventLabels[values.outcome].toLowerCase()}`);
            onOpenChange(false);
          }}
        >
          <SelectField
            name="outcome"
            label="Esito"
            required
            options={sdiOutcomes.map((value) => ({ value, label: sdiEventLabels[value] }))}
          />
          <TextField
            name="date"
            label="Data dell'esito"
            type="date"
            required
            min={invoice.issueDate}
            max={todayIso()}
          />
          <TextField name="code" label="Codice errore (facoltativo)" placeholder="es. 00305" />
          <TextareaField name="message" label="Messaggio dello SdI (facoltativo)" rows={3} />
          <FormActions>
            <CancelButton onClick={() => onOpenChange(false)} />
            <SubmitButton label="Registra esito" />
          </FormActions>
        </Form>
      ) : null}
    </FormDialog>
  );
}

export function CreditNoteDialog({
  invoice,
  onIssued,
  open,
  onOpenChange,
  lines,
}: DialogProps & { invoice: InvoiceRef; onIssued: (id: string) => void; lines?: readonly CreditableLine[] }) {
  const action = useInvoiceAction<{ id: string; number: string }>("credit-note");
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Nota di credito sulla fattura ${invoice.number ?? ""}`}
      description={`Senza importo né righe storna l'intera fattura; con un importo (imponibile, al massimo ${formatEuro(invoice.amount)}) la storna in parte, alle sue aliquote IVA; con le righe scelte storna quelle righe per intero. La nota di credito prende il suo numero ed è emessa subito.`}
    >
      {open ? (
        <Form
          schema={creditNoteSchema}
          defaultValues={{ reason: "", amount: "", lines: [] }}
          aria-label="Emetti nota di credito"
          onSubmit={async (values) => {
            const note = await action.mutateAsync({ id: invoice.id, body: values });
            toastSuccess(`Nota di credito ${note.number} emessa`);
            onOpenChange(false);
            onIssued(note.id);
          }}
        >
          <TextField
            name="reason"
            label="Motivo"
            required
            placeholder="es. Sconto concordato, errore di fatturazione"
          />
          <TextField name="amount" label="Imponibile da stornare (€, vuoto = tutta la fattura)" inputMode="decimal" />
          {lines && lines.filter((l) => compareMoney(l.lineTotal, "0") > 0).length > 1 ? (
            <CreditLinesField lines={lines} />
          ) : null}
          <FormActions>
            <CancelButton onClick={() => onOpenChange(false)} />
            <SubmitButton label="Emetti nota di credito" />
          </FormActions>
        </Form>
      ) : null}
    </FormDialog>
  );
}

type CreditableLine = { position: number; description: string; lineTotal: string };

/** "Righe da stornare": the invoice's lines of positive amount, each credited whole when ticked. */
function CreditLinesField({ lines }: { lines: readonly CreditableLine[] }) {
  const { control } = useFormContext<{ lines: number[] }>();
  const { field, fieldState } = useController({ control, name: "lines" });
  const chosen: number[] = Array.isArray(field.value) ? field.value : [];
  const base = useId();
  const errorId = `${base}-error`;
  return (
    <fieldset
      className="space-y-2"
      aria-describedby={fieldState.error?.message ? errorId : undefined}
      aria-invalid={fieldState.error ? true : undefined}
    >
      <legend className="text-sm font-medium">Righe da stornare (facoltativo, al posto dell'importo)</legend>
      <ul className="divide-y divide-border rounded-md border border-border">
        {lines
          .filter((l) => compareMoney(l.lineTotal, "0") > 0)
          .map((l) => {
            const id = `${base}-${l.position}`;
            return (
              <li key={l.position} className="flex items-start gap-2.5 px-3 py-2">
                <Checkbox
                  id={id}
                  className="mt-0.5"
                  checked={chosen.includes(l.position)}
                  onChange={(e) =>
                    field.onChange(
                      e.target.checked
                        ? [...chosen, l.position].sort((a, b) => a - b)
                        : chosen.filter((p) => p !== l.position),
                    )
                  }
                />
                <Label htmlFor={id} className="flex-1 font-normal">
                  {l.description}
                </Label>
                <span className="text-sm whitespace-nowrap tabular-nums">{formatEuro(l.lineTotal)}</span>
              </li>
            );
          })}
      </ul>
      {fieldState.error?.message ? (
        <p id={errorId} className="text-sm text-destructive">
          {fieldState.error.message}
        </p>
      ) : null}
    </fieldset>
  );
}
