import { formatDate } from "@domain/format";
import type { Survey } from "@domain/surveys";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { toastError, toastSuccess } from "@web/components/ui/toast";
import { isApiError } from "@web/lib/api";
import { useDeleteSurvey } from "../api/mutations";

export function DeleteSurveyDialog({
  survey,
  onOpenChange,
  onDeleted,
}: {
  survey: Pick<Survey, "id" | "date" | "clientName"> | null;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteSurvey();
  return (
    <ConfirmDialog
      open={survey !== null}
      onOpenChange={onOpenChange}
      title="Elimina sopralluogo"
      description={`Sei sicuro di voler eliminare questo sopralluogo? ${survey ? `${survey.clientName ?? ""} — ${formatDate(survey.date)}` : ""}`}
      pending={remove.isPending}
      onConfirm={async () => {
        if (!survey) return;
        try {
          await remove.mutateAsync(survey.id);
          toastSuccess("Sopralluogo eliminato con successo");
          onOpenChange(false);
          onDeleted?.();
        } catch (e) {
          toastError(isApiError(e) && e.status === 409 ? e.message : "Errore nell'eliminazione del sopralluogo");
          onOpenChange(false);
        }
      }}
    />
  );
}
