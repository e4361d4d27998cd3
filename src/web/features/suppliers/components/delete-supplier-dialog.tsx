import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { toastError, toastSuccess } from "@web/components/ui/toast";
import { isApiError } from "@web/lib/api";
import { useDeleteSupplier } from "../api/delete-supplier";

export function DeleteSupplierDialog({
  supplier,
  onOpenChange,
  onDeleted,
}: {
  supplier: { id: string; name: string } | null;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteSupplier();
  return (
    <ConfirmDialog
      open={supplier !== null}
      onOpenChange={onOpenChange}
      title="Elimina fornitore"
      description={`Sei sicuro di voler eliminare questo fornitore? ${supplier?.name ?? ""}`}
      pending={remove.isPending}
      onConfirm={async () => {
        if (!supplier) return;
        try {
          await remove.mutateAsync(supplier.id);
          toastSuccess("Fornitore eliminato con successo");
          onOpenChange(false);
          onDeleted?.();
        } catch (e) {
          // A 409 says why (the supplier still has orders): show that rather than a generic line.
          toastError(isApiError(e) && e.status === 409 ? e.message : "Errore nell'eliminazione del fornitore");
          onOpenChange(false);
        }
      }}
    />
  );
}
