import { portalSiteStatusLabel } from "@domain/portal";
import { Badge } from "@web/components/ui/badge";

/** docs/domain/screens.md, docs/domain/statuses.md: the portal shows In Corso, Completato, or Programmato for the rest. */
export function ProjectStatusBadge({ status }: { status: string }) {
  const variant = status === "in_corso" ? "info" : status === "completato" ? "success" : "secondary";
  return <Badge variant={variant}>{portalSiteStatusLabel(status)}</Badge>;
}
