import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { PageHeader } from "@web/components/ui/page-header";
import { Skeleton } from "@web/components/ui/skeleton";
import { StatCard } from "@web/components/ui/stat-card";

/** One card of the dashboard's first row; the figure is undefined until the answer comes. */
export type Indicator = { title: string; value: string | number | undefined; icon: LucideIcon; hint?: string };

/**
 * The top of every dashboard, the office's and the technician's: title, the load error and the
 * row of indicator cards. Which figures a role reads is the caller's choice of `indicators`: the
 * server sends a technician no money (docs/domain/roles.md), so his list has no amount to hide.
 */
export function DashboardTop({
  title,
  description,
  label,
  indicators,
  isPending,
  isError,
}: {
  title: string;
  description: ReactNode;
  /** The accessible name of the row of cards. */
  label: string;
  indicators: Indicator[];
  isPending: boolean;
  isError: boolean;
}) {
  return (
    <>
      <PageHeader title={title} description={description} />
      {isError ? (
        <p role="alert" className="mb-4 text-destructive">
          Impossibile caricare i dati della dashboard. Riprova.
        </p>
      ) : null}
      <section aria-label={label} className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {indicators.map(({ title: cardTitle, value, icon, hint }) => (
          <StatCard
            key={cardTitle}
            title={cardTitle}
            value={isPending ? <Skeleton className="h-8 w-20" /> : isError ? "—" : value}
            icon={icon}
            hint={hint}
          />
        ))}
      </section>
    </>
  );
}

/** A titled card of the dashboard (recent activity, quick actions, the technician's lists). */
export function DashboardCard({
  title,
  contentClassName,
  children,
}: {
  title: string;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
