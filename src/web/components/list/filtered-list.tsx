import type { ReactNode } from "react";
import { countLabel } from "@domain/wording";
import { ListShell, ListTable, type ListShellProps } from "./list-shell";
import { FilterSelect, type FilterOption } from "./list-toolbar";

/** The URL state of useListParams that a FilteredList reads: the search, the status, the page. */
export type FilteredListState = ListShellProps<unknown>["list"] & {
  values: { q: string; status?: string };
  set: (changes: { q?: string; status?: string }) => void;
};

/** The rows as a table: its name (the page's title unless given), the header cells, one row per record. */
export type FilteredListTable<T> = { label?: string; head: ReactNode; row: (row: T) => ReactNode };

export type FilteredListProps<T> = Omit<
  ListShellProps<T>,
  "description" | "toolbar" | "cursors" | "filtered" | "list" | "children"
> & {
  list: FilteredListState;
  /** The words of the count under the title, singular and plural ("preventivo", "preventivi"). */
  noun: readonly [one: string, many: string];
  search: { label: string; placeholder: string };
  /** The options of "Filtra per stato", the URL's `status`; omit when `filters` replaces it. */
  statuses?: readonly FilterOption[];
  /** Other filters instead of the status (a list whose records have no status). */
  filters?: ReactNode;
  /** A search or a filter is set (the empty state then says so); by default the search or the status. */
  filtered?: boolean;
} & ({ table: FilteredListTable<T>; children?: never } | { table?: never; children: (rows: T[]) => ReactNode });

/**
 * A list paged by offset with a search box and its filters over ListShell: the count under the
 * title, "Filtra per stato" and the rows in a table (or the page's cards). The client portal's
 * lists are made of it (docs/domain/portal.md), so that each says only its columns.
 */
export function FilteredList<T>({
  list,
  noun,
  search,
  statuses,
  filters,
  filtered,
  table,
  children,
  ...shell
}: FilteredListProps<T>) {
  const { q, status = "" } = list.values;
  const data = shell.query.data;
  return (
    <ListShell
      {...shell}
      description={data ? countLabel(data.total ?? 0, noun[0], noun[1], data.capped) : undefined}
      toolbar={{
        searchLabel: search.label,
        searchPlaceholder: search.placeholder,
        query: q,
        onSearch: (value) => list.set({ q: value }),
        children: filters ?? (
          <FilterSelect
            label="Filtra per stato"
            value={status}
            onValueChange={(value) => list.set({ status: value })}
            allLabel="Tutti gli stati"
            options={statuses ?? []}
            className="sm:w-48"
          />
        ),
      }}
      list={list}
      cursors={false}
      filtered={filtered ?? Boolean(q || status)}
    >
      {table
        ? (rows) => (
            <ListTable label={table.label ?? shell.title} head={table.head}>
              {rows.map(table.row)}
            </ListTable>
          )
        : children}
    </ListShell>
  );
}
