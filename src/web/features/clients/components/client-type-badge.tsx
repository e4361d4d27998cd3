import { clientTypes, type ClientType } from "@domain/statuses";
import { Badge } from "@web/components/ui/badge";

const variants = { privato: "secondary", azienda: "info", condominio: "warning", ente_pubblico: "outline" } as const;

export function ClientTypeBadge({ type }: { type: ClientType }) {
  return <Badge variant={variants[type]}>{clientTypes.label(type)}</Badge>;
}
