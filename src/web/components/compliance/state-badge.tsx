import { AlertTriangle, CheckCircle2, Clock, XCircle } from "lucide-react";
import { complianceStates, type ComplianceState } from "@domain/compliance";
import { Badge, type BadgeVariant } from "@web/components/ui/badge";

const look: Record<ComplianceState, { variant: BadgeVariant; icon: typeof CheckCircle2 }> = {
  valido: { variant: "success", icon: CheckCircle2 },
  in_scadenza: { variant: "warning", icon: Clock },
  scaduto: { variant: "destructive", icon: XCircle },
  mancante: { variant: "destructive", icon: AlertTriangle },
};

/** State of a safety paper, with an icon so it is not told by colour alone. */
export function ComplianceStateBadge({ state }: { state: ComplianceState }) {
  const { variant, icon: Icon } = look[state];
  return (
    <Badge variant={variant}>
      <Icon aria-hidden />
      {complianceStates.label(state)}
    </Badge>
  );
}
