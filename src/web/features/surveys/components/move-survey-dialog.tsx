import { surveyMoveSchema, type Survey } from "@domain/surveys";
import { formatDate } from "@domain/format";
import { Form, FormActions, SubmitButton, TextField, CancelButton } from "@web/components/form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { toastError, toastSuccess } from "@web/components/ui/toast";
import { isApiError } from "@web/lib/api";
import { useMoveSurvey } from "../api/mutations";

/** "Sposta": another day or time for a survey, the keyboard-friendly twin of drag-and-drop. */
export function MoveSurveyDialog({ survey, onOpenChange }: { survey: Survey | null; onOpenChange: (open: boolean) => void }) {
  const move = useMoveSurvey();
  return (
    <Dialog open={survey !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Sposta sopralluogo</DialogTitle>
          <DialogDescription>
            {survey ? `${survey.clientName ?? ""} — ora il ${formatDate(survey.date)}${survey.time ? ` alle ${survey.time}` : ""}` : ""}
          </DialogDescription>
        </DialogHeader>
        {survey ? (
          <Form
            key={`${survey.id}-${survey.version}`}
            schema={surveyMoveSchema}
            defaultValues={{ date: survey.date, time: survey.time ?? "" }}
            aria-label="Nuova data e ora"
            onSubmit={async (values) => {
              try {
                await move.mutateAsync({ survey, date: values.date, time: values.time });
              } catch (e) {
                toastError(isApiError(e) && (e.status === 409 || e.status === 400) ? e.message : "Errore nell'aggiornamento del sopralluogo");
                return;
              }
              toastSuccess("Sopralluogo spostato con successo");
              onOpenChange(false);
            }}
          >
            <div className="grid grid-cols-2 gap-4">
              <TextField name="date" label="Nuova data" type="date" required />
              <TextField name="time" label="Nuova ora" type="time" />
            </div>
            <FormActions>
              <CancelButton onClick={() => onOpenChange(false)} />
              <SubmitButton label="Sposta" />
            </FormActions>
          </Form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
