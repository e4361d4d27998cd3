import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { ReactNode } from "react";
import { TableHead } from "@web/components/ui/table";
import { cn } from "@web/lib/cn";

export type SortDirection = "asc" | "desc";

/**
 * The next value of a list's `sort` parameter when a header is pressed: first its natural
 * direction, then the other, then back to the list's default order ("").
 */
export function nextSort(current: string, column: string, first: SortDirection = "asc"): string {
  const active = current.replace(/^-/, "") === column;
  const asc = column;
  const desc = `-${column}`;
  if (!active) return first === "asc" ? asc : desc;
  const isFirst = first === "asc" ? current === asc : current === desc;
  if (isFirst) return first === "asc" ? desc : asc;
  return "";
}

export type SortableHeadProps = {
  /** The server's sort key (the list query's whitelist). */
  column: string;
  /** The list's current `sort` parameter ("name", "-createdAt" or ""). */
  sort: string;
  onSort: (next: string) => void;
  /** Dates and amounts read best newest / largest first. */
  first?: SortDirection;
  className?: string;
  children: ReactNode;
};

/**
 * A column header that sorts the list on the server: a real button (Enter and Space work), the
 * state in aria-sort for screen readers, an arrow for the eye.
 */
export function SortableHead({ column, sort, onSort, first = "asc", className, children }: SortableHeadProps) {
  const active = sort.replace(/^-/, "") === column;
  const direction: SortDirection | null = active ? (sort.startsWith("-") ? "desc" : "asc") : null;
  const Icon = direction === "asc" ? ArrowUp : direction === "desc" ? ArrowDown : ArrowUpDown;
  return (
    <TableHead
      className={className}
      aria-sort={direction === "asc" ? "ascending" : direction === "desc" ? "descending" : "none"}
    >
      <button
        type="button"
        onClick={() => onSort(nextSort(sort, column, first))}
        className={cn(
          "-mx-1 inline-flex items-center gap-1 rounded px-1 py-1 tracking-wide uppercase hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring",
          active && "text-foreground",
          className?.includes("text-right") && "flex-row-reverse",
        )}
      >
        {children}
        <Icon aria-hidden className={cn("size-3.5 shrink-0", !active && "opacity-40")} />
      </button>
    </TableHead>
  );
}

/** The URL's sort when it names one of the list's sortable columns; anything else is the default order. */
export function validSort(sort: string, columns: readonly string[]): string | undefined {
  return columns.includes(sort.replace(/^-/, "")) ? sort : undefined;
}
