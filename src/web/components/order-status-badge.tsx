import { orderStatuses, type OrderStatus } from "@domain/statuses";
import { Badge } from "./ui/badge";

// Shared because orders, suppliers and sites all list orders, and features do not import each other.
const variants = { bozza: "secondary", inviato: "info", confermato: "warning", ricevuto: "success", annullato: "destructive" } as const;

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge variant={variants[status]}>{orderStatuses.label(status)}</Badge>;
}
