import { Pagination } from "@web/components/ui/pagination";

export type ListPaginationProps = {
  /** The list's total count; nothing is shown while it is unknown or fits one page. */
  total: number | undefined;
  /** The total is "oltre …": the server stopped counting at its cap. */
  capped?: boolean | undefined;
  /**
   * The cursors the server sent with the page (keyset lists): "Successiva" and "Precedente" then
   * start from the page's last or first row instead of counting rows from the top.
   */
  cursors?: { next?: string | undefined; previous?: string | undefined } | undefined;
  list: {
    limit: number;
    offset: number;
    set: (changes: { offset: number; after?: string; before?: string }) => void;
  };
};

/** The offset (and cursor) a move to `offset` asks for, from the current page. */
export function pageMove(
  offset: number,
  current: number,
  cursors: ListPaginationProps["cursors"],
): { offset: number; after?: string; before?: string } {
  if (offset === 0) return { offset };
  if (offset > current && cursors?.next) return { offset, after: cursors.next };
  if (offset < current && cursors?.previous) return { offset, before: cursors.previous };
  return { offset };
}

/** The pager under a list, driven by the URL state of useListParams. */
export function ListPagination({ total, capped = false, cursors, list }: ListPaginationProps) {
  if (total === undefined || (total <= list.limit && !capped)) return null;
  return (
    <Pagination
      total={total}
      capped={capped}
      limit={list.limit}
      offset={list.offset}
      onOffsetChange={(offset) => list.set(pageMove(offset, list.offset, cursors))}
      className="mt-4"
    />
  );
}
