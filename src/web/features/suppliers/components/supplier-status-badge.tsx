import { supplierStatuses, type SupplierStatus } from "@domain/statuses";
import { Badge } from "@web/components/ui/badge";

/** attivo green, inattivo grey, sospeso red (docs/domain/statuses.md), with the capitalised label. */
const variants = { attivo: "success", inattivo: "secondary", sospeso: "destructive" } as const;

export function SupplierStatusBadge({ status }: { status: SupplierStatus }) {
  return <Badge variant={variants[status]}>{supplierStatuses.label(status)}</Badge>;
}
