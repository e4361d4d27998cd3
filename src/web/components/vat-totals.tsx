import type { EstimateTotals } from "@domain/estimates";
import { formatEuro } from "@domain/format";
import { summaryLabel, type VatView } from "@domain/vat";
import { cn } from "@web/lib/cn";

/**
 * Imponibile / Materiali 60% / Manodopera 40%, one IVA row per rate or natura, bollo, Totale,
 * ritenuta and net to pay, and the sentences the law requires. The form shows it live from what
 * is being typed (the same engine as the server, src/domain/vat/); the saved record shows the
 * server's figures.
 */
export function VatTotals({
  totals,
  vat,
  error,
  className,
}: {
  /** Imponibile with its materials/labour split (the estimate form); omitted elsewhere. */
  totals?: Pick<EstimateTotals, "totalAmount" | "materialsCost" | "laborCost">;
  vat: Pick<VatView, "summaries" | "totals" | "notes"> | null;
  error?: string | null;
  className?: string;
}) {
  const rows: [string, string, boolean?][] = totals
    ? [
        ["Imponibile", totals.totalAmount],
        ["Materiali (60%)", totals.materialsCost],
        ["Manodopera (40%)", totals.laborCost],
      ]
    : vat
      ? [["Imponibile", vat.totals.imponibile]]
      : [];
  if (vat) {
    for (const s of vat.summaries) {
      if (s.natura === "N1") continue;
      rows.push([
        `${s.natura ? summaryLabel(s.rate, s.natura) : `IVA ${summaryLabel(s.rate, null).slice(4)}`} su ${formatEuro(s.imponibile)}`,
        s.imposta,
      ]);
    }
    if (vat.totals.bollo !== "0.00") rows.push(["Imposta di bollo", vat.totals.bollo]);
    rows.push(["Totale", vat.totals.total, true]);
    if (vat.totals.ritenuta !== "0.00") rows.push(["Ritenuta d'acconto 4%", `-${vat.totals.ritenuta}`]);
    if (vat.totals.splitPaymentVat !== "0.00")
      rows.push(["IVA versata dall'ente (scissione)", `-${vat.totals.splitPaymentVat}`]);
    if (vat.totals.netToPay !== vat.totals.total) rows.push(["Netto a pagare", vat.totals.netToPay, true]);
  }
  return (
    <div className={cn("rounded-md border border-border bg-muted/40 p-4", className)}>
      <dl className="grid gap-1 text-sm" aria-live="polite">
        {rows.map(([label, value, strong]) => (
          <div
            key={label}
            className={cn(
              "flex justify-between gap-4",
              strong && "mt-1 border-t border-border pt-2 text-base font-semibold",
            )}
          >
            <dt className={strong ? undefined : "text-muted-foreground"}>{label}</dt>
            <dd className="tabular-nums">{formatEuro(value)}</dd>
          </div>
        ))}
      </dl>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      {vat?.notes.map((n) => (
        <p key={n.code} className="mt-2 text-xs text-muted-foreground">
          {n.text}
        </p>
      ))}
    </div>
  );
}
