import type { ReactNode } from "react";
import { Card, CardContent } from "@web/components/ui/card";
import { PageHeader } from "@web/components/ui/page-header";
import { Table, TableBody, TableHeader, TableRow } from "@web/components/ui/table";
import { ListBody, type ListBodyProps, type ListQueryState } from "./list-body";
import { ListPagination, type ListPaginationProps } from "./list-pagination";
import { ListToolbar, type ListToolbarProps } from "./list-toolbar";

/** What the pager reads from a page of the list: the count and, on keyset lists, the cursors. */
export type ListPage<T> = {
  rows: T[];
  total?: number;
  capped?: boolean;
  next?: string | undefined;
  previous?: string | undefined;
};

export type ListShellProps<T> = Omit<ListBodyProps<T>, "query"> & {
  /** Above the title: the portal's link back to its dashboard. */
  back?: ReactNode;
  title: string;
  /** Under the title: the count once loaded, a sentence before. */
  description?: ReactNode;
  /** Buttons right of the title (export, import, "Nuovo …"). */
  actions?: ReactNode;
  /** Between the header and the search: tabs, a line that explains the screen. */
  intro?: ReactNode;
  /** The search box and its filters; omit for a list without search. */
  toolbar?: ListToolbarProps;
  /** Between the toolbar and the rows: a second row of filters, a line of totals. */
  aboveBody?: ReactNode;
  query: ListQueryState<T> & { data: ListPage<T> | undefined };
  /** The URL state of useListParams, for the pager under the rows. */
  list: ListPaginationProps["list"];
  /** Offset lists ignore the server's cursors; keyset lists pass them on (the default). */
  cursors?: boolean;
  /** Another view of the same records (a calendar): shown instead of the rows and the pager. */
  instead?: ReactNode;
};

/**
 * The page every list screen is, in the office and in the portal: header, search and filters,
 * the rows in their four states (error, loading, empty, rows) and the pager. The rows are the
 * page's own (a table in ListTable, or cards).
 */
export function ListShell<T>({
  back,
  title,
  description,
  actions,
  intro,
  toolbar,
  aboveBody,
  query,
  list,
  cursors = true,
  instead,
  ...body
}: ListShellProps<T>) {
  const data = query.data;
  return (
    <>
      {back}
      <PageHeader title={title} description={description} actions={actions} />
      {intro}
      {toolbar ? <ListToolbar {...toolbar} /> : null}
      {aboveBody}
      {instead ?? (
        <>
          <ListBody query={query} {...body} />
          <ListPagination total={data?.total} capped={data?.capped} cursors={cursors ? data : undefined} list={list} />
        </>
      )}
    </>
  );
}

export type ListTableProps = {
  /** The table's accessible name, e.g. "Elenco contratti". */
  label: string;
  /** The header cells (TableHead, SortableHead). */
  head: ReactNode;
  /** The rows. */
  children: ReactNode;
  /** The table's name when it scrolls sideways (defaults to "Tabella"). */
  scrollLabel?: string;
  /** No padding at any width (some lists keep the card's padding from 640 px). */
  flush?: boolean;
};

/** The rows of a list as a table in a card, the way every office list shows them. */
export function ListTable({ label, head, children, scrollLabel, flush = false }: ListTableProps) {
  return (
    <Card>
      <CardContent className={flush ? "p-0 sm:p-0" : "p-0"}>
        <Table aria-label={label} {...(scrollLabel ? { scrollLabel } : {})}>
          <TableHeader>
            <TableRow>{head}</TableRow>
          </TableHeader>
          <TableBody>{children}</TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

/** The props of every SortableHead of a list: its `sort` parameter and how to change it. */
export function listSorting(list: { values: { sort: string }; set: (changes: { sort: string }) => void }) {
  return { sort: list.values.sort, onSort: (next: string) => list.set({ sort: next }) };
}
