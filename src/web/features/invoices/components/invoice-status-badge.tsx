import { AlertTriangle, Clock } from "lucide-react";
import type { DueState } from "@domain/dates";
import { invoiceStatuses, type InvoiceStatus } from "@domain/statuses";
import { Badge } from "@web/components/ui/badge";

const variants = { bozza: "secondary", inviata: "info", pagata: "success" } as const;

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge variant={variants[status]}>{invoiceStatuses.label(status)}</Badge>;
}

export function DueBadge({ state }: { state: DueState | null }) {
  if (state === "overdue")
    return (
      <Badge variant="destructive">
        <AlertTriangle aria-hidden />
        Scaduta
      </Badge>
    );
  if (state === "due-soon")
    return (
      <Badge variant="warning">
        <Clock aria-hidden />
        In scadenza
      </Badge>
    );
  return null;
}
