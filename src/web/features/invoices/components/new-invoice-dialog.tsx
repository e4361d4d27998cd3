import { useEffect, useId, useState } from "react";
import { useLocation } from "wouter";
import type { ContractDetail, ContractListItem } from "@domain/contracts";
import { formatEuro } from "@domain/format";
import { estimateVatLines } from "@domain/estimates";
import {
  invoiceAmount,
  invoiceCreateSchema,
  invoiceKindOptions,
  exceedsContract,
  MAX_INVOICE_LINES,
  type InvoiceCreateInput,
} from "@domain/invoices";
import { moneySchema, percentSchema } from "@domain/money";
import {
  contractShareLines,
  documentVat,
  isVatError,
  newLineVatRate,
  vatContextOf,
  viewRateGroups,
  type DocumentTreatment,
  type LineVatRate,
  type VatLineInput,
  type VatView,
} from "@domain/vat";
import { emptyLine, LineEditor, type LineEditorWording } from "@web/components/line-editor";
import { VatTotals } from "@web/components/vat-totals";
import { Label } from "@web/components/ui/label";
import { Select } from "@web/components/ui/select";
import { useCompany } from "@web/lib/company";
import {
  CheckboxField,
  Form,
  FormActions,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
  useZodForm,
  CancelButton,
} from "@web/components/form";
import { ComboboxField } from "@web/components/pickers/combobox-field";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { toastSuccess } from "@web/components/ui/toast";
import { useCreateInvoice } from "../api/mutations";
import { invoiceKeys } from "../api/keys";
import { searchInvoiceableContracts, useInvoicingContract } from "../api/queries";
import { paths } from "@web/lib/paths";

/** Average progress of the contract's sites, as the server computes it for SAL. */
function siteProgress(contract: ContractDetail): number | null {
  if (contract.sites.length === 0) return null;
  return Math.floor(contract.sites.reduce((s, x) => s + x.progress, 0) / contract.sites.length);
}

const parsed = (schema: typeof moneySchema | typeof percentSchema, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? r.data : null;
};

/** Where a libera invoice's lines come from (docs/domain/invoices.md). */
export type LiberaSource = "amount" | "estimate" | "lines";
const liberaSources: { value: LiberaSource; label: string }[] = [
  { value: "amount", label: "Un importo (una riga a corpo, alle aliquote del contratto)" },
  { value: "estimate", label: "Le righe del preventivo" },
  { value: "lines", label: "Righe indicate qui" },
];

type InvoiceLineFormValue = NonNullable<InvoiceCreateInput["lines"]>[number];
/** The unit of a new invoice line. */
const INVOICE_LINE_UNIT = "pz";
const invoiceWording: LineEditorWording = {
  legend: "Righe della fattura",
  intro: "Descrizione, quantità, unità, prezzo unitario e IVA di ogni riga.",
  item: "Riga",
  items: "righe",
  add: "Aggiungi riga",
};

/** The figure the server will bill, previewed with the same domain rules and the same VAT context. */
function Preview({
  contract,
  values,
  source,
}: {
  contract: ContractDetail;
  values: InvoiceCreateInput;
  source: LiberaSource;
}) {
  const progress = siteProgress(contract);
  const situation = {
    contractValue: contract.financials.value,
    invoiced: contract.financials.invoiced,
    siteProgress: progress,
  };
  const company = useCompany();
  const fallback = newLineVatRate(contract.client.type, company.defaultVatRate);
  // The server's context of the invoice: this client's partita IVA and ritenuta, the company's regime.
  const ctx = vatContextOf(
    contract.client,
    company.regimeFiscale ?? "RF01",
    contract.estimate.treatment as DocumentTreatment,
  );
  function vatOf(lines: VatLineInput[]) {
    try {
      return { vat: documentVat(ctx, lines), error: null };
    } catch (error) {
      if (isVatError(error)) return { vat: null, error: error.message };
      throw error;
    }
  }
  const libera = values.kind === "libera";
  /**
   * An acconto, SAL or free amount is one line per rate of the contract, shared as the contract's
   * imponibile is (the saldo's lines are the estimate's less the earlier invoices: the same rates,
   * the same figure); a libera's own lines are computed as they are typed.
   */
  let figure: { vat: VatView | null; error: string | null; amount: string } | { message: string };
  if (libera && source === "lines") {
    const computed = vatOf(estimateVatLines(values.lines ?? [], null, fallback));
    figure = { ...computed, amount: computed.vat?.totals.imponibile ?? "0.00" };
  } else if (libera && source === "estimate") {
    figure = contract.vat
      ? { vat: contract.vat, error: null, amount: contract.vat.totals.imponibile }
      : { message: "Il preventivo del contratto non ha righe" };
  } else {
    const result = invoiceAmount(
      {
        kind: values.kind,
        percent: parsed(percentSchema, values.percent),
        amount: parsed(moneySchema, values.amount),
      },
      situation,
    );
    figure = result.ok
      ? {
          ...(contract.vat
            ? vatOf(contractShareLines(result.amount, "Anteprima", viewRateGroups(contract.vat), fallback))
            : { vat: null, error: null }),
          amount: result.amount,
        }
      : { message: result.message };
  }
  return (
    <section
      aria-label="Riepilogo importi"
      aria-live="polite"
      className="rounded-md border border-border bg-muted/40 p-3 text-sm"
    >
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">Valore contratto</dt>
        <dd className="text-right tabular-nums">{formatEuro(situation.contractValue)}</dd>
        <dt className="text-muted-foreground">Già fatturato</dt>
        <dd className="text-right tabular-nums">{formatEuro(situation.invoiced)}</dd>
        <dt className="text-muted-foreground">Avanzamento cantiere</dt>
        <dd className="text-right tabular-nums">{progress === null ? "Nessun cantiere" : `${progress}%`}</dd>
      </dl>
      {"message" in figure ? (
        <p className="mt-2 text-muted-foreground">{figure.message}</p>
      ) : (
        <>
          <VatTotals className="mt-2" vat={figure.vat} error={figure.error} />
          {exceedsContract(figure.amount, situation) ? (
            <p className="mt-2 text-destructive">
              Questo importo supera il valore del contratto: serve la conferma qui sotto.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

/** "Righe della fattura" of a libera invoice: an amount, the estimate's lines or lines typed here. */
function SourceSelect({ value, onChange }: { value: LiberaSource; onChange: (v: LiberaSource) => void }) {
  const id = useId();
  return (
    <div className="grid gap-1.5 sm:col-span-2">
      <Label htmlFor={id}>Contenuto della fattura</Label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value as LiberaSource)}>
        {liberaSources.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** The form starts once the preselected contract (if any) is loaded: its label, and whether it can be invoiced. */
function InvoiceFormLoader(props: { initialContractId: string; onDone: (id: string) => void; onCancel: () => void }) {
  const initial = useInvoicingContract(props.initialContractId);
  if (props.initialContractId && initial.isPending) {
    return <p className="text-sm text-muted-foreground">Caricamento contratti...</p>;
  }
  const current = initial.data && initial.data.status !== "bozza" ? initial.data : null;
  const label = current ? `${current.number} · ${current.estimate.title} · ${current.client.name}` : null;
  return <InvoiceForm {...props} initialContractId={current ? current.id : ""} initialLabel={label} />;
}

function InvoiceForm({
  initialContractId,
  initialLabel,
  onDone,
  onCancel,
}: {
  initialContractId: string;
  initialLabel: string | null;
  onDone: (id: string) => void;
  onCancel: () => void;
}) {
  const form = useZodForm(invoiceCreateSchema, {
    contractId: initialContractId,
    kind: "acconto",
    percent: "",
    amount: "",
    issueDate: "",
    dueDate: "",
    notes: "",
    override: false,
  });
  const values = form.watch();
  const contract = useInvoicingContract(values.contractId ?? "");
  const create = useCreateInvoice();
  const company = useCompany();
  const [source, setSource] = useState<LiberaSource>("amount");
  const ownLines = values.kind === "libera" && source === "lines";
  const newRate: LineVatRate = newLineVatRate(contract.data?.client.type, company.defaultVatRate);
  // Lines typed here exist only while they are what the invoice carries: the schema checks them then.
  useEffect(() => {
    if (!ownLines && form.getValues("lines") !== undefined) form.setValue("lines", undefined);
    if (ownLines && !form.getValues("lines")?.length)
      form.setValue("lines", [emptyLine(newRate, INVOICE_LINE_UNIT, false) as InvoiceLineFormValue]);
  }, [ownLines, form, newRate]);
  const amountAsked = values.kind === "acconto" || (values.kind === "libera" && source === "amount");
  return (
    <Form
      schema={invoiceCreateSchema}
      form={form}
      aria-label="Nuova fattura"
      onSubmit={async (v) => {
        const invoice = await create.mutateAsync({
          ...v,
          amount: amountAsked ? v.amount : null,
          lines: ownLines ? v.lines : undefined,
          fromEstimateLines: v.kind === "libera" && source === "estimate" ? true : undefined,
        });
        toastSuccess("Bozza di fattura creata: il numero si assegna all'emissione");
        onDone(invoice.id);
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <ComboboxField<ContractListItem>
          name="contractId"
          label="Contratto"
          required
          placeholder="Cerca per numero o titolo del preventivo..."
          queryKey={invoiceKeys.contractOptions()}
          search={searchInvoiceableContracts}
          selectedLabel={initialLabel}
          className="sm:col-span-2"
        />
        <SelectField name="kind" label="Tipo di fattura" required options={invoiceKindOptions} />
        {values.kind === "acconto" ? (
          <TextField name="percent" label="Percentuale (%)" type="number" description="Oppure indica l'importo" />
        ) : null}
        {values.kind === "libera" ? <SourceSelect value={source} onChange={setSource} /> : null}
        {amountAsked ? (
          <TextField name="amount" label="Importo imponibile (€)" type="number" required={values.kind === "libera"} />
        ) : null}
        <TextField name="issueDate" label="Data di emissione" type="date" description="Vuota: oggi" />
        <TextField name="dueDate" label="Scadenza" type="date" description="Vuota: secondo i termini di pagamento" />
        <TextareaField name="notes" label="Note" rows={2} className="sm:col-span-2" />
      </div>
      {ownLines ? (
        <LineEditor
          name="lines"
          newRate={newRate}
          vat={null}
          defaultUnit={INVOICE_LINE_UNIT}
          max={MAX_INVOICE_LINES}
          wording={invoiceWording}
        />
      ) : null}
      {contract.data ? <Preview contract={contract.data} values={values} source={source} /> : null}
      <CheckboxField name="override" label="Consenti di superare il valore del contratto (varianti, lavori extra)" />
      <FormActions>
        <CancelButton onClick={onCancel} />
        <SubmitButton label="Crea fattura" />
      </FormActions>
    </Form>
  );
}

/** "Nuova Fattura": acconto, SAL, saldo or a free amount on a signed contract. */
export function NewInvoiceDialog({
  open,
  onOpenChange,
  contractId = "",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  contractId?: string;
}) {
  const [, navigate] = useLocation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="wide">
        <DialogHeader>
          <DialogTitle>Nuova fattura</DialogTitle>
          <DialogDescription>
            L'importo è calcolato dal server secondo il tipo scelto; il numero viene assegnato alla creazione.
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <InvoiceFormLoader
            initialContractId={contractId}
            onCancel={() => onOpenChange(false)}
            onDone={(id) => {
              onOpenChange(false);
              navigate(paths.admin.invoice(id));
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
