import { useQuery } from "@tanstack/react-query";
import { Skeleton } from "@web/components/ui/skeleton";
import { activityQueryOptions, ActivityList } from "@web/components/timeline";
import { DashboardCard } from "./dashboard-parts";

const SHOWN = 8;

/** The latest writes of every module, from the activity log. */
export function RecentActivity() {
  const { data, isPending, isError } = useQuery(activityQueryOptions({ limit: SHOWN }));
  return (
    <DashboardCard title="Attività recente">
      {isError ? (
        <p role="alert" className="text-sm text-destructive">
          Impossibile caricare le attività.
        </p>
      ) : isPending ? (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : (
        <ActivityList entries={data} emptyText="Nessuna attività recente" />
      )}
    </DashboardCard>
  );
}
