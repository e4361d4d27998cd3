import { useId, useRef } from "react";
import { useController, useWatch } from "react-hook-form";
import { DEFAULT_VALIDITY_DAYS } from "@domain/catalogue";
import { estimateFromSurvey } from "@domain/carry-over";
import {
  computeEstimateTotals,
  estimateInputSchema,
  type EstimateDetail,
  type EstimateInput,
  type EstimateValues,
} from "@domain/estimates";
import { formatDate, formatEuro } from "@domain/format";
import { defaultVatTreatment, surveyStatuses, vatTreatments, type VatTreatment } from "@domain/statuses";
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
import { Label } from "@web/components/ui/label";
import { Select } from "@web/components/ui/select";
import { useClientSurveys, type SurveyChoice } from "../api/lookups";
import { ClientPicker } from "./client-picker";
import { EstimateStatusBadge } from "./estimate-badges";
import { emptyLine, LineEditor } from "./line-editor";
import { TotalsPreview } from "./totals-preview";

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
    vatTreatment: e.vatTreatment,
    items: e.items.map((i) => ({
      serviceId: i.serviceId ?? "",
      description: i.description,
      quantity: i.quantity,
      unitPrice: i.unitPrice,
      unit: i.unit,
      notes: i.notes ?? "",
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
  vatTreatment: "",
  items: [emptyLine()],
});

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
  const [clientId, orderId, vatTreatment, items] = useWatch({
    control: form.control,
    name: ["clientId", "orderId", "vatTreatment", "items"],
  });
  const surveys = useClientSurveys(clientId ?? "");
  const allOrders =
    estimate?.order && !orders.some((o) => o.id === estimate.order!.id) ? [estimate.order, ...orders] : orders;
  const order = allOrders.find((o) => o.id === orderId);
  const treatment = (vatTreatment || "22") as VatTreatment;
  const totals = computeEstimateTotals(items ?? [], order?.totalAmount ?? null, treatment);

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
          onClientChange={(client) => {
            form.setValue("surveyId", "");
            if (client && !form.getFieldState("vatTreatment").isDirty)
              form.setValue("vatTreatment", defaultVatTreatment(client.type));
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
          name="vatTreatment"
          label="Trattamento IVA"
          placeholder="Predefinito per il tipo di cliente"
          options={vatTreatments.options}
          description="22% per aziende, 10% per privati e condomini; inversione contabile per subappalti edili."
        />
      </FormSection>
      <LineEditor services={services} />
      <div className="grid gap-2 sm:ml-auto sm:w-96">
        <h3 className="text-base font-semibold">Riepilogo</h3>
        <TotalsPreview totals={totals} treatment={treatment} />
      </div>
      <FormActions>
        <CancelButton onClick={onCancel} />
        <SubmitButton label={estimate ? "Salva modifiche" : "Crea preventivo"} />
      </FormActions>
    </Form>
  );
}
