import {
  defaultVatRates,
  regimiFiscali,
  settingsInputSchema,
  type Settings,
  type SettingsInput,
  type SettingsValues,
} from "@domain/settings";
import {
  CheckboxField,
  Form,
  FormActions,
  FormSection,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
} from "@web/components/form";

function toInput(s: Settings): SettingsInput {
  return {
    companyName: s.companyName,
    vatNumber: s.vatNumber ?? "",
    fiscalCode: s.fiscalCode ?? "",
    address: s.address ?? "",
    city: s.city ?? "",
    province: s.province ?? "",
    zipCode: s.zipCode ?? "",
    reaNumber: s.reaNumber ?? "",
    phone: s.phone ?? "",
    email: s.email ?? "",
    pec: s.pec ?? "",
    iban: s.iban ?? "",
    regimeFiscale: s.regimeFiscale as SettingsInput["regimeFiscale"],
    defaultVatRate: s.defaultVatRate as SettingsInput["defaultVatRate"],
    paymentTermsDays: s.paymentTermsDays,
    contractTerms: s.contractTerms ?? "",
    requireTotpForAdmins: s.requireTotpForAdmins,
  };
}

/** The company data form: the same schema validates it here and in PUT /api/settings. */
export function SettingsForm({
  settings,
  onSubmit,
}: {
  settings: Settings;
  onSubmit: (values: SettingsValues) => Promise<void>;
}) {
  return (
    <Form
      schema={settingsInputSchema}
      defaultValues={toInput(settings)}
      onSubmit={onSubmit}
      aria-label="Dati aziendali"
      className="space-y-8"
    >
      <FormSection
        title="Azienda"
        description="Il nome appare nella pagina iniziale, nel portale clienti e nei documenti."
      >
        <TextField
          name="companyName"
          label="Ragione sociale"
          required
          autoComplete="organization"
          className="sm:col-span-2"
        />
        <TextField name="phone" label="Telefono" type="tel" autoComplete="tel" />
        <TextField name="email" label="E-mail" type="email" autoComplete="email" />
        <TextField name="pec" label="PEC" type="email" />
      </FormSection>
      <FormSection title="Sede legale">
        <TextField name="address" label="Indirizzo" autoComplete="street-address" className="sm:col-span-2" />
        <TextField name="city" label="Città" autoComplete="address-level2" />
        <div className="grid grid-cols-2 gap-4">
          <TextField name="province" label="Provincia" maxLength={2} placeholder="MI" />
          <TextField name="zipCode" label="CAP" inputMode="numeric" maxLength={5} autoComplete="postal-code" />
        </div>
      </FormSection>
      <FormSection title="Dati fiscali" description="Servono per le fatture e la fattura elettronica (FatturaPA).">
        <TextField name="vatNumber" label="Partita IVA" inputMode="numeric" />
        <TextField name="fiscalCode" label="Codice fiscale" />
        <TextField name="reaNumber" label="Numero REA" placeholder="MI-1234567" />
        <TextField name="iban" label="IBAN" description="Per i pagamenti con bonifico." />
        <SelectField
          name="regimeFiscale"
          label="Regime fiscale"
          required
          options={regimiFiscali.options}
          className="sm:col-span-2"
        />
      </FormSection>
      <FormSection title="Documenti">
        <SelectField
          name="defaultVatRate"
          label="Aliquota IVA predefinita"
          required
          options={defaultVatRates.options}
        />
        <TextField
          name="paymentTermsDays"
          label="Termini di pagamento (giorni)"
          type="number"
          inputMode="numeric"
          min={0}
          max={365}
          required
        />
        <TextareaField
          name="contractTerms"
          label="Condizioni contrattuali"
          description="Il testo di partenza di ogni nuovo contratto."
          rows={8}
          className="sm:col-span-2"
        />
      </FormSection>
      <FormSection
        title="Sicurezza"
        description="Con la verifica in due passaggi, oltre alla password serve un codice dell'app di autenticazione sul telefono."
      >
        <CheckboxField
          name="requireTotpForAdmins"
          label="Verifica in due passaggi obbligatoria per gli amministratori"
          description="Chi non l'ha ancora attivata potrà solo configurarla dal proprio profilo. Attivala prima sul tuo profilo."
          className="sm:col-span-2"
        />
      </FormSection>
      <FormActions>
        <SubmitButton label="Salva impostazioni" />
      </FormActions>
    </Form>
  );
}
