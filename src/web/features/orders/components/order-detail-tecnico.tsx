import { Phone, Truck } from "lucide-react";
import { formatDate, formatDecimal } from "@domain/format";
import type { OrderDetailTecnico } from "@domain/orders";
import { BackLink } from "@web/components/detail/back-link";
import { InfoItem } from "@web/components/detail/info-item";
import { OrderStatusBadge } from "@web/components/order-status-badge";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { OrderSiteCard } from "./order-site-card";
import { OrderStatusTracker } from "./order-status-tracker";
import { paths } from "@web/lib/paths";

/**
 * An order as a technician reads it (docs/domain/roles.md): what arrives, from whom, for which
 * site and when. The server sends no prices or totals; there are no actions to take.
 */
export function OrderDetailTecnicoView({ order }: { order: OrderDetailTecnico }) {
  const { supplier, constructionSite: site } = order;
  return (
    <>
      <BackLink href={paths.admin.orders()}>Ordini</BackLink>
      <div className="mb-6 flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-semibold">Ordine {order.number}</h1>
        <OrderStatusBadge status={order.status} />
        <p className="w-full text-muted-foreground">{order.title}</p>
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <div className="grid min-w-0 grid-cols-1 content-start gap-4 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle>Stato dell&apos;ordine</CardTitle>
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
              <dl className="grid gap-4 sm:grid-cols-2">
                <InfoItem label="Data ordine">{formatDate(order.orderDate)}</InfoItem>
                <InfoItem label="Consegna prevista">
                  {order.expectedDeliveryDate ? formatDate(order.expectedDeliveryDate) : "Non indicata"}
                </InfoItem>
                {order.description ? (
                  <InfoItem label="Descrizione" className="sm:col-span-2">
                    <span className="whitespace-pre-line">{order.description}</span>
                  </InfoItem>
                ) : null}
              </dl>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Articoli</CardTitle>
            </CardHeader>
            <CardContent>
              {order.items.length === 0 ? (
                <p className="text-sm text-muted-foreground">Nessun articolo</p>
              ) : (
                <ul className="divide-y divide-border" aria-label="Articoli dell'ordine">
                  {order.items.map((item) => (
                    <li key={item.id} className="flex justify-between gap-3 py-2 text-sm">
                      <span>
                        {item.description}
                        {item.notes ? <span className="block text-xs text-muted-foreground">{item.notes}</span> : null}
                      </span>
                      <span className="whitespace-nowrap tabular-nums">
                        {formatDecimal(item.quantity)} {item.unit}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </div>
        <div className="grid min-w-0 grid-cols-1 content-start gap-4">
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Truck aria-hidden className="size-5 text-muted-foreground" />
                Fornitore
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-2 text-sm">
              <span className="text-base font-medium">{supplier.name}</span>
              {supplier.phone ? (
                <a href={`tel:${supplier.phone}`} className="flex items-center gap-2 text-primary hover:underline">
                  <Phone aria-hidden className="size-4" />
                  {supplier.phone}
                </a>
              ) : null}
            </CardContent>
          </Card>
          <OrderSiteCard site={site} />
        </div>
      </div>
    </>
  );
}
