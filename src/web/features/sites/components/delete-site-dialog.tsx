import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { toastError, toastSuccess } from "@web/components/ui/toast";
import { isApiError } from "@web/lib/api";
import { useDeleteSite } from "../api/delete-site";

export function DeleteSiteDialog({
  site,
  onOpenChange,
  onDeleted,
}: {
  site: { id: string; name: string } | null;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteSite();
  return (
    <ConfirmDialog
      open={site !== null}
      onOpenChange={onOpenChange}
      title="Elimina cantiere"
      description={`Sei sicuro di voler eliminare questo cantiere? ${site?.name ?? ""}. Foto e documenti verranno eliminati; gli ordini collegati restano.`}
      pending={remove.isPending}
      onConfirm={async () => {
        if (!site) return;
        try {
          await remove.mutateAsync(site.id);
          toastSuccess("Cantiere eliminato con successo");
          onOpenChange(false);
          onDeleted?.();
        } catch (e) {
          toastError(isApiError(e) && e.status === 409 ? e.message : "Errore nell'eliminazione del cantiere");
          onOpenChange(false);
        }
      }}
    />
  );
}
