import { AlertTriangle, BellRing, Building2, CheckCircle2, Euro, FileText, HardHat } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link } from "wouter";
import { formatEuro } from "@domain/format";
import { ComplianceAttentionCard } from "@web/components/compliance";
import { Skeleton } from "@web/components/ui/skeleton";
import { useCan } from "@web/lib/use-can";
import { isTecnicoDashboard, useDashboard } from "../api/get-dashboard";
import { DashboardTop } from "../components/dashboard-parts";
import { QuickActions } from "../components/quick-actions";
import { RecentActivity } from "../components/recent-activity";
import { TecnicoDashboard } from "../components/tecnico-dashboard";
import { paths } from "@web/lib/paths";

// recharts is heavy: its chunk is fetched only when the dashboard draws its charts.
const DashboardCharts = lazy(() => import("../components/dashboard-charts"));

const chartsFallback = (
  <div className="grid gap-4 lg:grid-cols-2" aria-busy="true">
    <Skeleton className="h-80 w-full lg:col-span-2" />
    <Skeleton className="h-80 w-full" />
    <Skeleton className="h-80 w-full" />
  </div>
);

export default function DashboardPage() {
  const can = useCan();
  return can("money") ? <OfficeDashboard /> : <TecnicoDashboardPage />;
}

function TecnicoDashboardPage() {
  const { data, isPending, isError } = useDashboard();
  return (
    <TecnicoDashboard data={isTecnicoDashboard(data) ? data : undefined} isPending={isPending} isError={isError} />
  );
}

function OfficeDashboard() {
  const query = useDashboard();
  const { isPending, isError } = query;
  const data = isTecnicoDashboard(query.data) ? undefined : query.data;
  const overdue = data?.overdueInvoices;

  return (
    <>
      <DashboardTop
        title="Dashboard Amministratore"
        description="Panoramica generale delle attività aziendali"
        label="Indicatori principali"
        isPending={isPending}
        isError={isError}
        indicators={[
          { title: "Clienti Attivi", value: data?.cards.activeClients, icon: Building2 },
          {
            title: "Preventivi in Corso",
            value: data?.cards.quotesInProgress,
            icon: FileText,
            hint: "Bozze e inviati",
          },
          { title: "Cantieri Attivi", value: data?.cards.activeSites, icon: HardHat, hint: "In corso" },
          {
            title: "Fatturato Mensile",
            value: data ? formatEuro(data.cards.monthlyRevenue) : undefined,
            icon: Euro,
            hint: "Incassi registrati questo mese",
          },
        ]}
      />

      {overdue ? (
        overdue.count > 0 ? (
          <Link
            href={paths.admin.invoices()}
            className="mt-4 flex items-center gap-3 rounded-lg border border-destructive/40 bg-destructive-soft p-4 text-destructive-soft-foreground hover:underline"
          >
            <AlertTriangle aria-hidden className="size-5 shrink-0" />
            <span>
              <strong>{overdue.count === 1 ? "1 fattura scaduta" : `${overdue.count} fatture scadute`}</strong> da
              incassare per un totale di <strong>{formatEuro(overdue.total)}</strong>
            </span>
          </Link>
        ) : (
          <p className="mt-4 flex items-center gap-3 rounded-lg border border-success/30 bg-success-soft p-4 text-success-soft-foreground">
            <CheckCircle2 aria-hidden className="size-5 shrink-0" />
            Nessuna fattura scaduta
          </p>
        )
      ) : null}

      {data && data.remindersDue.length > 0 ? (
        <section aria-labelledby="reminders-due" className="mt-4 rounded-lg border border-border p-4">
          <h2 id="reminders-due" className="mb-2 flex items-center gap-2 font-semibold">
            <BellRing aria-hidden className="size-5" />
            Fatture da sollecitare
          </h2>
          <ul className="divide-y divide-border text-sm">
            {data.remindersDue.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <Link href={paths.admin.invoice(r.id)} className="font-medium underline">
                    {r.number}
                  </Link>{" "}
                  · {r.clientName} · scaduta da {r.daysPastDue} {r.daysPastDue === 1 ? "giorno" : "giorni"}
                  {r.remindersSent ? ` · ${r.remindersSent} ${r.remindersSent === 1 ? "sollecito" : "solleciti"}` : ""}
                </span>
                <span className="font-medium tabular-nums">{formatEuro(r.remainder)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="mt-4">
        <ComplianceAttentionCard />
      </div>

      <div className="mt-6 grid gap-4 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <RecentActivity />
        </div>
        <QuickActions />
      </div>

      <section aria-label="Grafici" className="mt-6">
        {data ? (
          <Suspense fallback={chartsFallback}>
            <DashboardCharts data={data} />
          </Suspense>
        ) : isPending ? (
          chartsFallback
        ) : null}
      </section>
    </>
  );
}
