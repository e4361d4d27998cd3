import { DeleteRecordDialog } from "@web/components/dialogs/delete-record-dialog";
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
    // A 409 says why (the supplier still has orders): the dialog shows that rather than a generic line.
    <DeleteRecordDialog
      record={supplier}
      onOpenChange={onOpenChange}
      onDeleted={onDeleted}
      title="Elimina fornitore"
      description={`Sei sicuro di voler eliminare questo fornitore? ${supplier?.name ?? ""}`}
      remove={remove.mutateAsync}
      pending={remove.isPending}
      successMessage="Fornitore eliminato con successo"
      errorMessage="Errore nell'eliminazione del fornitore"
    />
  );
}
