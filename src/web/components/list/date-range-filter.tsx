import { Input } from "@web/components/ui/input";
import { cn } from "@web/lib/cn";

/** "Dal / Al" date filter of a list, each a labelled date input; the URL keeps the values. */
export function DateRangeFilter({
  label,
  from,
  to,
  onChange,
  className,
}: {
  /** What the dates bound, e.g. "Emissione" or "Scadenza". */
  label: string;
  from: string;
  to: string;
  onChange: (changes: { from?: string; to?: string }) => void;
  className?: string;
}) {
  return (
    <fieldset className={cn("flex min-w-0 items-center gap-2", className)}>
      <legend className="sr-only">{label}: intervallo di date</legend>
      <Input
        type="date"
        aria-label={`${label} dal`}
        value={from}
        max={to || undefined}
        onChange={(e) => onChange({ from: e.target.value })}
        className="min-w-0 flex-1 sm:w-40 sm:flex-none"
      />
      <span aria-hidden className="text-muted-foreground">
        –
      </span>
      <Input
        type="date"
        aria-label={`${label} al`}
        value={to}
        min={from || undefined}
        onChange={(e) => onChange({ to: e.target.value })}
        className="min-w-0 flex-1 sm:w-40 sm:flex-none"
      />
    </fieldset>
  );
}
