import { estimateStatuses } from "@domain/statuses";
import { Badge, type BadgeVariant } from "@web/components/ui/badge";

const estimateVariants: Record<string, BadgeVariant> = { inviato: "info", accettato: "success", rifiutato: "destructive", bozza: "secondary" };

export function EstimateStatusBadge({ status, expired }: { status: string; expired?: boolean }) {
  if (status === "inviato" && expired) return <Badge variant="warning">Scaduto</Badge>;
  return <Badge variant={estimateVariants[status] ?? "secondary"}>{estimateStatuses.label(status)}</Badge>;
}

/** An invoice the client still has to pay is "Da pagare", or "Scaduta" once past its due date. */
export function InvoiceStatusBadge({
  status,
  dueDate,
  today,
  kind,
  remainder,
}: {
  status: string;
  dueDate: string;
  today: string;
  kind?: string;
  remainder?: string;
}) {
  if (kind === "nota_credito") return <Badge variant="secondary">Nota di credito</Badge>;
  if (status === "pagata" || remainder === "0.00") return <Badge variant="success">Pagata</Badge>;
  if (dueDate < today) return <Badge variant="destructive">Scaduta</Badge>;
  return <Badge variant="warning">Da pagare</Badge>;
}
