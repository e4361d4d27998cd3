import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef } from "react";
import { useWatch } from "react-hook-form";
import type { Client } from "@domain/clients";
import {
  estimatedDurationLabel,
  estimatedDurations,
  surveyTypes,
  urgencyLevels,
  weatherConditions,
} from "@domain/catalogue";
import { todayIso } from "@domain/dates";
import { surveyStatuses } from "@domain/statuses";
import {
  mayChangeSurveyOfficeFields,
  surveyInputSchema,
  type Survey,
  type SurveyInput,
  type SurveyValues,
} from "@domain/surveys";
import { formatAddress } from "@domain/wording";
import { api } from "@web/lib/api";
import {
  CheckboxField,
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
import { FieldDescription } from "@web/components/form";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { useMe } from "@web/lib/session";
import { TechnicianPicker } from "@web/components/team/technician-picker";
import { clientContactsKey, contactOption, searchClientContacts, type ContactOption } from "../api/client-contacts";
import { surveyToInput } from "../api/mutations";
import { clientKeys } from "@web/lib/query-keys";

const capitalised = (values: readonly string[]) =>
  values.map((v) => ({ value: v, label: v.charAt(0).toUpperCase() + v.slice(1) }));

export function emptySurvey(date = todayIso()): SurveyInput {
  return {
    clientId: "",
    contactId: "",
    date,
    time: "",
    address: "",
    description: "",
    notes: "",
    status: "programmato",
    surveyType: "",
    estimatedDuration: "",
    requiredEquipment: "",
    accessConditions: "",
    issuesFound: "",
    measurements: "",
    photosNotes: "",
    urgencyLevel: "",
    weatherConditions: "",
    ownerPresent: false,
    safetyNotes: "",
    followUpRequired: false,
    followUpDate: "",
    assignedUserId: "",
  };
}

/**
 * Contact choices follow the client (docs/domain/screens.md): none until a client is chosen, then
 * that client's contacts searched on the server, twenty at a time.
 */
function ContactPicker({ clientId, initialName }: { clientId: string; initialName?: string | null }) {
  return (
    <ComboboxField<ContactOption, SurveyInput>
      name="contactId"
      label="Contatto di riferimento"
      disabled={!clientId}
      clearable
      placeholder={clientId ? "Nessun contatto: cerca per nome..." : "Seleziona prima un cliente"}
      queryKey={clientContactsKey(clientId)}
      search={searchClientContacts(clientId)}
      resolve={contactOption}
      selectedLabel={initialName ?? null}
    />
  );
}

/**
 * A new survey goes to the client's address (docs/domain/sites.md): choosing the client writes it into
 * "Indirizzo" unless the user typed another one there.
 */
function ClientAddressFill({ form }: { form: ReturnType<typeof useZodForm<typeof surveyInputSchema>> }) {
  const clientId = useWatch({ control: form.control, name: "clientId" }) as string;
  const { data: client } = useQuery({
    queryKey: clientKeys.detail(clientId),
    queryFn: () => api.get<Client>(`/api/clients/${clientId}`),
    enabled: !!clientId,
  });
  const filled = useRef("");
  useEffect(() => {
    if (!client) return;
    const now = form.getValues("address") ?? "";
    if (now.trim() && now !== filled.current) return;
    filled.current = formatAddress(client);
    form.setValue("address", filled.current, { shouldDirty: true });
  }, [client, form]);
  return null;
}

/** A value the user sees but may not change here (the office decides it): its form value stays as it was. */
function LockedValue({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} value={value} readOnly aria-describedby={`${id}-hint`} className="bg-muted" />
      <FieldDescription id={`${id}-hint`}>Lo decide l'ufficio</FieldDescription>
    </div>
  );
}

/** The long survey form, in the sections of docs/domain/screens.md. */
export function SurveyForm({
  survey,
  defaultDate,
  defaultClientId,
  onSubmit,
  onCancel,
}: {
  survey?: Survey;
  defaultDate?: string;
  defaultClientId?: string;
  onSubmit: (values: SurveyValues) => Promise<void>;
  onCancel: () => void;
}) {
  const form = useZodForm(
    surveyInputSchema,
    survey ? surveyToInput(survey) : { ...emptySurvey(defaultDate), clientId: defaultClientId ?? "" },
  );
  const followUp = useWatch({ control: form.control, name: "followUpRequired" });
  const clientId = (useWatch({ control: form.control, name: "clientId" }) as string | undefined) ?? "";
  // A technician editing a survey: client and assignee are the office's (issue 26, as the server).
  const { data: me } = useMe();
  const locked = !!survey && !mayChangeSurveyOfficeFields(me?.role);
  return (
    <Form schema={surveyInputSchema} form={form} onSubmit={onSubmit} aria-label="Dati del sopralluogo">
      <FormSection title="Cliente e contatto">
        {locked ? (
          <LockedValue label="Cliente" value={survey?.clientName ?? ""} />
        ) : (
          // A contact of the previous client must not travel with the new one.
          <ClientPicker initialName={survey?.clientName} onClientChange={() => form.setValue("contactId", "")} />
        )}
        <ContactPicker clientId={clientId} initialName={survey?.contactName} />
        {survey ? null : <ClientAddressFill form={form} />}
      </FormSection>
      <FormSection title="Dettagli">
        <SelectField
          name="surveyType"
          label="Tipo di sopralluogo"
          placeholder="Non specificato"
          options={capitalised(surveyTypes)}
        />
        <SelectField
          name="urgencyLevel"
          label="Urgenza"
          placeholder="Non specificata"
          options={capitalised(urgencyLevels)}
        />
        <TextareaField name="description" label="Descrizione" rows={3} className="sm:col-span-2" />
      </FormSection>
      <FormSection title="Programmazione">
        <TextField name="date" label="Data" type="date" required />
        <TextField name="time" label="Ora" type="time" />
        <SelectField
          name="estimatedDuration"
          label="Durata stimata"
          placeholder="Non specificata"
          options={estimatedDurations.map((d) => ({ value: d, label: estimatedDurationLabel(d) }))}
        />
        <SelectField name="status" label="Stato" required options={surveyStatuses.options} />
        {locked ? (
          <LockedValue label="Tecnico assegnato" value={survey?.assignedUser?.name ?? "Nessuno"} />
        ) : (
          <TechnicianPicker current={survey?.assignedUser} />
        )}
      </FormSection>
      <FormSection title="Luogo">
        <TextField name="address" label="Indirizzo" required autoComplete="street-address" className="sm:col-span-2" />
        <TextareaField name="accessConditions" label="Condizioni di accesso" rows={2} />
        <SelectField
          name="weatherConditions"
          label="Condizioni meteo"
          placeholder="Non specificate"
          options={capitalised(weatherConditions)}
        />
      </FormSection>
      <FormSection title="Attrezzatura e sicurezza">
        <TextareaField name="requiredEquipment" label="Attrezzatura necessaria" rows={2} />
        <TextareaField name="safetyNotes" label="Note sulla sicurezza" rows={2} />
        <CheckboxField name="ownerPresent" label="Proprietario presente" />
      </FormSection>
      <FormSection title="Risultati">
        <TextareaField name="issuesFound" label="Problemi riscontrati" rows={3} />
        <TextareaField name="measurements" label="Misurazioni" rows={3} />
        <TextareaField name="photosNotes" label="Note sulle foto" rows={2} className="sm:col-span-2" />
      </FormSection>
      <FormSection title="Follow-up">
        <CheckboxField name="followUpRequired" label="Follow-up necessario" />
        {followUp ? <TextField name="followUpDate" label="Data del follow-up" type="date" /> : null}
      </FormSection>
      <TextareaField name="notes" label="Note tecniche" rows={3} />
      <FormActions>
        <CancelButton onClick={onCancel} />
        <SubmitButton label={survey ? "Salva modifiche" : "Crea sopralluogo"} />
      </FormActions>
    </Form>
  );
}
