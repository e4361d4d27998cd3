import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { toastError, toastSuccess } from "@web/components/ui/toast";
import { isApiError } from "@web/lib/api";
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
    <ConfirmDialog
      open={order !== null}
      onOpenChange={onOpenChange}
      title="Elimina ordine"
      description={`Sei sicuro di voler eliminare questo ordine? ${order?.number ?? ""}`}
      pending={remove.isPending}
      onConfirm={async () => {
        if (!order) return;
        try {
          await remove.mutateAsync(order.id);
          toastSuccess("Ordine eliminato con successo");
          onOpenChange(false);
          onDeleted?.();
        } catch (e) {
          // A 409 explains why (sent orders are cancelled, not deleted; an estimate uses it).
          toastError(isApiError(e) && e.status === 409 ? e.message : "Errore nell'eliminazione dell'ordine");
          onOpenChange(false);
        }
      }}
    />
  );
}
