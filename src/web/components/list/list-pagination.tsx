import { Pagination } from "@web/components/ui/pagination";

export type ListPaginationProps = {
  /** The list's total count; nothing is shown while it is unknown or fits one page. */
  total: number | undefined;
  list: { limit: number; offset: number; set: (changes: { offset: number }) => void };
};

/** The pager under a list, driven by the URL state of useListParams. */
export function ListPagination({ total, list }: ListPaginationProps) {
  if (total === undefined || total <= list.limit) return null;
  return (
    <Pagination
      total={total}
      limit={list.limit}
      offset={list.offset}
      onOffsetChange={(offset) => list.set({ offset })}
      className="mt-4"
    />
  );
}
