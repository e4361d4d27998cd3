import { ClipboardList, FileSignature, HardHat, Package, UserRound } from "lucide-react";
import { Link, useParams } from "wouter";
import type { EstimateDetail } from "@domain/estimates";
import { formatDate, formatDateTime, formatDecimal, formatEuro, formatPercent } from "@domain/format";
import { ratio } from "@domain/money";
import { clientTypes, contractStatuses, orderStatuses, siteStatuses, surveyStatuses } from "@domain/statuses";
import { documentTreatmentLabels } from "@domain/vat";
import { VatTotals } from "@web/components/vat-totals";
import { countLabel } from "@domain/wording";
import { DetailHeader, DetailSection, DetailShell } from "@web/components/detail/detail-shell";
import { InfoItem } from "@web/components/detail/info-item";
import { Timeline } from "@web/components/timeline";
import { Badge } from "@web/components/ui/badge";
import { Progress } from "@web/components/ui/progress";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@web/components/ui/table";
import { useEstimate } from "../api/get-estimate";
import { EstimateActionsBar } from "../components/estimate-actions-bar";
import { EstimateExpiryBadge, EstimateStatusBadge } from "../components/estimate-badges";
import { paths } from "@web/lib/paths";

function CostAnalysis({ e }: { e: EstimateDetail }) {
  const share = (part: string) => formatPercent(ratio(part, e.totalAmount, 1));
  return (
    <DetailSection title="Analisi dei costi">
      <div className="grid gap-4 sm:grid-cols-2">
        {(
          [
            ["Materiali", e.materialsCost],
            ["Manodopera", e.laborCost],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-md border border-border p-3">
            <div className="flex justify-between text-sm">
              <span className="text-muted-foreground">{label}</span>
              <span>{share(value)}</span>
            </div>
            <div className="mt-1 text-lg font-semibold tabular-nums">{formatEuro(value)}</div>
            <Progress
              value={Number(ratio(value, e.totalAmount, 0))}
              className="mt-2"
              label={`${label}: ${share(value)} del totale`}
            />
          </div>
        ))}
      </div>

      <h3 className="mt-6 mb-2 font-semibold">Voci</h3>
      {e.items.length === 0 && !e.order ? (
        <p className="text-sm text-muted-foreground">Nessuna voce.</p>
      ) : (
        <Table aria-label="Voci del preventivo">
          <TableHeader>
            <TableRow>
              <TableHead>Descrizione</TableHead>
              <TableHead className="hidden text-right sm:table-cell">Quantità</TableHead>
              <TableHead className="hidden text-right sm:table-cell">Prezzo unit.</TableHead>
              <TableHead className="text-right">IVA</TableHead>
              <TableHead className="text-right">Totale</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {e.items.map((i) => (
              <TableRow key={i.id}>
                <TableCell>
                  <div className="min-w-32">{i.description}</div>
                  {i.notes ? <div className="text-sm text-muted-foreground">{i.notes}</div> : null}
                  {/* On a phone quantity and price go under the description: Totale stays on screen. */}
                  <div className="text-sm text-muted-foreground tabular-nums sm:hidden">
                    {formatDecimal(i.quantity)} {i.unit} × {formatEuro(i.unitPrice)}
                  </div>
                </TableCell>
                <TableCell className="hidden text-right whitespace-nowrap sm:table-cell">
                  {formatDecimal(i.quantity)} {i.unit}
                </TableCell>
                <TableCell className="hidden text-right whitespace-nowrap tabular-nums sm:table-cell">
                  {formatEuro(i.unitPrice)}
                </TableCell>
                <TableCell className="text-right whitespace-nowrap">
                  {i.natura ?? `${i.vatRate}%`}
                  {i.significantGood ? <span title="Bene significativo"> · bene significativo</span> : null}
                </TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{formatEuro(i.totalPrice)}</TableCell>
              </TableRow>
            ))}
            {e.order ? (
              <TableRow>
                <TableCell>
                  Materiali da ordine{" "}
                  <Link href={paths.admin.order(e.order.id)} className="underline">
                    {e.order.number}
                  </Link>{" "}
                  - {e.order.title}
                </TableCell>
                <TableCell className="hidden text-right sm:table-cell">1</TableCell>
                <TableCell className="hidden text-right tabular-nums sm:table-cell">
                  {formatEuro(e.order.totalAmount)}
                </TableCell>
                <TableCell className="text-right whitespace-nowrap">
                  {e.items[0] ? (e.items[0].natura ?? `${e.items[0].vatRate}%`) : ""}
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatEuro(e.order.totalAmount)}</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      )}

      <h3 className="mt-6 mb-2 font-semibold">Riepilogo IVA</h3>
      <VatTotals
        className="sm:ml-auto sm:w-96"
        vat={e.vat}
        error={e.vat ? null : "L'IVA non è calcolabile con i dati attuali del cliente: correggi il preventivo"}
      />
    </DetailSection>
  );
}

export default function EstimateDetailPage() {
  const { id = "" } = useParams<{ id: string }>();
  return (
    <DetailShell
      query={useEstimate(id)}
      loadingLabel="Caricamento preventivo..."
      notFoundTitle="Preventivo non trovato"
      failedTitle="Impossibile caricare il preventivo"
      backHref={paths.admin.estimates()}
      backLabel="Torna ai preventivi"
    >
      {(e) => <EstimateDetailView e={e} />}
    </DetailShell>
  );
}

function EstimateDetailView({ e }: { e: EstimateDetail }) {
  return (
    <>
      <DetailHeader
        back={{ href: paths.admin.estimates(), label: "Preventivi" }}
        overline={`Preventivo ${e.number}`}
        title={e.title}
        status={
          <>
            <EstimateStatusBadge status={e.status} />
            <EstimateExpiryBadge status={e.status} expiresAt={e.expiresAt} />
          </>
        }
        actions={<EstimateActionsBar estimate={e} clientEmail={e.client.email} />}
        stacked
      />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 grid-cols-1 gap-6 lg:col-span-2">
          <DetailSection title="Informazioni generali">
            <dl className="grid gap-4 sm:grid-cols-2">
              <InfoItem label="Numero">{e.number}</InfoItem>
              <InfoItem label="Data di creazione">{formatDate(e.createdAt)}</InfoItem>
              <InfoItem label="Validità">{countLabel(e.validityDays, "giorno", "giorni")}</InfoItem>
              <InfoItem label="Valido fino al">{formatDate(e.expiresAt)}</InfoItem>
              <InfoItem label="Trattamento IVA">{documentTreatmentLabels[e.treatment]}</InfoItem>
              <InfoItem label="Totale (IVA inclusa)">
                <span className="font-semibold">{formatEuro(e.grossTotal)}</span>
              </InfoItem>
              {e.sentAt ? <InfoItem label="Inviato il">{formatDateTime(e.sentAt)}</InfoItem> : null}
              {e.acceptedAt ? (
                <InfoItem label="Accettato">
                  {`${e.acceptedBy ?? ""} · ${formatDateTime(e.acceptedAt)}`}
                  {e.acceptedIp ? <span className="block text-sm text-muted-foreground">IP {e.acceptedIp}</span> : null}
                </InfoItem>
              ) : null}
              {e.rejectedAt ? <InfoItem label="Rifiutato il">{formatDateTime(e.rejectedAt)}</InfoItem> : null}
              <InfoItem label="Descrizione dei lavori" className="sm:col-span-2">
                <span className="whitespace-pre-line">{e.description}</span>
              </InfoItem>
            </dl>
          </DetailSection>
          <CostAnalysis e={e} />
          <DetailSection title="Cronologia">
            <Timeline entityType="estimate" entityId={e.id} />
          </DetailSection>
        </div>

        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <DetailSection title="Cliente" icon={UserRound}>
            <Link href={paths.admin.client(e.client.id)} className="font-medium hover:underline">
              {e.client.name}
            </Link>
            <div className="mt-1">
              <Badge variant="outline">{clientTypes.label(e.client.type)}</Badge>
            </div>
            <dl className="mt-3 grid gap-2 text-sm">
              <InfoItem label="Indirizzo">{[e.client.address, e.client.city].filter(Boolean).join(", ")}</InfoItem>
              <InfoItem label="E-mail">
                {e.client.email ? (
                  <a href={`mailto:${e.client.email}`} className="underline">
                    {e.client.email}
                  </a>
                ) : null}
              </InfoItem>
              <InfoItem label="Telefono">
                {e.client.phone ? (
                  <a href={`tel:${e.client.phone}`} className="underline">
                    {e.client.phone}
                  </a>
                ) : null}
              </InfoItem>
            </dl>
          </DetailSection>
          <DetailSection title="Sopralluogo" icon={ClipboardList}>
            {e.survey ? (
              <Link href={paths.admin.survey(e.survey.id)} className="block hover:underline">
                <span className="font-medium">{formatDate(e.survey.date)}</span> · {e.survey.address}
                <span className="block text-sm text-muted-foreground">{surveyStatuses.label(e.survey.status)}</span>
              </Link>
            ) : (
              <p className="text-sm text-muted-foreground">Nessun sopralluogo collegato</p>
            )}
          </DetailSection>
          {e.order ? (
            <DetailSection title="Ordine collegato" icon={Package}>
              <Link href={paths.admin.order(e.order.id)} className="font-medium hover:underline">
                {e.order.number}
              </Link>
              <p className="text-sm">{e.order.title}</p>
              <p className="text-sm text-muted-foreground">
                {orderStatuses.label(e.order.status)} · {formatEuro(e.order.totalAmount)}
              </p>
            </DetailSection>
          ) : null}
          <DetailSection title="Contratti generati" icon={FileSignature}>
            {e.contracts.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                Il contratto viene creato quando il preventivo è accettato.
              </p>
            ) : (
              <ul className="grid gap-2">
                {e.contracts.map((c) => (
                  <li key={c.id}>
                    <Link href={paths.admin.contract(c.id)} className="font-medium hover:underline">
                      {c.number}
                    </Link>
                    <span className="block text-sm text-muted-foreground">
                      {contractStatuses.label(c.status)} ·{" "}
                      {c.signedDate ? `firmato il ${formatDate(c.signedDate)}` : "Non firmato"}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </DetailSection>
          <DetailSection title="Cantieri collegati" icon={HardHat}>
            {e.sites.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nessun cantiere collegato</p>
            ) : (
              <ul className="grid gap-3">
                {e.sites.map((s) => (
                  <li key={s.id}>
                    <Link href={paths.admin.site(s.id)} className="font-medium hover:underline">
                      {s.name}
                    </Link>
                    <span className="block text-sm text-muted-foreground">
                      {siteStatuses.label(s.status)} · {s.progress}%
                    </span>
                    <Progress value={s.progress} className="mt-1" label={`Avanzamento ${s.name}`} />
                  </li>
                ))}
              </ul>
            )}
          </DetailSection>
        </div>
      </div>
    </>
  );
}
