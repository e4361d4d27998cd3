import { AlertTriangle, CalendarDays, ClipboardList, HardHat } from "lucide-react";
import { Link } from "wouter";
import type { TecnicoDashboard as TecnicoDashboardData } from "@domain/dashboard";
import { formatLongDate } from "@domain/format";
import { siteStatuses, surveyStatuses, type SiteStatus, type SurveyStatus } from "@domain/statuses";
import { EmptyState } from "@web/components/ui/empty-state";
import { Skeleton } from "@web/components/ui/skeleton";
import { paths } from "@web/lib/paths";
import { DashboardCard, DashboardTop } from "./dashboard-parts";

/**
 * A technician's dashboard (docs/domain/roles.md): the office's dashboard top and cards with the
 * counts of his work and today's surveys. The server sends him no revenue, totals or invoices,
 * so there is nothing to hide.
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
  return (
    <>
      <DashboardTop
        title="Riepilogo del lavoro"
        description={data ? `Sopralluoghi e cantieri, ${formatLongDate(data.date)}` : "Sopralluoghi e cantieri"}
        label="Indicatori del lavoro"
        isPending={isPending}
        isError={isError}
        indicators={[
          { title: "Sopralluoghi di oggi", value: data?.cards.surveysToday, icon: ClipboardList },
          {
            title: "Sopralluoghi nei prossimi 7 giorni",
            value: data?.cards.surveysNextWeek,
            icon: CalendarDays,
            hint: "Programmati",
          },
          { title: "Cantieri attivi", value: data?.cards.activeSites, icon: HardHat, hint: "In corso" },
          {
            title: "Cantieri in ritardo",
            value: data?.cards.lateSites,
            icon: AlertTriangle,
            hint: "Oltre la fine prevista",
          },
        ]}
      />

      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <DashboardCard title="Sopralluoghi di oggi">
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
        </DashboardCard>
        <DashboardCard title="Cantieri per stato">
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
        </DashboardCard>
      </div>
    </>
  );
}
