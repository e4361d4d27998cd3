import type { Contact, ContactDetail } from "@domain/contacts";
import { FormDialog } from "@web/components/dialogs/form-dialog";
import { toastSuccess } from "@web/components/ui/toast";
import { useSaveContact } from "../api/save-contact";
import { ContactForm } from "./contact-form";

export function ContactFormDialog({
  open,
  onOpenChange,
  contact,
  defaultClientId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  contact?: Contact | ContactDetail;
  defaultClientId?: string;
}) {
  const save = useSaveContact();
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={contact ? "Modifica contatto" : "Nuovo contatto"}>
      <ContactForm
        key={contact?.id ?? `new-${defaultClientId ?? ""}`}
        contact={contact}
        defaultClientId={defaultClientId}
        onCancel={() => onOpenChange(false)}
        onSubmit={async (values) => {
          await save.mutateAsync({ id: contact?.id, version: contact?.version, values });
          toastSuccess(contact ? "Contatto aggiornato con successo" : "Contatto creato con successo");
          onOpenChange(false);
        }}
      />
    </FormDialog>
  );
}
