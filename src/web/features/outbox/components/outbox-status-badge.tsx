import { outboxStatusLabels, type OutboxStatus } from "@domain/outbox";
import { Badge, type BadgeVariant } from "@web/components/ui/badge";

const variants: Record<OutboxStatus, BadgeVariant> = { sent: "success", stored: "secondary", failed: "destructive" };

export function OutboxStatusBadge({ status }: { status: OutboxStatus }) {
  return <Badge variant={variants[status]}>{outboxStatusLabels[status]}</Badge>;
}
