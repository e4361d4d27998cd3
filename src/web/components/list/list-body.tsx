import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { EmptyState } from "@web/components/ui/empty-state";
import { Skeleton } from "@web/components/ui/skeleton";

/** The part of a list query the body needs: TanStack Query's result fits as is. */
export type ListQueryState<T> = {
  data: { rows: T[] } | undefined;
  isPending: boolean;
  isError: boolean;
};

export type ListEmpty = {
  icon: LucideIcon;
  title: string;
  /** Shown when no filter is set: an invitation to add the first record. */
  invite: string;
  /** The "add" button, shown only when no filter is set. */
  action?: ReactNode;
};

export type ListBodyProps<T> = {
  query: ListQueryState<T>;
  /** The alert shown when the list cannot be loaded. */
  errorText: string;
  /** Filters or search are set: the empty state suggests changing them instead of adding. */
  filtered: boolean;
  empty: ListEmpty;
  /** Replaces the default five skeleton rows (e.g. a grid of cards). */
  loading?: ReactNode;
  children: (rows: T[]) => ReactNode;
};

export const FILTERED_EMPTY_DESCRIPTION = "Prova a modificare i filtri di ricerca";

/** Error, loading, empty or rows: the four states every list screen shows in the same way. */
export function ListBody<T>({ query, errorText, filtered, empty, loading, children }: ListBodyProps<T>) {
  if (query.isError) {
    return (
      <p role="alert" className="text-destructive">
        {errorText}
      </p>
    );
  }
  if (query.isPending || !query.data) return loading ?? <ListSkeleton />;
  if (query.data.rows.length === 0) {
    return (
      <EmptyState
        icon={empty.icon}
        title={empty.title}
        description={filtered ? FILTERED_EMPTY_DESCRIPTION : empty.invite}
        action={filtered ? undefined : empty.action}
      />
    );
  }
  return <>{children(query.data.rows)}</>;
}

export function ListSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div className="space-y-2" aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-12 w-full" />
      ))}
    </div>
  );
}
