import { Globe, Mail, MapPin, Pencil, Phone, Plus, User } from "lucide-react";
import { Link, useParams } from "wouter";
import { formatDate, formatDateTime, formatEuro, formatEuroNoDecimals } from "@domain/format";
import { supplierAddressLine, websiteHref } from "@domain/suppliers";
import { DetailHeader, DetailSection, DetailShell, type Loaded } from "@web/components/detail/detail-shell";
import { InfoItem } from "@web/components/detail/info-item";
import { OrderStatusBadge } from "@web/components/order-status-badge";
import { Timeline } from "@web/components/timeline";
import { Button } from "@web/components/ui/button";
import { SupplierDocumentsCard } from "@web/components/compliance";
import { StatCard } from "@web/components/ui/stat-card";
import { useSupplier } from "../api/get-supplier";
import { SupplierStatusBadge } from "../components/supplier-status-badge";
import { paths } from "@web/lib/paths";

export default function SupplierDetailPage() {
  const { id = "" } = useParams<{ id: string }>();
  return (
    <DetailShell
      query={useSupplier(id)}
      loadingLabel="Caricamento fornitore..."
      loadingCentered
      notFoundTitle="Fornitore non trovato"
      failedTitle="Impossibile caricare il fornitore"
      notFoundDescription="Il fornitore richiesto non esiste o è stato rimosso."
      failedDescription="Riprova tra poco."
      backHref={paths.admin.dashboard()}
      backLabel="Torna alla Dashboard"
      backArrow
    >
      {(supplier) => <SupplierDetail supplier={supplier} />}
    </DetailShell>
  );
}

function SupplierDetail({ supplier }: { supplier: Loaded<typeof useSupplier> }) {
  const { stats, latestOrders } = supplier;
  const moreOrders = stats.totalOrders - latestOrders.length;
  return (
    <>
      <DetailHeader
        back={{ href: paths.admin.suppliers(), label: "Fornitori" }}
        title={supplier.name}
        status={<SupplierStatusBadge status={supplier.status} />}
        actions={
          <>
            <Button asChild>
              <Link href={paths.admin.newOrder({ supplierId: supplier.id })}>
                <Plus aria-hidden className="size-4" />
                Nuovo Ordine
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link href={paths.admin.editSupplier(supplier.id)}>
                <Pencil aria-hidden className="size-4" />
                Modifica Fornitore
              </Link>
            </Button>
            {supplier.email ? (
              <Button asChild variant="outline">
                <a href={`mailto:${supplier.email}`}>
                  <Mail aria-hidden className="size-4" />
                  Invia Email
                </a>
              </Button>
            ) : null}
            {supplier.phone ? (
              <Button asChild variant="outline">
                <a href={`tel:${supplier.phone}`}>
                  <Phone aria-hidden className="size-4" />
                  Chiama
                </a>
              </Button>
            ) : null}
          </>
        }
      />

      <section aria-labelledby="supplier-stats" className="mb-6">
        <h2 id="supplier-stats" className="sr-only">
          Statistiche ordini
        </h2>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <StatCard title="Ordini totali" value={stats.totalOrders} />
          <StatCard title="Completati" value={stats.completedOrders} hint="Ordini ricevuti" />
          <StatCard title="Valore totale" value={formatEuroNoDecimals(stats.totalValue)} hint="Esclusi gli annullati" />
          <StatCard title="Ordine medio" value={formatEuroNoDecimals(stats.averageValue)} />
        </div>
      </section>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <DetailSection title="Informazioni generali" className="lg:col-span-2">
          <dl className="grid gap-4 sm:grid-cols-2">
            <InfoItem label="Ragione Sociale">{supplier.name}</InfoItem>
            {supplier.vatNumber ? <InfoItem label="Partita IVA">{supplier.vatNumber}</InfoItem> : null}
            <InfoItem label="Indirizzo" className="sm:col-span-2">
              <span className="inline-flex items-start gap-1">
                <MapPin aria-hidden className="mt-1 size-4 shrink-0" />
                {supplierAddressLine(supplier)}
              </span>
            </InfoItem>
            {supplier.notes ? (
              <InfoItem label="Note" className="sm:col-span-2">
                <span className="whitespace-pre-line">{supplier.notes}</span>
              </InfoItem>
            ) : null}
          </dl>
        </DetailSection>

        <DetailSection title="Contatti">
          <ul className="space-y-3 text-sm">
            <li className="flex items-center gap-2">
              <Phone aria-hidden className="size-4 text-muted-foreground" />
              <span className="sr-only">Telefono:</span>
              {supplier.phone ? (
                <a className="text-primary hover:underline" href={`tel:${supplier.phone}`}>
                  {supplier.phone}
                </a>
              ) : (
                "Non indicato"
              )}
            </li>
            <li className="flex items-center gap-2">
              <Mail aria-hidden className="size-4 text-muted-foreground" />
              <span className="sr-only">E-mail:</span>
              {supplier.email ? (
                <a className="break-all text-primary hover:underline" href={`mailto:${supplier.email}`}>
                  {supplier.email}
                </a>
              ) : (
                "Non indicata"
              )}
            </li>
            <li className="flex items-center gap-2">
              <Globe aria-hidden className="size-4 text-muted-foreground" />
              <span className="sr-only">Sito web:</span>
              {supplier.website ? (
                <a
                  className="break-all text-primary hover:underline"
                  href={websiteHref(supplier.website)}
                  target="_blank"
                  rel="noreferrer"
                >
                  {supplier.website}
                </a>
              ) : (
                "Non indicato"
              )}
            </li>
            <li className="flex items-center gap-2">
              <User aria-hidden className="size-4 text-muted-foreground" />
              <span className="sr-only">Referente:</span>
              {supplier.contactPerson ?? "Nessun referente"}
            </li>
          </ul>
        </DetailSection>

        <DetailSection title="Ultimi ordini" className="lg:col-span-2">
          {latestOrders.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nessun ordine trovato per questo fornitore</p>
          ) : (
            <ul className="divide-y divide-border">
              {latestOrders.map((o) => (
                <li key={o.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2.5">
                  <div className="min-w-0 flex-1 basis-48">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-medium">{o.number}</span>
                      <OrderStatusBadge status={o.status} />
                    </div>
                    <div className="truncate text-sm">{o.title}</div>
                    <div className="text-xs text-muted-foreground">{formatDate(o.orderDate)}</div>
                  </div>
                  <span className="font-medium tabular-nums">{formatEuro(o.totalAmount)}</span>
                  <Button asChild variant="link" size="sm">
                    <Link href={paths.admin.order(o.id)} aria-label={`Visualizza ordine ${o.number}`}>
                      Visualizza
                    </Link>
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {moreOrders > 0 ? (
            <Link
              href={paths.admin.orders({ supplierId: supplier.id })}
              className="mt-2 block text-sm text-primary hover:underline"
            >
              E altri {moreOrders} ordini...
            </Link>
          ) : null}
        </DetailSection>

        <div className="lg:col-span-2">
          <SupplierDocumentsCard supplierId={supplier.id} isSubcontractor={supplier.isSubcontractor} />
        </div>

        <DetailSection title="Informazioni di sistema">
          <dl className="grid gap-3 text-sm">
            <InfoItem label="Data di creazione">{formatDateTime(supplier.createdAt)}</InfoItem>
            <InfoItem label="Ultima modifica">{formatDateTime(supplier.updatedAt)}</InfoItem>
          </dl>
        </DetailSection>

        <DetailSection title="Attività" className="lg:col-span-3">
          <Timeline entityType="supplier" entityId={supplier.id} limit={10} />
        </DetailSection>
      </div>
    </>
  );
}
