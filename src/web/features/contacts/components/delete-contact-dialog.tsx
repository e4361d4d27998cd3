import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { toastError, toastSuccess } from "@web/components/ui/toast";
import { isApiError } from "@web/lib/api";
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
    <ConfirmDialog
      open={contact !== null}
      onOpenChange={onOpenChange}
      title="Elimina contatto"
      description={`Sei sicuro di voler eliminare questo contatto? ${contact?.name ?? ""}`}
      pending={remove.isPending}
      onConfirm={async () => {
        if (!contact) return;
        try {
          await remove.mutateAsync(contact.id);
          toastSuccess("Contatto eliminato con successo");
          onOpenChange(false);
          onDeleted?.();
        } catch (e) {
          toastError(isApiError(e) && e.status === 409 ? e.message : "Errore nell'eliminazione del contatto");
          onOpenChange(false);
        }
      }}
    />
  );
}
