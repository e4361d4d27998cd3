import { AlertTriangle } from "lucide-react";
import { siteStatuses, type SiteStatus } from "@domain/statuses";
import { Badge } from "@web/components/ui/badge";

const variants = { programmato: "secondary", in_corso: "info", completato: "success", sospeso: "warning" } as const;

export function SiteStatusBadge({ status }: { status: SiteStatus }) {
  return <Badge variant={variants[status]}>{siteStatuses.label(status)}</Badge>;
}

export function LateBadge() {
  return (
    <Badge variant="destructive">
      <AlertTriangle aria-hidden />
      In ritardo
    </Badge>
  );
}
