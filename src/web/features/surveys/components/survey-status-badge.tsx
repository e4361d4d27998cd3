import { surveyStatuses, type SurveyStatus } from "@domain/statuses";
import { Badge } from "@web/components/ui/badge";

export const surveyStatusVariant = { programmato: "info", completato: "success", annullato: "secondary" } as const;

export function SurveyStatusBadge({ status }: { status: SurveyStatus }) {
  return <Badge variant={surveyStatusVariant[status]}>{surveyStatuses.label(status)}</Badge>;
}
