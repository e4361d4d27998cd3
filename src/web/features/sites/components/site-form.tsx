import { siteInputSchema, workTypeOptions, type Site, type SiteInput, type SiteValues } from "@domain/sites";
import { siteStatuses } from "@domain/statuses";
import {
  CheckboxField,
  Form,
  FormActions,
  FormSection,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
  CancelButton,
} from "@web/components/form";
import { TechnicianPicker } from "@web/components/team/technician-picker";
import { ComboboxField } from "@web/components/pickers/combobox-field";
import { searchSiteEstimates, siteEstimateOption, siteEstimateOptionsKey } from "../api/estimate-options";

/** What the form needs of an existing site (a list row or the detail). */
export type EditableSite = Site & {
  estimateNumber?: string;
  estimateTitle?: string;
  assignedUser?: { id: string; name: string } | null;
};

const empty: SiteInput = {
  estimateId: "",
  name: "",
  address: "",
  status: "programmato",
  progress: "0" as unknown as number,
  startDate: "",
  estimatedEndDate: "",
  endDate: "",
  workType: "",
  surfaceArea: "",
  floorsCount: "",
  expectedWorkers: "",
  estimatedBudget: "",
  workingHours: "08:00-17:00",
  mainMaterials: "",
  siteManager: "",
  emergencyPhone: "",
  permits: "",
  safetyRequirements: "",
  accessConditions: "",
  specialEquipment: "",
  usesScaffolding: false,
  notes: "",
  assignedUserId: "",
};

function toInput(site: EditableSite): SiteInput {
  const values = Object.fromEntries(Object.keys(empty).map((k) => [k, (site as Record<string, unknown>)[k] ?? ""]));
  return { ...values, progress: String(site.progress ?? 0) } as unknown as SiteInput;
}

/** The one site form (docs/domain/screens.md): only accepted estimates, empty dates not sent. */
export function SiteForm({
  site,
  initial,
  initialEstimateLabel,
  onSubmit,
  onCancel,
}: {
  site?: EditableSite;
  /** A new site's fields handed over by its accepted estimate. */
  initial?: Partial<SiteInput>;
  initialEstimateLabel?: string;
  onSubmit: (values: SiteValues) => Promise<void>;
  onCancel: () => void;
}) {
  // An edit shows its estimate; "Apri cantiere" hands over the accepted estimate's label.
  const estimateLabel = site
    ? [site.estimateNumber, site.estimateTitle].filter(Boolean).join(" · ") || null
    : (initialEstimateLabel ?? null);
  return (
    <Form
      schema={siteInputSchema}
      defaultValues={site ? toInput(site) : { ...empty, ...initial }}
      onSubmit={onSubmit}
      aria-label="Dati del cantiere"
    >
      <FormSection title="Cantiere">
        <ComboboxField
          name="estimateId"
          label="Preventivo accettato"
          required
          placeholder="Cerca per numero, titolo o cliente..."
          queryKey={siteEstimateOptionsKey}
          search={searchSiteEstimates}
          resolve={siteEstimateOption}
          selectedLabel={estimateLabel}
          className="sm:col-span-2"
        />
        <TextField name="name" label="Nome cantiere" required />
        <TextField name="address" label="Indirizzo del cantiere" required autoComplete="street-address" />
        <SelectField name="status" label="Stato" required options={siteStatuses.options} />
        <TextField name="progress" label="Avanzamento (%)" type="number" inputMode="numeric" description="Da 0 a 100" />
        <SelectField name="workType" label="Tipo di lavoro" placeholder="Non specificato" options={workTypeOptions} />
        <TextField name="siteManager" label="Responsabile di cantiere" />
        <TechnicianPicker current={site?.assignedUser} />
      </FormSection>
      <FormSection title="Tempi">
        <TextField name="startDate" label="Data di inizio" type="date" />
        <TextField name="estimatedEndDate" label="Fine prevista" type="date" />
        <TextField name="endDate" label="Data di fine effettiva" type="date" />
        <TextField name="workingHours" label="Orario di lavoro" placeholder="08:00-17:00" />
      </FormSection>
      <FormSection title="Dati tecnici">
        <TextField name="surfaceArea" label="Superficie (mq)" type="number" />
        <TextField name="floorsCount" label="Numero di piani" type="number" inputMode="numeric" />
        <TextField name="expectedWorkers" label="Operai previsti" type="number" inputMode="numeric" />
        <TextField name="estimatedBudget" label="Budget stimato (€)" type="number" />
        <TextField name="mainMaterials" label="Materiali principali" className="sm:col-span-2" />
      </FormSection>
      <FormSection title="Sicurezza e accesso">
        <TextField name="emergencyPhone" label="Telefono di emergenza" type="tel" />
        <TextField name="permits" label="Permessi" />
        <TextareaField name="safetyRequirements" label="Requisiti di sicurezza" rows={2} />
        <TextareaField name="accessConditions" label="Condizioni di accesso" rows={2} />
        <TextareaField name="specialEquipment" label="Attrezzature speciali" rows={2} className="sm:col-span-2" />
        <CheckboxField
          name="usesScaffolding"
          label="Ponteggi in cantiere"
          description="Richiede il PIMUS tra i documenti di sicurezza"
          className="sm:col-span-2"
        />
      </FormSection>
      <TextareaField name="notes" label="Note" rows={3} />
      <FormActions>
        <CancelButton onClick={onCancel} />
        <SubmitButton label={site ? "Salva modifiche" : "Crea cantiere"} />
      </FormActions>
    </Form>
  );
}
