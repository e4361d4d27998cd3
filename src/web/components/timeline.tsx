import { queryOptions, useQuery } from "@tanstack/react-query";
import { useCan } from "@web/lib/use-can";
import type { ActivityEntry } from "@domain/activity";
import { formatDateTime } from "@domain/format";
import { api } from "@web/lib/api";
import { cn } from "@web/lib/cn";
import { Skeleton } from "./ui/skeleton";
import { queryRoots } from "@web/lib/query-keys";

/** Keys of the activity log: a feature's mutation may invalidate `activityKeys.all` to refresh timelines. */
export const activityKeys = {
  all: [queryRoots.activity] as const,
  list: (params: { entityType?: string; entityId?: string; limit?: number }) => [...activityKeys.all, params] as const,
};

export const activityQueryOptions = (params: { entityType?: string; entityId?: string; limit?: number }) =>
  queryOptions({
    queryKey: activityKeys.list(params),
    queryFn: () => api.get<ActivityEntry[]>("/api/activity", params),
  });

export interface ActivityListProps {
  entries: ActivityEntry[];
  emptyText: string;
  className?: string;
}

/** The rendered list, shared by entity timelines and the dashboard's "Attività recente". */
export function ActivityList({ entries, emptyText, className }: ActivityListProps) {
  if (entries.length === 0) return <p className={cn("text-sm text-muted-foreground", className)}>{emptyText}</p>;
  return (
    <ol className={cn("relative space-y-4 border-l border-border pl-4", className)}>
      {entries.map((entry) => (
        <li key={entry.id} className="relative">
          <span
            aria-hidden
            className="absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full border-2 border-card bg-primary"
          />
          <p className="text-sm">{entry.description}</p>
          <p className="text-xs text-muted-foreground">
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            {entry.actorName ? ` · ${entry.actorName}` : ""}
          </p>
        </li>
      ))}
    </ol>
  );
}

export interface TimelineProps {
  entityType: string;
  entityId: string;
  limit?: number;
  className?: string;
}

/**
 * The history of one record from the activity log (docs/domain/operations.md): who did what, and when. The
 * log is the office's (it names amounts and documents): a role without "activity" sees nothing.
 */
export function Timeline(props: TimelineProps) {
  const can = useCan();
  return can("activity") ? <TimelineOf {...props} /> : null;
}

function TimelineOf({ entityType, entityId, limit, className }: TimelineProps) {
  const { data, isPending, isError } = useQuery(activityQueryOptions({ entityType, entityId, limit }));
  if (isPending) {
    return (
      <div className={cn("space-y-3", className)} aria-busy="true">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (isError) {
    return (
      <p role="alert" className={cn("text-sm text-destructive", className)}>
        Impossibile caricare le attività.
      </p>
    );
  }
  return <ActivityList entries={data} emptyText="Nessuna attività registrata" className={className} />;
}
