import { ChevronLeft, ChevronRight } from "lucide-react";
import { cn } from "@web/lib/cn";
import { Button } from "./button";

export type PageRange = {
  from: number;
  to: number;
  hasPrevious: boolean;
  hasNext: boolean;
  previousOffset: number;
  nextOffset: number;
};

/**
 * Calcolo puro dell'intervallo mostrato (1-based) e degli offset vicini. `capped`: the total is a
 * lower bound (the server stopped counting), so there may always be a next page.
 */
export function pageRange(total: number, limit: number, offset: number, capped = false): PageRange {
  const size = Math.max(1, Math.floor(limit));
  const count = Math.max(0, Math.floor(total));
  const start = capped
    ? Math.max(0, Math.floor(offset))
    : Math.min(Math.max(0, Math.floor(offset)), Math.max(0, count - 1));
  return {
    from: count === 0 ? 0 : start + 1,
    to: capped ? start + size : Math.min(start + size, count),
    hasPrevious: start > 0,
    hasNext: capped || start + size < count,
    previousOffset: Math.max(0, start - size),
    nextOffset: start + size,
  };
}

const number = new Intl.NumberFormat("it-IT");

export type PaginationProps = {
  total: number;
  limit: number;
  offset: number;
  onOffsetChange: (offset: number) => void;
  /** The total is "oltre …" (the server's count stopped at its cap). */
  capped?: boolean;
  className?: string;
};

export function Pagination({ total, limit, offset, onOffsetChange, capped = false, className }: PaginationProps) {
  const range = pageRange(total, limit, offset, capped);
  return (
    <nav
      aria-label="Paginazione"
      className={cn("flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3", className)}
    >
      <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
        {number.format(range.from)}–{number.format(range.to)} di {capped ? "oltre " : ""}
        {number.format(total)}
      </p>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={!range.hasPrevious}
          onClick={() => onOffsetChange(range.previousOffset)}
        >
          <ChevronLeft aria-hidden="true" />
          Precedente
        </Button>
        <Button variant="outline" size="sm" disabled={!range.hasNext} onClick={() => onOffsetChange(range.nextOffset)}>
          Successiva
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
