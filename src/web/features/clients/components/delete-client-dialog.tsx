import { DeleteRecordDialog } from "@web/components/dialogs/delete-record-dialog";
import { useDeleteClient } from "../api/delete-client";

export function DeleteClientDialog({
  client,
  onOpenChange,
  onDeleted,
}: {
  client: { id: string; name: string } | null;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteClient();
  return (
    // A 409 says why (estimates, surveys or contacts still linked): the dialog shows that, not a generic line.
    <DeleteRecordDialog
      record={client}
      onOpenChange={onOpenChange}
      onDeleted={onDeleted}
      title="Elimina cliente"
      description={`Sei sicuro di voler eliminare questo cliente? ${client?.name ?? ""}`}
      remove={remove.mutateAsync}
      pending={remove.isPending}
      successMessage="Cliente eliminato con successo"
      errorMessage="Errore nell'eliminazione del cliente"
    />
  );
}
