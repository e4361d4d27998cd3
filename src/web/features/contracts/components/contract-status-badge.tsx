import { contractStatuses, type ContractStatus } from "@domain/statuses";
import { Badge } from "@web/components/ui/badge";

const variants = { bozza: "secondary", firmato: "info", attivo: "success", completato: "outline" } as const;

export function ContractStatusBadge({ status }: { status: ContractStatus }) {
  return <Badge variant={variants[status]}>{contractStatuses.label(status)}</Badge>;
}
