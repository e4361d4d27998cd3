import { Eye, Pencil } from "lucide-react";
import { Link } from "wouter";
import { formatDate } from "@domain/format";
import { supplierAddressLine, websiteHref, type Supplier } from "@domain/suppliers";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { SupplierStatusBadge } from "./supplier-status-badge";
import { paths } from "@web/lib/paths";

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="wrap-anywhere">{children || "—"}</dd>
    </div>
  );
}

/** The row's details (the list already holds every field), with the way to edit or open the page. */
export function SupplierDetailsDialog({ supplier, onOpenChange }: { supplier: Supplier | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={supplier !== null} onOpenChange={onOpenChange}>
      {supplier ? (
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{supplier.name}</DialogTitle>
            <DialogDescription asChild>
              <div>
                <SupplierStatusBadge status={supplier.status} />
              </div>
            </DialogDescription>
          </DialogHeader>
          <dl className="grid gap-3">
            <Row label="Partita IVA">{supplier.vatNumber}</Row>
            <Row label="Indirizzo">{supplierAddressLine(supplier)}</Row>
            <Row label="Referente">{supplier.contactPerson}</Row>
            <Row label="Telefono">{supplier.phone ? <a className="text-primary hover:underline" href={`tel:${supplier.phone}`}>{supplier.phone}</a> : null}</Row>
            <Row label="E-mail">{supplier.email ? <a className="text-primary hover:underline" href={`mailto:${supplier.email}`}>{supplier.email}</a> : null}</Row>
            <Row label="Sito web">
              {supplier.website ? (
                <a className="text-primary hover:underline" href={websiteHref(supplier.website)} target="_blank" rel="noreferrer">
                  {supplier.website}
                </a>
              ) : null}
            </Row>
            {supplier.notes ? <Row label="Note"><span className="whitespace-pre-line">{supplier.notes}</span></Row> : null}
            <Row label="Creato il">{formatDate(supplier.createdAt)}</Row>
          </dl>
          <DialogFooter>
            <Button asChild variant="outline">
              <Link href={paths.admin.supplier(supplier.id)}>
                <Eye aria-hidden className="size-4" />
                Visualizza
              </Link>
            </Button>
            <Button asChild>
              <Link href={paths.admin.editSupplier(supplier.id)}>
                <Pencil aria-hidden className="size-4" />
                Modifica
              </Link>
            </Button>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
