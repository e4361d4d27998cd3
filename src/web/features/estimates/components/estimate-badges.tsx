import { AlarmClock, CalendarX } from "lucide-react";
import { todayIso } from "@domain/dates";
import { estimateExpiryState } from "@domain/estimates";
import { estimateStatuses, type EstimateStatus } from "@domain/statuses";
import { Badge, type BadgeVariant } from "@web/components/ui/badge";

const statusVariant: Record<EstimateStatus, BadgeVariant> = {
  bozza: "secondary",
  inviato: "info",
  accettato: "success",
  rifiutato: "destructive",
};

export function EstimateStatusBadge({ status }: { status: EstimateStatus }) {
  return <Badge variant={statusVariant[status]}>{estimateStatuses.label(status)}</Badge>;
}

/** "Scaduto" once expiresAt is past, "In scadenza" with 1–7 days left; only while still open. */
export function EstimateExpiryBadge({ status, expiresAt }: { status: EstimateStatus; expiresAt: string }) {
  const state = estimateExpiryState({ status, expiresAt }, todayIso());
  if (state === "expired") {
    return (
      <Badge variant="destructive">
        <CalendarX aria-hidden />
        Scaduto
      </Badge>
    );
  }
  if (state === "expiring") {
    return (
      <Badge variant="warning">
        <AlarmClock aria-hidden />
        In scadenza
      </Badge>
    );
  }
  return null;
}
