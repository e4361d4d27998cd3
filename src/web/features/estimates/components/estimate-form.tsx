import { useId, useRef } from "react";
import { useController, useWatch } from "react-hook-form";
import { DEFAULT_VALIDITY_DAYS } from "@domain/catalogue";
import { estimateFromSurvey } from "@domain/carry-over";
import {
  computeEstimateTotals,
  DEFAULT_ESTIMATE_UNIT,
  estimateInputSchema,
  MAX_ESTIMATE_ITEMS,
  type EstimateDetail,
  type EstimateInput,
  type EstimateValues,
} from "@domain/estimates";
import { formatDate, formatEuro } from "@domain/format";
import { surveyStatuses } from "@domain/statuses";
import {
  clientHasPartitaIva,
  documentTreatmentLabels,
  documentTreatments,
  newLineVatRate,
  vatContextOf,
  type DocumentTreatment,
} from "@domain/vat";
import { useCompany } from "@web/lib/company";
import type { Service } from "@domain/services";
import {
  Form,
  FormActions,
  FormSection,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
  useZodForm,
  CancelButton,
} from "@web/components/form";
import { ClientPicker } from "@web/components/pickers/client-picker";
import { Label } from "@web/components/ui/label";
import { Select } from "@web/components/ui/select";
import { useClientChoice, useClientSurveys, type SurveyChoice } from "../api/lookups";
import { EstimateStatusBadge } from "./estimate-badges";
import { emptyLine, LineEditor, type LineEditorWording } from "@web/components/line-editor";
import { VatTotals } from "@web/components/vat-totals";

export type SurveyForEstimateChoice = SurveyChoice;
export type OrderOption = { id: string; number: string; title: string; totalAmount: string };

function toInput(e: EstimateDetail): EstimateInput {
  return {
    clientId: e.clientId,
    surveyId: e.surveyId ?? "",
    orderId: e.orderId ?? "",
    title: e.title,
    description: e.description,
    validityDays: String(e.validityDays),
    treatment: e.treatment,
    items: e.items.map((i) => ({
      serviceId: i.serviceId ?? "",
      description: i.description,
      quantity: i.quantity,
      unitPrice: i.unitPrice,
      unit: i.unit,
      notes: i.notes ?? "",
      vatRate: i.vatRate,
      natura: i.natura,
      significantGood: i.significantGood,
    })),
  };
}

const empty = (): EstimateInput => ({
  clientId: "",
  surveyId: "",
  orderId: "",
  title: "",
  description: "",
  validityDays: String(DEFAULT_VALIDITY_DAYS),
  treatment: "ordinary",
  items: [emptyLine("22", DEFAULT_ESTIMATE_UNIT) as NonNullable<EstimateInput["items"]>[number]],
});

const estimateWording: LineEditorWording = {
  legend: "Voci del preventivo",
  intro: "Scegli un servizio dal catalogo oppure scrivi una voce personalizzata.",
  item: "Voce",
  items: "voci",
  add: "Aggiungi voce",
};

/** A select whose options load after its value (surveys of the client, orders): kept controlled. */
function ControlledSelect({
  name,
  label,
  options,
  placeholder,
  description,
  onPick,
}: {
  name: "surveyId" | "orderId";
  label: string;
  options: { value: string; label: string }[];
  placeholder: string;
  description?: string;
  onPick?: (value: string) => void;
}) {
  const { field, fieldState } = useController<EstimateInput>({ name });
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select
        id={id}
        name={field.name}
        ref={field.ref}
        value={(field.value as string) ?? ""}
        onBlur={field.onBlur}
        onChange={(e) => {
          field.onChange(e.target.value);
          onPick?.(e.target.value);
        }}
        aria-invalid={fieldState.error ? true : undefined}
        aria-describedby={fieldState.error ? `${id}-error` : description ? `${id}-description` : undefined}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
      {description ? (
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      {fieldState.error?.message ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {fieldState.error.message}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The one estimate form (new and edit): header, lines, live totals. The schema is the route's;
 * the preview uses the server's computeEstimateTotals, so what the user sees is what gets saved.
 */
export function EstimateForm({
  estimate,
  initial,
  services,
  orders,
  onSubmit,
  onCancel,
}: {
  estimate?: EstimateDetail;
  /** A new estimate's header prefilled by the screen it comes from (survey, client). */
  initial?: Partial<EstimateInput>;
  services: Service[];
  orders: OrderOption[];
  onSubmit: (values: EstimateValues) => Promise<void>;
  onCancel: () => void;
}) {
  const form = useZodForm(estimateInputSchema, estimate ? toInput(estimate) : { ...empty(), ...initial });
  const lastCarried = useRef({ title: initial?.title ?? "", description: initial?.description ?? "" });
  const [clientId, orderId, treatmentValue, items] = useWatch({
    control: form.control,
    name: ["clientId", "orderId", "treatment", "items"],
  });
  const surveys = useClientSurveys(clientId ?? "");
  const client = useClientChoice(clientId ?? "").data;
  const company = useCompany();
  const allOrders =
    estimate?.order && !orders.some((o) => o.id === estimate.order!.id) ? [estimate.order, ...orders] : orders;
  const order = allOrders.find((o) => o.id === orderId);
  const treatment = (treatmentValue || "ordinary") as DocumentTreatment;
  // The rate of a new line: 10 % for homes, otherwise the company's "IVA predefinita" (docs/domain/vat.md).
  const newRate = newLineVatRate(client?.type, company.defaultVatRate);
  // The same engine as the server: what the user sees is what gets stored and invoiced.
  const totals = computeEstimateTotals(
    items ?? [],
    order?.totalAmount ?? null,
    vatContextOf(client ?? { type: "privato", vatNumber: null }, company.regimeFiscale ?? "RF01", treatment),
    newRate,
  );
  // Reverse charge only for a client with a partita IVA: the server's own test (docs/domain/vat.md).
  const canReverseCharge = !!client && clientHasPartitaIva(client);

  return (
    <Form form={form} schema={estimateInputSchema} onSubmit={onSubmit} aria-label="Dati del preventivo">
      {estimate ? (
        <div className="flex flex-wrap items-center gap-3 rounded-md bg-muted/50 px-3 py-2 text-sm">
          <span>
            Numero: <strong>{estimate.number}</strong>
          </span>
          <span className="flex items-center gap-1">
            Stato: <EstimateStatusBadge status={estimate.status} />
          </span>
          {estimate.status !== "bozza" ? (
            <span className="text-muted-foreground">
              Salvando le modifiche il preventivo torna in bozza e va inviato di nuovo.
            </span>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          Il numero (PRV-anno-progressivo) viene assegnato al salvataggio. Stato iniziale: Bozza.
        </p>
      )}
      <FormSection title="Cliente e riferimenti">
        <ClientPicker
          initialName={estimate?.clientName}
          onClientChange={(chosen) => {
            form.setValue("surveyId", "");
            // Lines not touched yet follow the rate suggested for the new client's type.
            if (!chosen) return;
            const rate = newLineVatRate(chosen.type, company.defaultVatRate);
            (form.getValues("items") ?? []).forEach((_, i) => {
              if (!form.getFieldState(`items.${i}.vatRate`).isDirty) form.setValue(`items.${i}.vatRate`, rate);
            });
          }}
        />
        <ControlledSelect
          name="surveyId"
          label="Sopralluogo"
          placeholder={clientId ? "Nessun sopralluogo" : "Seleziona prima un cliente"}
          options={(surveys.data ?? []).map((s) => ({
            value: s.id,
            label: `${formatDate(s.date)} · ${s.address} (${surveyStatuses.label(s.status)})`,
          }))}
          onPick={(id) => {
            // Picking the survey carries its address, problems and measurements into the header;
            // what the user already typed there stays his.
            const picked = surveys.data?.find((s) => s.id === id);
            if (!picked) return;
            const carried = estimateFromSurvey(picked);
            for (const field of ["title", "description"] as const) {
              const now = form.getValues(field) ?? "";
              if (!now.trim() || now === lastCarried.current[field])
                form.setValue(field, carried[field], { shouldDirty: true });
            }
            lastCarried.current = carried;
          }}
        />
        <ControlledSelect
          name="orderId"
          label="Ordine fornitore collegato"
          placeholder="Nessun ordine"
          description="Solo ordini confermati: il loro totale si aggiunge all'imponibile."
          options={allOrders.map((o) => ({
            value: o.id,
            label: `${o.number} · ${o.title} (${formatEuro(o.totalAmount)})`,
          }))}
        />
      </FormSection>
      <FormSection title="Lavori">
        <TextField name="title" label="Titolo" required className="sm:col-span-2" />
        <TextareaField name="description" label="Descrizione dei lavori" required rows={3} className="sm:col-span-2" />
        <TextField name="validityDays" label="Validità (giorni)" type="number" required inputMode="numeric" />
        <SelectField
          name="treatment"
          label="Trattamento IVA del documento"
          options={documentTreatments
            .filter((t) => t !== "reverse_charge" || canReverseCharge || treatment === "reverse_charge")
            .map((t) => ({ value: t, label: documentTreatmentLabels[t] }))}
          description={
            canReverseCharge
              ? "Le aliquote si scelgono riga per riga. Inversione contabile solo per subappalti a imprese con partita IVA."
              : "Le aliquote si scelgono riga per riga. L'inversione contabile richiede un cliente con partita IVA."
          }
        />
      </FormSection>
      <LineEditor
        name="items"
        services={services}
        newRate={newRate}
        vat={totals.vat}
        defaultUnit={DEFAULT_ESTIMATE_UNIT}
        max={MAX_ESTIMATE_ITEMS}
        wording={estimateWording}
      />
      <div className="grid gap-2 sm:ml-auto sm:w-96">
        <h3 className="text-base font-semibold">Riepilogo</h3>
        <VatTotals totals={totals} vat={totals.vat} error={totals.vatError?.message} />
      </div>
      <FormActions>
        <CancelButton onClick={onCancel} />
        <SubmitButton label={estimate ? "Salva modifiche" : "Crea preventivo"} />
      </FormActions>
    </Form>
  );
}
