import type { Survey } from "@domain/surveys";
import { FormDialog } from "@web/components/dialogs/form-dialog";
import { toastError, toastSuccess } from "@web/components/ui/toast";
import { isApiError } from "@web/lib/api";
import { useSaveSurvey } from "../api/mutations";
import { SurveyForm } from "./survey-form";

export function SurveyFormDialog({
  open,
  onOpenChange,
  survey,
  defaultDate,
  defaultClientId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  survey?: Survey;
  defaultDate?: string;
  defaultClientId?: string;
}) {
  const save = useSaveSurvey();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={survey ? "Modifica sopralluogo" : "Nuovo sopralluogo"}
      size="wide"
    >
      <SurveyForm
        key={survey ? `${survey.id}-${survey.version}` : `new-${defaultDate ?? ""}-${defaultClientId ?? ""}`}
        survey={survey}
        defaultDate={defaultDate}
        defaultClientId={defaultClientId}
        onCancel={() => onOpenChange(false)}
        onSubmit={async (values) => {
          try {
            await save.mutateAsync({ id: survey?.id, version: survey?.version, values });
          } catch (e) {
            // Field errors land on the fields; otherwise the error sentence of docs/domain/screens.md (or the 409 reason).
            if (isApiError(e) && e.body?.errors && e.status === 400) throw e;
            toastError(
              isApiError(e) && e.status === 409
                ? e.message
                : survey
                  ? "Errore nell'aggiornamento del sopralluogo"
                  : "Errore nella creazione del sopralluogo",
            );
            return;
          }
          toastSuccess(survey ? "Sopralluogo aggiornato con successo" : "Sopralluogo creato con successo");
          onOpenChange(false);
        }}
      />
    </FormDialog>
  );
}
