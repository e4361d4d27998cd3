import { formatDate } from "@domain/format";
import type { Survey } from "@domain/surveys";
import { DeleteRecordDialog } from "@web/components/dialogs/delete-record-dialog";
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
    <DeleteRecordDialog
      record={survey}
      onOpenChange={onOpenChange}
      onDeleted={onDeleted}
      title="Elimina sopralluogo"
      description={`Sei sicuro di voler eliminare questo sopralluogo? ${survey ? `${survey.clientName ?? ""} — ${formatDate(survey.date)}` : ""}`}
      remove={remove.mutateAsync}
      pending={remove.isPending}
      successMessage="Sopralluogo eliminato con successo"
      errorMessage="Errore nell'eliminazione del sopralluogo"
    />
  );
}
