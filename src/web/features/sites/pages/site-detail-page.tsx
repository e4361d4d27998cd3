import { AlertTriangle, FileText, MapPin, Pencil, Phone, Trash2 } from "lucide-react";
import { DetailHeader, DetailSection, DetailShell, type Loaded } from "@web/components/detail/detail-shell";
import { useState, type ReactNode } from "react";
import { Link, useLocation, useParams } from "wouter";
import { daysBetween, todayIso } from "@domain/dates";
import { formatDate, formatDateTime, formatEuro } from "@domain/format";
import { siteAlerts, workTypeLabels } from "@domain/sites";
import { contractStatuses, estimateStatuses, orderStatuses } from "@domain/statuses";
import { formatAddress } from "@domain/wording";
import { AttachmentsPanel } from "@web/components/attachments";
import { SiteSafetyCard } from "@web/components/compliance";
import { Timeline } from "@web/components/timeline";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent } from "@web/components/ui/card";
import { Progress } from "@web/components/ui/progress";
import { useCan } from "@web/lib/use-can";
import { useSite } from "../api/get-site";
import { DeleteSiteDialog } from "../components/delete-site-dialog";
import { ProgressRing } from "../components/progress-ring";
import { SiteFormDialog } from "../components/site-form-dialog";
import { SiteProgressDialog } from "../components/site-progress-dialog";
import { LateBadge, SiteStatusBadge } from "../components/site-status-badge";
import { AssigneeLabel } from "@web/components/team/person-dot";
import { paths } from "@web/lib/paths";

function Info({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 wrap-anywhere">
        {children === null || children === undefined || children === "" ? "—" : children}
      </dd>
    </div>
  );
}

export default function SiteDetailPage() {
  const { id = "" } = useParams<{ id: string }>();
  return (
    <DetailShell
      query={useSite(id)}
      loadingLabel="Caricamento dettagli cantiere..."
      notFoundTitle="Cantiere non trovato"
      failedTitle="Impossibile caricare il cantiere"
      backHref={paths.admin.sites()}
      backLabel="Torna ai cantieri"
    >
      {(site) => <SiteDetail site={site} />}
    </DetailShell>
  );
}

function SiteDetail({ site }: { site: Loaded<typeof useSite> }) {
  const [, navigate] = useLocation();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [updatingProgress, setUpdatingProgress] = useState(false);
  const can = useCan();

  const today = todayIso();
  const alerts = siteAlerts(site, today);
  // A technician's answer has no budget, amounts, costs or contracts (docs/domain/roles.md).
  const full = "costAnalysis" in site ? site : null;
  const cost = full?.costAnalysis ?? null;
  const daysLeft = site.estimatedEndDate ? daysBetween(today, site.estimatedEndDate) : null;
  const daysRunning = site.startDate ? Math.max(0, daysBetween(site.startDate, today)) : null;

  return (
    <>
      <DetailHeader
        back={{ href: paths.admin.sites(), label: "Cantieri" }}
        title={site.name}
        status={
          <>
            <SiteStatusBadge status={site.status} />
            {site.late ? <LateBadge /> : null}
          </>
        }
        actions={
          <>
            {can("sites.write") ? (
              <>
                <Button variant="outline" onClick={() => setEditing(true)}>
                  <Pencil aria-hidden className="size-4" />
                  Modifica
                </Button>
                <Button variant="outline" onClick={() => setDeleting(true)}>
                  <Trash2 aria-hidden className="size-4 text-destructive" />
                  Elimina
                </Button>
              </>
            ) : can("sites.progress") ? (
              <Button variant="outline" onClick={() => setUpdatingProgress(true)}>
                <Pencil aria-hidden className="size-4" />
                Aggiorna avanzamento
              </Button>
            ) : null}
          </>
        }
      >
        <p className="mt-2 flex items-start gap-1 text-sm text-muted-foreground">
          <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
          {site.address}
        </p>
      </DetailHeader>

      <Card className="mb-4">
        <CardContent className="pt-4 sm:pt-6">
          <div className="mb-2 flex justify-between">
            <h2 className="font-semibold">Avanzamento lavori</h2>
            <span className="font-semibold tabular-nums">{site.progress}%</span>
          </div>
          <Progress value={site.progress} label="Avanzamento lavori" />
          {cost ? (
            <dl className="mt-4 grid grid-cols-3 gap-3">
              <Info label="Completato">{formatEuro(cost.valueDone)}</Info>
              <Info label="Rimanente">{formatEuro(cost.valueRemaining)}</Info>
              <Info label="Valore totale">{formatEuro(cost.estimateTotal)}</Info>
            </dl>
          ) : null}
        </CardContent>
      </Card>

      {alerts.length ? (
        <section aria-label="Avvisi" className="mb-4 space-y-2">
          {alerts.map((a) => (
            <p
              key={a.kind}
              role="status"
              className="flex items-center gap-2 rounded-md border border-warning/40 bg-warning-soft px-3 py-2 text-sm text-warning-soft-foreground"
            >
              <AlertTriangle aria-hidden className="size-4 shrink-0" />
              {a.kind === "slow" ? <strong>Progresso lento</strong> : <strong>In ritardo</strong>}
              <span>{a.message}</span>
            </p>
          ))}
        </section>
      ) : null}

      <div className="mb-4">
        <SiteSafetyCard siteId={site.id} canWrite={can("sites.write")} canPhotograph={can("sites.progress")} />
      </div>

      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <DetailSection title="Informazioni cantiere">
            <dl className="grid grid-cols-2 gap-4">
              <Info label="Data di inizio">{site.startDate ? formatDate(site.startDate) : "Da definire"}</Info>
              <Info label="Fine prevista">
                {site.estimatedEndDate ? formatDate(site.estimatedEndDate) : "Da definire"}
              </Info>
              <Info label="Fine effettiva">{site.endDate ? formatDate(site.endDate) : null}</Info>
              <Info label="Tipo di lavoro">
                {site.workType ? workTypeLabels[site.workType as keyof typeof workTypeLabels] : null}
              </Info>
              <Info label="Superficie">{site.surfaceArea ? `${site.surfaceArea.replace(".", ",")} mq` : null}</Info>
              <Info label="Piani">{site.floorsCount}</Info>
              <Info label="Operai previsti">{site.expectedWorkers}</Info>
              {full ? (
                <Info label="Budget stimato">{full.estimatedBudget ? formatEuro(full.estimatedBudget) : null}</Info>
              ) : null}
              <Info label="Responsabile">{site.siteManager}</Info>
              <Info label="Tecnico assegnato">
                {site.assignedUser ? <AssigneeLabel user={site.assignedUser} /> : null}
              </Info>
              <Info label="Telefono di emergenza">
                {site.emergencyPhone ? (
                  <a
                    href={`tel:${site.emergencyPhone}`}
                    className="inline-flex items-center gap-1 text-primary hover:underline"
                  >
                    <Phone aria-hidden className="size-3.5" />
                    {site.emergencyPhone}
                  </a>
                ) : null}
              </Info>
              <Info label="Materiali principali" className="col-span-2">
                {site.mainMaterials}
              </Info>
              <Info label="Permessi">{site.permits}</Info>
              <Info label="Requisiti di sicurezza">{site.safetyRequirements}</Info>
              <Info label="Condizioni di accesso">{site.accessConditions}</Info>
              <Info label="Attrezzature speciali">{site.specialEquipment}</Info>
              <Info label="Ponteggi">{site.usesScaffolding ? "Sì (PIMUS richiesto)" : "No"}</Info>
              {site.notes ? (
                <Info label="Note" className="col-span-2">
                  <span className="whitespace-pre-line">{site.notes}</span>
                </Info>
              ) : null}
            </dl>
          </DetailSection>

          {cost && full ? (
            <DetailSection title="Analisi costi">
              <dl className="grid grid-cols-3 gap-3">
                <Info label="Totale ordini">{formatEuro(cost.ordersTotal)}</Info>
                <Info label="Valore preventivo">{formatEuro(cost.estimateTotal)}</Info>
                <Info label="Incidenza costi">{`${cost.costPercent.replace(".", ",")}%`}</Info>
              </dl>
              <h3 className="mt-4 mb-2 text-sm font-semibold">Ordini collegati</h3>
              {full.orders.length === 0 ? (
                <p className="text-sm text-muted-foreground">Nessun ordine collegato a questo cantiere</p>
              ) : (
                <ul
                  className="max-h-40 divide-y divide-border overflow-y-auto rounded-md border border-border"
                  tabIndex={0}
                  aria-label="Ordini collegati"
                >
                  {full.orders.map((o) => (
                    <li key={o.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
                      <Link href={paths.admin.order(o.id)} className="font-medium hover:underline">
                        {o.number}
                      </Link>
                      <span className="min-w-0 flex-1 truncate">
                        {o.title} · {o.supplierName}
                      </span>
                      <Badge variant="outline">{orderStatuses.label(o.status)}</Badge>
                      <span className="tabular-nums">{formatEuro(o.totalAmount)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </DetailSection>
          ) : site.orders.length > 0 ? (
            <DetailSection title="Ordini collegati">
              <ul className="divide-y divide-border">
                {site.orders.map((o) => (
                  <li key={o.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
                    <Link href={paths.admin.order(o.id)} className="font-medium hover:underline">
                      {o.number}
                    </Link>
                    <span className="min-w-0 flex-1 truncate">
                      {o.title} · {o.supplierName}
                    </span>
                    <Badge variant="outline">{orderStatuses.label(o.status)}</Badge>
                  </li>
                ))}
              </ul>
            </DetailSection>
          ) : null}

          {full ? (
            <DetailSection title="Contratti collegati">
              {full.contracts.length === 0 ? (
                <p className="text-sm text-muted-foreground">Nessun contratto per il preventivo di questo cantiere</p>
              ) : (
                <ul className="divide-y divide-border">
                  {full.contracts.map((c) => (
                    <li key={c.id} className="flex flex-wrap items-center gap-3 py-2 text-sm">
                      <Link href={paths.admin.contract(c.id)} className="font-medium hover:underline">
                        {c.number}
                      </Link>
                      <Badge variant="outline">{contractStatuses.label(c.status)}</Badge>
                      <span className="text-muted-foreground">
                        {c.signedDate ? `Firmato il ${formatDate(c.signedDate)}` : "Non firmato"}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </DetailSection>
          ) : null}

          <AttachmentsPanel entityType="site" entityId={site.id} shareable />

          {can("activity") ? (
            <DetailSection title="Cronologia">
              <Timeline entityType="site" entityId={site.id} />
            </DetailSection>
          ) : null}
        </div>

        <div className="space-y-4">
          <DetailSection title="Statistiche">
            <div className="flex flex-col items-center gap-3">
              <ProgressRing value={site.progress} />
              <dl className="grid w-full grid-cols-2 gap-3 text-center text-sm">
                <Info label="Giorni di lavoro">{daysRunning ?? "—"}</Info>
                <Info label={daysLeft !== null && daysLeft < 0 ? "Giorni di ritardo" : "Giorni alla fine"}>
                  {daysLeft === null ? "—" : Math.abs(daysLeft)}
                </Info>
                <Info label="Ordini">{site.orders.length}</Info>
                {full ? <Info label="Contratti">{full.contracts.length}</Info> : null}
              </dl>
            </div>
          </DetailSection>

          <DetailSection title="Cliente">
            <Link href={paths.admin.client(site.client.id)} className="font-medium hover:underline">
              {site.client.name}
            </Link>
            <p className="text-sm text-muted-foreground">{formatAddress(site.client)}</p>
            {site.client.phone ? (
              <a href={`tel:${site.client.phone}`} className="mt-1 block text-sm text-primary hover:underline">
                {site.client.phone}
              </a>
            ) : null}
            {site.client.email ? (
              <a href={`mailto:${site.client.email}`} className="block text-sm text-primary hover:underline">
                {site.client.email}
              </a>
            ) : null}
          </DetailSection>

          <DetailSection title="Preventivo di riferimento">
            <div className="flex items-center gap-2">
              <FileText aria-hidden className="size-4 text-muted-foreground" />
              {can("estimates") ? (
                <Link href={paths.admin.estimate(site.estimate.id)} className="font-medium hover:underline">
                  {site.estimate.number}
                </Link>
              ) : (
                <span className="font-medium">{site.estimate.number}</span>
              )}
              <Badge variant="outline">{estimateStatuses.label(site.estimate.status)}</Badge>
            </div>
            <p className="mt-1 text-sm">{site.estimate.title}</p>
            {full ? (
              <p className="mt-1 text-sm">
                Imponibile <strong className="tabular-nums">{formatEuro(full.estimate.totalAmount)}</strong>
              </p>
            ) : null}
          </DetailSection>

          <DetailSection title="Informazioni rapide">
            <dl className="space-y-2 text-sm">
              <Info label="Orario di lavoro">{site.workingHours}</Info>
              <Info label="Creato il">{formatDateTime(site.createdAt)}</Info>
              <Info label="Ultima modifica">{formatDateTime(site.updatedAt)}</Info>
            </dl>
          </DetailSection>
        </div>
      </div>

      {full ? (
        <SiteFormDialog
          open={editing}
          onOpenChange={setEditing}
          site={{ ...full, estimateNumber: full.estimate.number, estimateTitle: full.estimate.title }}
        />
      ) : null}
      <SiteProgressDialog open={updatingProgress} onOpenChange={setUpdatingProgress} site={site} />
      <DeleteSiteDialog
        site={deleting ? site : null}
        onOpenChange={setDeleting}
        onDeleted={() => navigate(paths.admin.sites(), { replace: true })}
      />
    </>
  );
}
