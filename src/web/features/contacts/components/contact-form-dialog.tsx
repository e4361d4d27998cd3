import type { Contact, ContactDetail } from "@domain/contacts";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{contact ? "Modifica contatto" : "Nuovo contatto"}</DialogTitle>
          <DialogDescription>I campi con l'asterisco sono obbligatori.</DialogDescription>
        </DialogHeader>
        <ContactForm
          key={contact?.id ?? "new"}
          contact={contact}
          defaultClientId={defaultClientId}
          onCancel={() => onOpenChange(false)}
          onSubmit={async (values) => {
            await save.mutateAsync({ id: contact?.id, version: contact?.version, values });
            toastSuccess(contact ? "Contatto aggiornato con successo" : "Contatto creato con successo");
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
