import { Mail, MapPin, Phone, Truck, User } from "lucide-react";
import { useState } from "react";
import { Link, useLocation, useParams } from "wouter";
import { formatDate, formatDateTime, formatEuro } from "@domain/format";
import { isOrderDeletable } from "@domain/orders";
import { formatAddress } from "@domain/wording";
import { BackLink } from "@web/components/detail/back-link";
import { DetailDeleteButton } from "@web/components/detail/detail-actions";
import { DetailLoading, DetailNotFound } from "@web/components/detail/detail-states";
import { InfoItem } from "@web/components/detail/info-item";
import { OrderStatusBadge } from "@web/components/order-status-badge";
import { Timeline } from "@web/components/timeline";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { useOrder } from "../api/get-order";
import { DeleteOrderDialog } from "../components/delete-order-dialog";
import { OrderActions } from "../components/order-actions";
import { OrderDetailTecnicoView } from "../components/order-detail-tecnico";
import { OrderItemsTable } from "../components/order-items-table";
import { OrderSiteCard } from "../components/order-site-card";
import { OrderStatusTracker } from "../components/order-status-tracker";
import { paths } from "@web/lib/paths";

export default function OrderDetailPage() {
  const { id = "" } = useParams<{ id: string }>();
  const [, navigate] = useLocation();
  const { data: order, isPending, error } = useOrder(id);
  const [deleting, setDeleting] = useState(false);

  if (isPending) return <DetailLoading centered label="Caricamento ordine..." />;
  if (!order) {
    return (
      <DetailNotFound
        error={error}
        notFoundTitle="Ordine non trovato"
        failedTitle="Impossibile caricare l'ordine"
        notFoundDescription="L'ordine richiesto non esiste o è stato rimosso."
        failedDescription="Riprova tra poco."
        backHref={paths.admin.dashboard()}
        backLabel="Torna alla Dashboard"
        backArrow
      />
    );
  }

  // A technician's answer has no prices or totals: his own read-only view (docs/domain/roles.md).
  if (!("totalAmount" in order)) return <OrderDetailTecnicoView order={order} />;
  const { supplier, constructionSite: site } = order;
  return (
    <>
      <BackLink href={paths.admin.orders()}>Ordini</BackLink>
      <div className="mb-6 flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold">Ordine {order.number}</h1>
            <OrderStatusBadge status={order.status} />
          </div>
          <p className="mt-1 text-muted-foreground">{order.title}</p>
        </div>
        {isOrderDeletable(order.status) ? (
          <DetailDeleteButton onClick={() => setDeleting(true)} />
        ) : null}
      </div>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <div className="grid min-w-0 grid-cols-1 content-start gap-4 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle>Stato dell'ordine</CardTitle>
            </CardHeader>
            <CardContent>
              <OrderStatusTracker order={order} />
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Informazioni ordine</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-4 sm:grid-cols-3">
                <InfoItem label="Data ordine">{formatDate(order.orderDate)}</InfoItem>
                <InfoItem label="Consegna prevista">{order.expectedDeliveryDate ? formatDate(order.expectedDeliveryDate) : "Non indicata"}</InfoItem>
                <InfoItem label="Importo totale">
                  <span className="text-lg font-semibold tabular-nums">{formatEuro(order.totalAmount)}</span>
                </InfoItem>
                {order.description ? (
                  <InfoItem label="Descrizione" className="sm:col-span-3">
                    <span className="whitespace-pre-line">{order.description}</span>
                  </InfoItem>
                ) : null}
                {order.notes ? (
                  <InfoItem label="Note" className="sm:col-span-3">
                    <span className="whitespace-pre-line">{order.notes}</span>
                  </InfoItem>
                ) : null}
              </dl>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Articoli</CardTitle>
            </CardHeader>
            <CardContent className="px-0 sm:px-6">
              <OrderItemsTable items={order.items} total={order.totalAmount} />
            </CardContent>
          </Card>
        </div>

        <div className="grid min-w-0 grid-cols-1 content-start gap-4">
          <Card>
            <CardHeader>
              <CardTitle>Azioni</CardTitle>
            </CardHeader>
            <CardContent>
              <OrderActions order={order} />
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Truck aria-hidden className="size-5 text-muted-foreground" />
                Fornitore
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-2 text-sm">
              <Link href={paths.admin.supplier(supplier.id)} className="text-base font-medium text-primary hover:underline">
                {supplier.name}
              </Link>
              {supplier.vatNumber ? <span className="text-muted-foreground">P.IVA {supplier.vatNumber}</span> : null}
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
            </CardContent>
          </Card>

          <OrderSiteCard site={site} />

          <Card>
            <CardHeader>
              <CardTitle>Cronologia</CardTitle>
            </CardHeader>
            <CardContent>
              <Timeline entityType="order" entityId={order.id} limit={10} />
              <p className="mt-4 text-xs text-muted-foreground">Creato il {formatDateTime(order.createdAt)}</p>
            </CardContent>
          </Card>
        </div>
      </div>

      <DeleteOrderDialog
        order={deleting ? order : null}
        onOpenChange={setDeleting}
        onDeleted={() => navigate(paths.admin.orders(), { replace: true })}
      />
    </>
  );
}
