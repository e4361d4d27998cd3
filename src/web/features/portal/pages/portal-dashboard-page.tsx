import {
  CalendarPlus,
  CheckCircle2,
  ClipboardList,
  FileText,
  Hammer,
  Mail,
  MapPin,
  Phone,
  Receipt,
} from "lucide-react";
import { Link } from "wouter";
import { todayIso } from "@domain/dates";
import { formatDate, formatEuro, formatLongDate } from "@domain/format";
import type { PortalDashboard } from "@domain/portal";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { EmptyState } from "@web/components/ui/empty-state";
import { Progress } from "@web/components/ui/progress";
import { Skeleton } from "@web/components/ui/skeleton";
import { StatCard } from "@web/components/ui/stat-card";
import { useCompany } from "@web/lib/company";
import { usePortalDashboard } from "../api/get-dashboard";
import { EstimateStatusBadge, InvoiceStatusBadge } from "../components/document-status-badge";
import { ProjectStatusBadge } from "../components/project-status-badge";
import { paths } from "@web/lib/paths";

function Projects({ projects }: { projects: PortalDashboard["projects"] }) {
  if (projects.length === 0)
    return <p className="text-sm text-muted-foreground">Non ci sono progetti attivi al momento</p>;
  return (
    <ul className="grid gap-3">
      {projects.map((p) => (
        <li key={p.id}>
          <Link
            href={paths.portal.project(p.id)}
            className="block rounded-lg border border-border p-4 transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <span className="font-medium">{p.name}</span>
              <ProjectStatusBadge status={p.status} />
            </div>
            <p className="mt-1 flex items-start gap-1 text-sm text-muted-foreground">
              <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
              {p.address}
            </p>
            <div className="mt-3 flex flex-wrap justify-between gap-2 text-sm">
              <span>Avanzamento: {p.progress}%</span>
              <span className="text-muted-foreground">
                Fine prevista: {p.estimatedEndDate ? formatDate(p.estimatedEndDate) : "Da definire"}
              </span>
            </div>
            <Progress value={p.progress} label={`Avanzamento ${p.name}`} className="mt-2" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Documents({ data }: { data: PortalDashboard }) {
  const today = todayIso();
  if (data.estimates.length === 0 && data.invoices.length === 0) {
    return <p className="text-sm text-muted-foreground">Nessun documento disponibile</p>;
  }
  return (
    <ul className="divide-y divide-border">
      {data.estimates.map((e) => (
        <li key={e.id}>
          <Link href={paths.portal.estimate(e.id)} className="flex items-center gap-3 py-3 hover:bg-accent/60">
            <FileText aria-hidden className="size-5 shrink-0 text-primary" />
            <span className="min-w-0 flex-1">
              <span className="block font-medium">Preventivo {e.number}</span>
              <span className="block truncate text-sm text-muted-foreground">{e.title}</span>
            </span>
            <span className="grid justify-items-end gap-1 text-sm">
              <span className="tabular-nums">{formatEuro(e.grossTotal)}</span>
              <EstimateStatusBadge status={e.status} expired={e.expiresAt < today} />
            </span>
          </Link>
        </li>
      ))}
      {data.invoices.map((i) => (
        <li key={i.id}>
          <Link href={paths.portal.invoice(i.id)} className="flex items-center gap-3 py-3 hover:bg-accent/60">
            <Receipt aria-hidden className="size-5 shrink-0 text-primary" />
            <span className="min-w-0 flex-1">
              <span className="block font-medium">Fattura {i.number}</span>
              <span className="block text-sm text-muted-foreground">Scadenza {formatDate(i.dueDate)}</span>
            </span>
            <span className="grid justify-items-end gap-1 text-sm">
              <span className="tabular-nums">{formatEuro(i.totalAmount)}</span>
              <InvoiceStatusBadge
                status={i.status}
                kind={i.kind}
                remainder={i.remainder}
                dueDate={i.dueDate}
                today={today}
              />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export default function PortalDashboardPage() {
  const { data, isPending, isError } = usePortalDashboard();
  const { phone, email } = useCompany();

  if (isPending) {
    return (
      <div className="grid gap-4" aria-busy="true">
        <Skeleton className="h-28" />
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
      </div>
    );
  }
  if (isError || !data)
    return <EmptyState title="Impossibile caricare la dashboard" description="Riprova tra qualche istante." />;

  return (
    <div className="grid gap-6">
      <section className="rounded-xl bg-primary p-5 text-primary-foreground sm:p-6" aria-labelledby="welcome">
        <h1 id="welcome" className="text-2xl font-semibold">
          Benvenuto, {data.client.name}
        </h1>
        <p className="mt-1 opacity-90">Ultimo accesso: {formatLongDate(todayIso())}</p>
      </section>

      <section aria-label="Riepilogo" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard title="Preventivi Attivi" value={data.counters.activeEstimates} icon={ClipboardList} />
        <StatCard title="Lavori in Corso" value={data.counters.sitesInProgress} icon={Hammer} />
        <StatCard title="Fatture Pendenti" value={data.counters.pendingInvoices} icon={Receipt} />
        <StatCard title="Progetti Completati" value={data.counters.completedProjects} icon={CheckCircle2} />
      </section>

      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
            <CardTitle>I Miei Progetti</CardTitle>
            <Link href={paths.portal.projects()} className="text-sm text-primary hover:underline">
              Tutti i progetti
            </Link>
          </CardHeader>
          <CardContent>
            <Projects projects={data.projects} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
            <CardTitle>Documenti Recenti</CardTitle>
            <span className="flex flex-wrap gap-x-3">
              <Link href={paths.portal.estimates()} className="text-sm text-primary hover:underline">
                Tutti i preventivi
              </Link>
              <Link href={paths.portal.invoices()} className="text-sm text-primary hover:underline">
                Tutte le fatture
              </Link>
            </span>
          </CardHeader>
          <CardContent>
            <Documents data={data} />
          </CardContent>
        </Card>
      </div>

      <section aria-labelledby="help" className="grid gap-3">
        <h2 id="help" className="text-lg font-semibold">
          Hai bisogno di aiuto?
        </h2>
        <div className="grid gap-3 sm:grid-cols-3">
          <Card className="flex items-center gap-3 p-4">
            <Phone aria-hidden className="size-6 shrink-0 text-primary" />
            <div className="min-w-0">
              <p className="text-sm text-muted-foreground">Chiamaci</p>
              {phone ? (
                <a href={`tel:${phone.replace(/\s+/g, "")}`} className="font-medium text-primary hover:underline">
                  {phone}
                </a>
              ) : (
                <p>—</p>
              )}
            </div>
          </Card>
          <Card className="flex items-center gap-3 p-4">
            <Mail aria-hidden className="size-6 shrink-0 text-primary" />
            <div className="min-w-0">
              <p className="text-sm text-muted-foreground">Scrivici</p>
              {email ? (
                <a href={`mailto:${email}`} className="font-medium break-all text-primary hover:underline">
                  {email}
                </a>
              ) : (
                <p>—</p>
              )}
            </div>
          </Card>
          <Card className="flex items-center gap-3 p-4">
            <CalendarPlus aria-hidden className="size-6 shrink-0 text-primary" />
            <div className="min-w-0 flex-1">
              <p className="text-sm text-muted-foreground">Sopralluogo gratuito e senza impegno</p>
              <Button asChild variant="link">
                <Link href={paths.portal.surveyRequest()}>Prenota Sopralluogo</Link>
              </Button>
              <Link href={paths.portal.requests()} className="block text-sm text-primary hover:underline">
                Le mie richieste
              </Link>
            </div>
          </Card>
        </div>
      </section>
    </div>
  );
}
