import { useRef, useState } from "react";
import { useWatch } from "react-hook-form";
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
import {
  clientHasPartitaIva,
  documentTreatmentLabels,
  documentTreatments,
  newLineVatRate,
  vatContextOf,
  type DocumentTreatment,
} from "@domain/vat";
import { useCompany } from "@web/lib/company";
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
import { ComboboxField } from "@web/components/pickers/combobox-field";
import {
  orderChoice,
  searchClientSurveys,
  searchConfirmedOrders,
  surveyChoice,
  useClientChoice,
  type OrderChoice,
  type SurveyChoice,
} from "../api/lookups";
import { lookupKeys } from "../api/keys";
import { EstimateStatusBadge } from "./estimate-badges";
import { emptyLine, LineEditor, type LineEditorWording } from "@web/components/line-editor";
import { VatTotals } from "@web/components/vat-totals";

export type SurveyForEstimateChoice = SurveyChoice;

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

/**
 * The one estimate form (new and edit): header, lines, live totals. The schema is the route's;
 * the preview uses the server's computeEstimateTotals, so what the user sees is what gets saved.
 */
export function EstimateForm({
  estimate,
  initial,
  onSubmit,
  onCancel,
}: {
  estimate?: EstimateDetail;
  /** A new estimate's header prefilled by the screen it comes from (survey, client). */
  initial?: Partial<EstimateInput>;
  onSubmit: (values: EstimateValues) => Promise<void>;
  onCancel: () => void;
}) {
  const form = useZodForm(estimateInputSchema, estimate ? toInput(estimate) : { ...empty(), ...initial });
  const lastCarried = useRef({ title: initial?.title ?? "", description: initial?.description ?? "" });
  const [clientId, orderId, treatmentValue, items] = useWatch({
    control: form.control,
    name: ["clientId", "orderId", "treatment", "items"],
  });
  // The attached order's total joins the taxable amount: the saved one, then the one chosen.
  const [pickedOrder, setPickedOrder] = useState<OrderChoice | null>(estimate?.order ?? null);
  const client = useClientChoice(clientId ?? "").data;
  const company = useCompany();
  const order = pickedOrder && pickedOrder.id === orderId ? pickedOrder : null;
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
        <ComboboxField<SurveyChoice, EstimateInput>
          name="surveyId"
          label="Sopralluogo"
          disabled={!clientId}
          clearable
          placeholder={clientId ? "Nessun sopralluogo: cerca per indirizzo..." : "Seleziona prima un cliente"}
          queryKey={lookupKeys.surveys(clientId ?? "")}
          search={searchClientSurveys(clientId ?? "")}
          resolve={surveyChoice}
          onSelect={(option) => {
            // Picking the survey carries its address, problems and measurements into the header;
            // what the user already typed there stays his.
            if (!option) return;
            const carried = estimateFromSurvey(option.item);
            for (const field of ["title", "description"] as const) {
              const now = form.getValues(field) ?? "";
              if (!now.trim() || now === lastCarried.current[field])
                form.setValue(field, carried[field], { shouldDirty: true });
            }
            lastCarried.current = carried;
          }}
        />
        <ComboboxField<OrderChoice, EstimateInput>
          name="orderId"
          label="Ordine fornitore collegato"
          clearable
          placeholder="Nessun ordine: cerca per numero, titolo o fornitore..."
          description="Solo ordini confermati: il loro totale si aggiunge all'imponibile."
          queryKey={lookupKeys.orders()}
          search={searchConfirmedOrders}
          resolve={orderChoice}
          selectedLabel={estimate?.order ? `${estimate.order.number} · ${estimate.order.title}` : null}
          onSelect={(option) => setPickedOrder(option?.item ?? null)}
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
        catalogue
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
