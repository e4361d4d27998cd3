import { DeleteRecordDialog } from "@web/components/dialogs/delete-record-dialog";
import { useDeleteContact } from "../api/delete-contact";

export function DeleteContactDialog({
  contact,
  onOpenChange,
  onDeleted,
}: {
  contact: { id: string; name: string } | null;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteContact();
  return (
    <DeleteRecordDialog
      record={contact}
      onOpenChange={onOpenChange}
      onDeleted={onDeleted}
      title="Elimina contatto"
      description={`Sei sicuro di voler eliminare questo contatto? ${contact?.name ?? ""}`}
      remove={remove.mutateAsync}
      pending={remove.isPending}
      successMessage="Contatto eliminato con successo"
      errorMessage="Errore nell'eliminazione del contatto"
    />
  );
}
