import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { toastError, toastSuccess } from "@web/components/ui/toast";
import { isApiError } from "@web/lib/api";
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
    <ConfirmDialog
      open={client !== null}
      onOpenChange={onOpenChange}
      title="Elimina cliente"
      description={`Sei sicuro di voler eliminare questo cliente? ${client?.name ?? ""}`}
      pending={remove.isPending}
      onConfirm={async () => {
        if (!client) return;
        try {
          await remove.mutateAsync(client.id);
          toastSuccess("Cliente eliminato con successo");
          onOpenChange(false);
          onDeleted?.();
        } catch (e) {
          // A 409 says why (estimates, surveys or contacts still linked): show that, not a generic line.
          toastError(isApiError(e) && e.status === 409 ? e.message : "Errore nell'eliminazione del cliente");
          onOpenChange(false);
        }
      }}
    />
  );
}
