import { clientInputSchema, type Client, type ClientInput, type ClientValues } from "@domain/clients";
import { clientTypes } from "@domain/statuses";
import { useWatch } from "react-hook-form";
import {
  CancelButton,
  CheckboxField,
  Form,
  FormActions,
  FormSection,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
  useZodForm,
} from "@web/components/form";

const empty: ClientInput = {
  name: "",
  type: "privato",
  address: "",
  city: "",
  province: "",
  zipCode: "",
  phone: "",
  email: "",
  pec: "",
  sdiCode: "",
  vatNumber: "",
  fiscalCode: "",
  officeCode: "",
  withholdingAgent: true,
  notes: "",
};

function toInput(client: Client): ClientInput {
  const { id: _id, createdAt: _c, updatedAt: _u, version: _v, ...fields } = client;
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v ?? ""])) as ClientInput;
}

/**
 * What only one type of client has is kept only for it: a public body's office code, a
 * condominio's switch of the ritenuta (any other client is sent with the default, on).
 */
function onlyTheirOwn(values: ClientValues): ClientValues {
  return {
    ...values,
    officeCode: values.type === "ente_pubblico" ? values.officeCode : null,
    withholdingAgent: values.type === "condominio" ? values.withholdingAgent : true,
  };
}

/** The one client form, for the new-client and edit dialogs: the shared schema validates it. */
export function ClientForm({
  client,
  onSubmit,
  onCancel,
}: {
  client?: Client;
  onSubmit: (values: ClientValues) => Promise<void>;
  onCancel: () => void;
}) {
  const form = useZodForm(clientInputSchema, client ? toInput(client) : empty);
  const type = useWatch({ control: form.control, name: "type" });
  return (
    <Form
      schema={clientInputSchema}
      form={form}
      onSubmit={(values) => onSubmit(onlyTheirOwn(values))}
      aria-label="Dati del cliente"
    >
      <FormSection title="Anagrafica">
        <TextField name="name" label="Nome o ragione sociale" required autoComplete="organization" />
        <SelectField name="type" label="Tipo" required options={clientTypes.options} />
        <TextField name="phone" label="Telefono" type="tel" autoComplete="tel" />
        <TextField name="email" label="E-mail" type="email" autoComplete="email" />
      </FormSection>
      <FormSection title="Sede">
        <TextField name="address" label="Indirizzo" required autoComplete="street-address" className="sm:col-span-2" />
        <TextField name="city" label="Città" autoComplete="address-level2" />
        <div className="grid grid-cols-2 gap-4">
          <TextField name="province" label="Provincia" maxLength={2} placeholder="MI" />
          <TextField name="zipCode" label="CAP" inputMode="numeric" maxLength={5} autoComplete="postal-code" />
        </div>
      </FormSection>
      <FormSection title="Dati fiscali" description="Servono per la fattura elettronica.">
        <TextField name="vatNumber" label="Partita IVA" inputMode="numeric" />
        <TextField name="fiscalCode" label="Codice fiscale" />
        <TextField name="sdiCode" label="Codice destinatario SDI" maxLength={7} />
        <TextField name="pec" label="PEC" type="email" />
        {type === "ente_pubblico" ? (
          <TextField
            name="officeCode"
            label="Codice univoco ufficio"
            required
            maxLength={6}
            autoCapitalize="characters"
            description="Il codice IPA dell'ufficio (6 caratteri): la fattura va in formato PA con scissione dei pagamenti."
          />
        ) : null}
        {type === "condominio" ? (
          <CheckboxField
            name="withholdingAgent"
            label="Sostituto d'imposta: applica la ritenuta del 4%"
            description="Art. 25-ter DPR 600/73. Togli la spunta solo per un condominio che non è sostituto d'imposta."
            className="sm:col-span-2"
          />
        ) : null}
      </FormSection>
      <TextareaField name="notes" label="Note" rows={3} />
      <FormActions>
        <CancelButton onClick={onCancel} />
        <SubmitButton label={client ? "Salva modifiche" : "Crea cliente"} />
      </FormActions>
    </Form>
  );
}
