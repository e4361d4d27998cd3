import { AlertTriangle, CalendarDays, ClipboardList, HardHat } from "lucide-react";
import { Link } from "wouter";
import type { TecnicoDashboard as TecnicoDashboardData } from "@domain/dashboard";
import { formatLongDate } from "@domain/format";
import { siteStatuses, surveyStatuses, type SiteStatus, type SurveyStatus } from "@domain/statuses";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { EmptyState } from "@web/components/ui/empty-state";
import { PageHeader } from "@web/components/ui/page-header";
import { Skeleton } from "@web/components/ui/skeleton";
import { StatCard } from "@web/components/ui/stat-card";
import { paths } from "@web/lib/paths";

/**
 * A technician's dashboard (docs/domain/roles.md): the counts of his work and today's
 * surveys. The server sends him no revenue, totals or invoices, so there is nothing to hide.
 */
export function TecnicoDashboard({
  data,
  isPending,
  isError,
}: {
  data: TecnicoDashboardData | undefined;
  isPending: boolean;
  isError: boolean;
}) {
  const value = (v: number | undefined) => (isPending ? <Skeleton className="h-8 w-20" /> : isError ? "—" : v);
  return (
    <>
      <PageHeader
        title="Riepilogo del lavoro"
        description={data ? `Sopralluoghi e cantieri, ${formatLongDate(data.date)}` : "Sopralluoghi e cantieri"}
      />
      {isError ? (
        <p role="alert" className="mb-4 text-destructive">
          Impossibile caricare i dati della dashboard. Riprova.
        </p>
      ) : null}
      <section aria-label="Indicatori del lavoro" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard title="Sopralluoghi di oggi" value={value(data?.cards.surveysToday)} icon={ClipboardList} />
        <StatCard
          title="Sopralluoghi nei prossimi 7 giorni"
          value={value(data?.cards.surveysNextWeek)}
          icon={CalendarDays}
          hint="Programmati"
        />
        <StatCard title="Cantieri attivi" value={value(data?.cards.activeSites)} icon={HardHat} hint="In corso" />
        <StatCard
          title="Cantieri in ritardo"
          value={value(data?.cards.lateSites)}
          icon={AlertTriangle}
          hint="Oltre la fine prevista"
        />
      </section>

      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Sopralluoghi di oggi</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            {isPending ? (
              <Skeleton className="h-16 w-full" />
            ) : data && data.todaySurveys.length > 0 ? (
              <ul className="divide-y divide-border">
                {data.todaySurveys.map((s) => (
                  <li key={s.id}>
                    <Link
                      href={paths.admin.survey(s.id)}
                      className="flex flex-wrap items-baseline gap-x-3 py-2 hover:underline"
                    >
                      <span className="font-medium tabular-nums">{s.time ?? "—"}</span>
                      <span className="font-medium">{s.clientName ?? "Cliente non trovato"}</span>
                      <span className="text-sm text-muted-foreground">{s.address}</span>
                      <span className="text-sm text-muted-foreground">
                        {surveyStatuses.label(s.status as SurveyStatus)}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <EmptyState
                title="Nessun sopralluogo oggi"
                description="I sopralluoghi programmati compaiono qui nel giorno previsto."
              />
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Cantieri per stato</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            {isPending ? (
              <Skeleton className="h-16 w-full" />
            ) : (
              <ul className="space-y-2">
                {data?.sitesByStatus.map((s) => (
                  <li key={s.status} className="flex justify-between gap-3">
                    <Link href={paths.admin.sites({ status: s.status })} className="hover:underline">
                      {siteStatuses.label(s.status as SiteStatus)}
                    </Link>
                    <span className="tabular-nums">
                      {s.count}
                      {s.late > 0 ? <span className="ml-2 text-sm text-destructive">({s.late} in ritardo)</span> : null}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}
