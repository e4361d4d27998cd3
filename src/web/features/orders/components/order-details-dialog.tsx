import { Eye, Pencil } from "lucide-react";
import { Link } from "wouter";
import { formatDate, formatEuro } from "@domain/format";
import { isOrderEditable } from "@domain/orders";
import { OrderStatusBadge } from "@web/components/order-status-badge";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Spinner } from "@web/components/ui/spinner";
import { useOrder } from "../api/get-order";
import { OrderItemsTable } from "./order-items-table";
import { paths } from "@web/lib/paths";

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-semibold text-muted-foreground uppercase">{title}</h3>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium">{children || "—"}</dd>
    </div>
  );
}

/** The row's order with its lines, fetched when the dialog opens. */
export function OrderDetailsDialog({ orderId, onOpenChange }: { orderId: string | null; onOpenChange: (open: boolean) => void }) {
  const { data, isPending, isError } = useOrder(orderId ?? "", orderId !== null);
  // The office's quick view, with amounts; a technician opens the order's own page instead.
  const order = data && "totalAmount" in data ? data : undefined;
  return (
    <Dialog open={orderId !== null} onOpenChange={onOpenChange}>
      <DialogContent size="wide">
        <DialogHeader>
          <DialogTitle>{order ? `Ordine ${order.number}` : "Dettagli ordine"}</DialogTitle>
          <DialogDescription>{order ? order.title : "Caricamento dell'ordine"}</DialogDescription>
        </DialogHeader>
        {isPending ? (
          <Spinner label="Caricamento ordine..." />
        ) : isError || !order ? (
          <p role="alert" className="text-destructive">
            Ordine non trovato
          </p>
        ) : (
          <div className="grid gap-5">
            <div className="grid gap-5 sm:grid-cols-2">
              <Section title="Informazioni generali">
                <dl className="grid gap-1.5">
                  <Row label="Numero">{order.number}</Row>
                  <Row label="Fornitore">
                    <Link href={paths.admin.supplier(order.supplierId)} className="text-primary hover:underline">
                      {order.supplierName}
                    </Link>
                  </Row>
                  <Row label="Stato">
                    <OrderStatusBadge status={order.status} />
                  </Row>
                </dl>
              </Section>
              <Section title="Date e importo">
                <dl className="grid gap-1.5">
                  <Row label="Data ordine">{formatDate(order.orderDate)}</Row>
                  <Row label="Consegna prevista">{order.expectedDeliveryDate ? formatDate(order.expectedDeliveryDate) : "Non indicata"}</Row>
                  <Row label="Importo">{formatEuro(order.totalAmount)}</Row>
                </dl>
              </Section>
            </div>
            <Section title="Cantiere">
              <p className="text-sm">
                {order.constructionSite ? (
                  <>
                    <Link href={paths.admin.site(order.constructionSite.id)} className="font-medium text-primary hover:underline">
                      {order.constructionSite.name}
                    </Link>
                    <span className="text-muted-foreground"> — {order.constructionSite.address}</span>
                  </>
                ) : (
                  "Nessun cantiere associato"
                )}
              </p>
            </Section>
            {order.description ? (
              <Section title="Descrizione">
                <p className="text-sm whitespace-pre-line">{order.description}</p>
              </Section>
            ) : null}
            <Section title="Articoli">
              <OrderItemsTable items={order.items} total={order.totalAmount} />
            </Section>
            {order.notes ? (
              <Section title="Note">
                <p className="text-sm whitespace-pre-line">{order.notes}</p>
              </Section>
            ) : null}
          </div>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Chiudi</Button>
          </DialogClose>
          {order ? (
            <Button asChild variant="outline">
              <Link href={paths.admin.order(order.id)}>
                <Eye aria-hidden className="size-4" />
                Apri pagina
              </Link>
            </Button>
          ) : null}
          {order && isOrderEditable(order.status) ? (
            <Button asChild>
              <Link href={paths.admin.editOrder(order.id)}>
                <Pencil aria-hidden className="size-4" />
                Modifica
              </Link>
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
