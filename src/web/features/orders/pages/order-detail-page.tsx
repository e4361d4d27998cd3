import { Mail, MapPin, Phone, Truck, User } from "lucide-react";
import { useState } from "react";
import { Link, useLocation, useParams } from "wouter";
import { formatDate, formatDateTime, formatEuro } from "@domain/format";
import { isOrderDeletable, type OrderDetail, type OrderDetailTecnico } from "@domain/orders";
import { formatAddress } from "@domain/wording";
import { DetailDeleteButton } from "@web/components/detail/detail-actions";
import { DetailHeader, DetailSection, DetailShell } from "@web/components/detail/detail-shell";
import { InfoItem } from "@web/components/detail/info-item";
import { OrderStatusBadge } from "@web/components/order-status-badge";
import { Timeline } from "@web/components/timeline";
import { useOrder } from "../api/get-order";
import { DeleteOrderDialog } from "../components/delete-order-dialog";
import { OrderActions } from "../components/order-actions";
import { OrderItemsTable } from "../components/order-items-table";
import { OrderSiteCard } from "../components/order-site-card";
import { OrderStatusTracker } from "../components/order-status-tracker";
import { paths } from "@web/lib/paths";

export default function OrderDetailPage() {
  const { id = "" } = useParams<{ id: string }>();
  return (
    <DetailShell
      query={useOrder(id)}
      loadingLabel="Caricamento ordine..."
      loadingCentered
      notFoundTitle="Ordine non trovato"
      failedTitle="Impossibile caricare l'ordine"
      notFoundDescription="L'ordine richiesto non esiste o è stato rimosso."
      failedDescription="Riprova tra poco."
      backHref={paths.admin.dashboard()}
      backLabel="Torna alla Dashboard"
      backArrow
    >
      {(order) => <OrderDetailView order={order} />}
    </DetailShell>
  );
}

/**
 * One page for the office and the technician. A technician's answer has no prices, totals or VAT
 * number (docs/domain/roles.md): without them there is no amount, no money column, no action, no
 * delete and no activity log (the office's), and the supplier's name is not a link.
 */
function OrderDetailView({ order }: { order: OrderDetail | OrderDetailTecnico }) {
  const [, navigate] = useLocation();
  const [deleting, setDeleting] = useState(false);
  const office = "totalAmount" in order ? order : null;
  const { supplier, constructionSite: site } = order;

  return (
    <>
      <DetailHeader
        back={{ href: paths.admin.orders(), label: "Ordini" }}
        title={`Ordine ${order.number}`}
        status={
          <>
            <OrderStatusBadge status={order.status} />
            <span className="w-full text-muted-foreground">{order.title}</span>
          </>
        }
        actions={
          office && isOrderDeletable(office.status) ? <DetailDeleteButton onClick={() => setDeleting(true)} /> : null
        }
      />

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <div className="grid min-w-0 grid-cols-1 content-start gap-4 lg:col-span-2">
          <DetailSection title="Stato dell'ordine">
            <OrderStatusTracker order={order} />
          </DetailSection>

          <DetailSection title="Informazioni ordine">
            <dl className={office ? "grid gap-4 sm:grid-cols-3" : "grid gap-4 sm:grid-cols-2"}>
              <InfoItem label="Data ordine">{formatDate(order.orderDate)}</InfoItem>
              <InfoItem label="Consegna prevista">
                {order.expectedDeliveryDate ? formatDate(order.expectedDeliveryDate) : "Non indicata"}
              </InfoItem>
              {office ? (
                <InfoItem label="Importo totale">
                  <span className="text-lg font-semibold tabular-nums">{formatEuro(office.totalAmount)}</span>
                </InfoItem>
              ) : null}
              {order.description ? (
                <InfoItem label="Descrizione" className="sm:col-span-full" preLine>
                  {order.description}
                </InfoItem>
              ) : null}
              {order.notes ? (
                <InfoItem label="Note" className="sm:col-span-full" preLine>
                  {order.notes}
                </InfoItem>
              ) : null}
            </dl>
          </DetailSection>

          <DetailSection title="Articoli" contentClassName="px-0 sm:px-6">
            {office ? <OrderItemsTable items={office.items} total={office.totalAmount} /> : <OrderItemsTable items={order.items} />}
          </DetailSection>
        </div>

        <div className="grid min-w-0 grid-cols-1 content-start gap-4">
          {office ? (
            <DetailSection title="Azioni">
              <OrderActions order={office} />
            </DetailSection>
          ) : null}

          <DetailSection title="Fornitore" icon={Truck} contentClassName="grid gap-2 text-sm">
            {office ? (
              <Link href={paths.admin.supplier(supplier.id)} className="text-base font-medium text-primary hover:underline">
                {supplier.name}
              </Link>
            ) : (
              <span className="text-base font-medium">{supplier.name}</span>
            )}
            {office?.supplier.vatNumber ? <span className="text-muted-foreground">P.IVA {office.supplier.vatNumber}</span> : null}
            <span className="flex items-start gap-2">
              <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              {formatAddress(supplier)}
            </span>
            {supplier.contactPerson ? (
              <span className="flex items-center gap-2">
                <User aria-hidden className="size-4 text-muted-foreground" />
                {supplier.contactPerson}
              </span>
            ) : null}
            {supplier.phone ? (
              <a href={`tel:${supplier.phone}`} className="flex items-center gap-2 text-primary hover:underline">
                <Phone aria-hidden className="size-4" />
                {supplier.phone}
              </a>
            ) : null}
            {supplier.email ? (
              <a href={`mailto:${supplier.email}`} className="flex items-center gap-2 break-all text-primary hover:underline">
                <Mail aria-hidden className="size-4" />
                {supplier.email}
              </a>
            ) : null}
          </DetailSection>

          <OrderSiteCard site={site} />

          {office ? (
            <DetailSection title="Cronologia">
              <Timeline entityType="order" entityId={office.id} limit={10} />
              <p className="mt-4 text-xs text-muted-foreground">Creato il {formatDateTime(office.createdAt)}</p>
            </DetailSection>
          ) : null}
        </div>
      </div>

      {office ? (
        <DeleteOrderDialog
          order={deleting ? office : null}
          onOpenChange={setDeleting}
          onDeleted={() => navigate(paths.admin.orders(), { replace: true })}
        />
      ) : null}
    </>
  );
}
