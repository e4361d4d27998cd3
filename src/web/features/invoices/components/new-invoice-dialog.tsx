import { useLocation } from "wouter";
import type { ContractDetail, ContractListItem } from "@domain/contracts";
import { formatEuro } from "@domain/format";
import {
  invoiceAmount,
  invoiceCreateSchema,
  invoiceKindOptions,
  exceedsContract,
  type InvoiceCreateInput,
} from "@domain/invoices";
import { moneySchema, percentSchema } from "@domain/money";
import {
  contractShareLines,
  documentVat,
  isVatError,
  newLineVatRate,
  viewRateGroups,
  type CompanyRegime,
  type DocumentTreatment,
  type VatClientType,
} from "@domain/vat";
import { VatTotals } from "@web/components/vat-totals";
import { useCompany } from "@web/features/company/use-company";
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

/** Average progress of the contract's sites, as the server computes it for SAL. */
function siteProgress(contract: ContractDetail): number | null {
  if (contract.sites.length === 0) return null;
  return Math.floor(contract.sites.reduce((s, x) => s + x.progress, 0) / contract.sites.length);
}

const parsed = (schema: typeof moneySchema | typeof percentSchema, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? r.data : null;
};

/** The figure the server will bill, previewed with the same domain rules. */
function Preview({ contract, values }: { contract: ContractDetail; values: InvoiceCreateInput }) {
  const progress = siteProgress(contract);
  const situation = {
    contractValue: contract.financials.value,
    invoiced: contract.financials.invoiced,
    siteProgress: progress,
  };
  const result = invoiceAmount(
    { kind: values.kind, percent: parsed(percentSchema, values.percent), amount: parsed(moneySchema, values.amount) },
    situation,
  );
  const company = useCompany();
  /**
   * The invoice's VAT, by the same engine as the server: an acconto, SAL or free amount is one line
   * per rate of the contract, shared as the contract's imponibile is (the saldo's lines are the
   * estimate's less the earlier invoices: the same rates, the same figure).
   */
  function vatOf(amount: string) {
    if (!contract.vat) return null;
    const fallback = newLineVatRate(contract.client.type, company.defaultVatRate);
    try {
      return documentVat(
        {
          clientType: contract.client.type as VatClientType,
          // Only reverse-charge lines need the partita IVA, and the contract has them only when allowed.
          clientHasPartitaIva: contract.vat.treatment === "reverse_charge",
          withholdingAgent: contract.vat.totals.ritenuta !== "0.00",
          regime: (company.regimeFiscale ?? "RF01") as CompanyRegime,
          treatment: contract.estimate.treatment as DocumentTreatment,
        },
        contractShareLines(amount, "Anteprima", viewRateGroups(contract.vat), fallback),
      );
    } catch (error) {
      if (isVatError(error)) return null;
      throw error;
    }
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
      {result.ok ? (
        (() => {
          const vat = vatOf(result.amount);
          const over = exceedsContract(result.amount, situation);
          return (
            <>
              <VatTotals className="mt-2" vat={vat} />
              {over ? (
                <p className="mt-2 text-destructive">
                  Questo importo supera il valore del contratto: serve la conferma qui sotto.
                </p>
              ) : null}
            </>
          );
        })()
      ) : (
        <p className="mt-2 text-muted-foreground">{result.message}</p>
      )}
    </section>
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
  return (
    <Form
      schema={invoiceCreateSchema}
      form={form}
      aria-label="Nuova fattura"
      onSubmit={async (v) => {
        const invoice = await create.mutateAsync(v);
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
        {values.kind === "acconto" || values.kind === "libera" ? (
          <TextField name="amount" label="Importo imponibile (€)" type="number" required={values.kind === "libera"} />
        ) : null}
        <TextField name="issueDate" label="Data di emissione" type="date" description="Vuota: oggi" />
        <TextField name="dueDate" label="Scadenza" type="date" description="Vuota: secondo i termini di pagamento" />
        <TextareaField name="notes" label="Note" rows={2} className="sm:col-span-2" />
      </div>
      {contract.data ? <Preview contract={contract.data} values={values} /> : null}
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
              navigate(`/admin/invoices/${id}`);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
