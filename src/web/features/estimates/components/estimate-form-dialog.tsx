import { useQuery } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { estimateFromSurvey } from "@domain/carry-over";
import { api } from "@web/lib/api";
import { FormDialog } from "@web/components/dialogs/form-dialog";
import { Spinner } from "@web/components/ui/spinner";
import { toastSuccess } from "@web/components/ui/toast";
import { estimateQueryOptions } from "../api/get-estimate";
import { lookupKeys } from "../api/keys";
import { useSaveEstimate } from "../api/save-estimate";
import { EstimateForm, type SurveyForEstimateChoice } from "./estimate-form";
import { paths } from "@web/lib/paths";

/** What another screen hands to a new estimate: its client, or the survey it comes from. */
export type EstimatePrefill = { clientId?: string; surveyId?: string };

/** New estimate when `estimateId` is absent, edit otherwise; one call saves header and lines. */
export function EstimateFormDialog({
  open,
  onOpenChange,
  estimateId,
  prefill,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  estimateId?: string;
  prefill?: EstimatePrefill;
}) {
  const save = useSaveEstimate();
  const [, navigate] = useLocation();
  const detail = useQuery({ ...estimateQueryOptions(estimateId ?? ""), enabled: open && !!estimateId });
  const surveyId = !estimateId ? prefill?.surveyId : undefined;
  const survey = useQuery({
    queryKey: lookupKeys.survey(surveyId ?? ""),
    queryFn: () => api.get<SurveyForEstimateChoice>(`/api/surveys/${surveyId}`),
    enabled: open && !!surveyId,
  });
  const ready = (!estimateId || detail.data) && (!surveyId || survey.data);
  const failed = detail.isError || survey.isError;
  const initial = survey.data
    ? estimateFromSurvey(survey.data)
    : prefill?.clientId
      ? { clientId: prefill.clientId }
      : undefined;

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={estimateId ? "Modifica preventivo" : "Nuovo preventivo"}
      size="xl"
      description="I campi con l'asterisco sono obbligatori. Totali e numero li calcola il sistema."
    >
      {failed ? (
        <p role="alert" className="text-destructive">
          Impossibile caricare i dati del modulo. Riprova.
        </p>
      ) : !ready ? (
        <Spinner label="Caricamento..." />
      ) : (
        <EstimateForm
          key={estimateId ? `${estimateId}-${detail.data?.version}` : `new-${surveyId ?? prefill?.clientId ?? ""}`}
          estimate={estimateId ? detail.data : undefined}
          initial={initial}
          onCancel={() => onOpenChange(false)}
          onSubmit={async (values) => {
            const saved = await save.mutateAsync({ id: estimateId, version: detail.data?.version, values });
            toastSuccess(estimateId ? "Preventivo aggiornato con successo" : "Preventivo creato con successo");
            onOpenChange(false);
            if (!estimateId) navigate(paths.admin.estimate(saved.id));
          }}
        />
      )}
    </FormDialog>
  );
}
