import type { EstimateTotals } from "@domain/estimates";
import { formatEuro } from "@domain/format";
import { vatLegalNote, vatRowLabel, type VatTreatment } from "@domain/vat";
import { cn } from "@web/lib/cn";

/**
 * Imponibile / Materiali 60% / Manodopera 40% / IVA / Totale. The form shows it live from what is
 * being typed (same computeEstimateTotals as the server); the saved record shows the server's figures.
 */
export function TotalsPreview({ totals, treatment, className }: { totals: EstimateTotals; treatment: VatTreatment; className?: string }) {
  const note = vatLegalNote(treatment);
  const rows: [string, string, boolean?][] = [
    ["Imponibile", totals.totalAmount],
    ["Materiali (60%)", totals.materialsCost],
    ["Manodopera (40%)", totals.laborCost],
    [vatRowLabel(treatment), totals.vatAmount],
    ["Totale", totals.grossTotal, true],
  ];
  return (
    <div className={cn("rounded-md border border-border bg-muted/40 p-4", className)}>
      <dl className="grid gap-1 text-sm" aria-live="polite">
        {rows.map(([label, value, strong]) => (
          <div key={label} className={cn("flex justify-between gap-4", strong && "mt-1 border-t border-border pt-2 text-base font-semibold")}>
            <dt className={strong ? undefined : "text-muted-foreground"}>{label}</dt>
            <dd className="tabular-nums">{formatEuro(value)}</dd>
          </div>
        ))}
      </dl>
      {note ? <p className="mt-2 text-xs text-muted-foreground">{note}</p> : null}
    </div>
  );
}
