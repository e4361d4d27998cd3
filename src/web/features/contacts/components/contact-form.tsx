import { contactInputSchema, type ContactDetail, type Contact, type ContactInput, type ContactValues } from "@domain/contacts";
import { Form, FormActions, FormSection, SubmitButton, TextareaField, TextField, CancelButton } from "@web/components/form";
import { ClientPicker } from "@web/components/pickers/client-picker";

function toInput(contact: Contact | ContactDetail): ContactInput {
  return {
    clientId: contact.clientId,
    name: contact.name,
    role: contact.role ?? "",
    phone: contact.phone ?? "",
    email: contact.email ?? "",
    notes: contact.notes ?? "",
  };
}

/** The real contact form (docs/domain/operations.md): the shared schema validates it here and on the server. */
export function ContactForm({
  contact,
  defaultClientId,
  onSubmit,
  onCancel,
}: {
  contact?: Contact | ContactDetail;
  defaultClientId?: string;
  onSubmit: (values: ContactValues) => Promise<void>;
  onCancel: () => void;
}) {
  const defaults: ContactInput = contact
    ? toInput(contact)
    : { clientId: defaultClientId ?? "", name: "", role: "", phone: "", email: "", notes: "" };
  return (
    <Form schema={contactInputSchema} defaultValues={defaults} onSubmit={onSubmit} aria-label="Dati del contatto">
      <ClientPicker initialName={contact?.clientName} />
      <FormSection title="Contatto">
        <TextField name="name" label="Nome" required autoComplete="name" />
        <TextField name="role" label="Ruolo" placeholder="es. Amministratore, Geometra" />
        <TextField name="phone" label="Telefono" type="tel" autoComplete="tel" />
        <TextField name="email" label="E-mail" type="email" autoComplete="email" />
      </FormSection>
      <TextareaField name="notes" label="Note" rows={3} />
      <FormActions>
        <CancelButton onClick={onCancel} />
        <SubmitButton label={contact ? "Salva modifiche" : "Crea contatto"} />
      </FormActions>
    </Form>
  );
}
