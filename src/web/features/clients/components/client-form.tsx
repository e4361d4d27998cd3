import { clientInputSchema, type Client, type ClientInput, type ClientValues } from "@domain/clients";
import { clientTypes } from "@domain/statuses";
import { Form, FormActions, FormSection, SelectField, SubmitButton, TextareaField, TextField, CancelButton } from "@web/components/form";

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
  notes: "",
};

function toInput(client: Client): ClientInput {
  const { id: _id, createdAt: _c, updatedAt: _u, version: _v, ...fields } = client;
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v ?? ""])) as ClientInput;
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
  return (
    <Form schema={clientInputSchema} defaultValues={client ? toInput(client) : empty} onSubmit={onSubmit} aria-label="Dati del cliente">
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
      </FormSection>
      <TextareaField name="notes" label="Note" rows={3} />
      <FormActions>
        <CancelButton onClick={onCancel} />
        <SubmitButton label={client ? "Salva modifiche" : "Crea cliente"} />
      </FormActions>
    </Form>
  );
}
