import { Pagination } from "@web/components/ui/pagination";

export type ListPaginationProps = {
  /** The list's total count; nothing is shown while it is unknown or fits one page. */
  total: number | undefined;
  /** The total is "oltre …": the server stopped counting at its cap. */
  capped?: boolean | undefined;
  list: { limit: number; offset: number; set: (changes: { offset: number }) => void };
};

/** The pager under a list, driven by the URL state of useListParams. */
export function ListPagination({ total, capped = false, list }: ListPaginationProps) {
  if (total === undefined || (total <= list.limit && !capped)) return null;
  return (
    <Pagination
      total={total}
      capped={capped}
      limit={list.limit}
      offset={list.offset}
      onOffsetChange={(offset) => list.set({ offset })}
      className="mt-4"
    />
  );
}
