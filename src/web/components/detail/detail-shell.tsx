import type { ComponentType, ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { cn } from "@web/lib/cn";
import { BackLink } from "./back-link";
import { DetailLoading, DetailNotFound } from "./detail-states";

/** The part of a detail query the shell needs: TanStack Query's result fits as is. */
export type DetailQueryState<T> = { data: T | undefined; isPending: boolean; error: unknown };

export type DetailShellProps<T> = {
  query: DetailQueryState<T>;
  /** The spinner's text, e.g. "Caricamento contratto...". */
  loadingLabel: string;
  /** "Contratto non trovato" (404, or a malformed id) and "Impossibile caricare il contratto". */
  notFoundTitle: string;
  failedTitle: string;
  /** Where "Torna ai contratti" leads. */
  backHref: string;
  backLabel: string;
  /** Optional lines under the not-found and failed titles; an arrow before the back label. */
  notFoundDescription?: string;
  failedDescription?: string;
  backArrow?: boolean;
  /** A larger spinner in the middle of the page. */
  loadingCentered?: boolean;
  /** The page once the record is there: a component of its own, so that it may use hooks. */
  children: (record: T) => ReactNode;
};

/** Loading, missing or failed, or the record: the three states every detail page shows in the same way. */
export function DetailShell<T>({ query, loadingLabel, loadingCentered, children, ...missing }: DetailShellProps<T>) {
  if (query.isPending) return <DetailLoading label={loadingLabel} centered={loadingCentered} />;
  if (!query.data) return <DetailNotFound error={query.error} {...missing} />;
  return <>{children(query.data)}</>;
}

export type DetailHeaderProps = {
  back: { href: string; label: string };
  title: ReactNode;
  /** A short line above the title ("Preventivo PRV-2026-047" over the estimate's title). */
  overline?: ReactNode;
  /** Badges (status, due, …) and a short text beside them, under the title. */
  status?: ReactNode;
  /** More lines under the status (address, a note). */
  children?: ReactNode;
  /** The buttons: beside the title from 640 px, under it on phones. */
  actions?: ReactNode;
  /** Keep the buttons under the title at every width (many actions). */
  stacked?: boolean;
};

/** The back link, title, status and actions at the top of a detail page. */
export function DetailHeader({ back, title, overline, status, children, actions, stacked = false }: DetailHeaderProps) {
  return (
    <>
      <BackLink href={back.href}>{back.label}</BackLink>
      <div className={cn("mb-6 flex flex-col gap-3", !stacked && "sm:flex-row sm:items-start")}>
        <div className="min-w-0 flex-1">
          {overline ? <p className="text-sm text-muted-foreground">{overline}</p> : null}
          <h1 className="text-2xl font-semibold wrap-anywhere">{title}</h1>
          {status ? <div className="mt-1 flex flex-wrap items-center gap-2">{status}</div> : null}
          {children}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </>
  );
}

/** One titled card of a detail page. */
export function DetailSection({
  title,
  icon,
  children,
  className,
  contentClassName,
}: {
  title: ReactNode;
  /** A lucide icon before the title (drawn muted, aria-hidden). */
  icon?: ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  children: ReactNode;
  className?: string;
  /** Classes of the card's body (a table edge to edge on phones: "px-0 sm:px-6"). */
  contentClassName?: string;
}) {
  const Icon = icon;
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle className={Icon ? "flex items-center gap-2" : undefined}>
          {Icon ? <Icon aria-hidden className="size-5 text-muted-foreground" /> : null}
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}

/** The record a detail query loads: `Loaded<typeof useContract>`. */
export type Loaded<Q extends (id: string) => { data: unknown }> = NonNullable<ReturnType<Q>["data"]>;
