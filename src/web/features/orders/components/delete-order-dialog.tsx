import { DeleteRecordDialog } from "@web/components/dialogs/delete-record-dialog";
import { useDeleteOrder } from "../api/delete-order";

export function DeleteOrderDialog({
  order,
  onOpenChange,
  onDeleted,
}: {
  order: { id: string; number: string } | null;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteOrder();
  return (
    // A 409 explains why (sent orders are cancelled, not deleted; an estimate uses it).
    <DeleteRecordDialog
      record={order}
      onOpenChange={onOpenChange}
      onDeleted={onDeleted}
      title="Elimina ordine"
      description={`Sei sicuro di voler eliminare questo ordine? ${order?.number ?? ""}`}
      remove={remove.mutateAsync}
      pending={remove.isPending}
      successMessage="Ordine eliminato con successo"
      errorMessage="Errore nell'eliminazione dell'ordine"
    />
  );
}
