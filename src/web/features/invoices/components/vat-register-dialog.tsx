import { useId, useState } from "react";
import { Download } from "lucide-react";
import { addDays, todayIso } from "@domain/dates";
import { formatDate } from "@domain/format";
import { FormDialog } from "@web/components/dialogs/form-dialog";
import { Button, buttonVariants } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { withQuery } from "@web/lib/api";
import { periodProblem, previousMonth, quarterOf, type Period } from "../lib/vat-register-period";

// "Registro IVA" (docs/domain/invoices.md): the accountant's CSV of the issued documents of
// a period, one row per document and rate or natura, credit notes negative. The server builds
// it from each document's frozen copy; this dialog only chooses the period.

export function VatRegisterDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const today = todayIso();
  const [period, setPeriod] = useState<Period>(() => previousMonth(today));
  const problem = periodProblem(period);
  const errorId = useId();
  const fromId = useId();
  const toId = useId();
  const presets: { label: string; period: Period }[] = [
    { label: "Mese scorso", period: previousMonth(today) },
    { label: "Trimestre in corso", period: quarterOf(today) },
    { label: "Trimestre scorso", period: quarterOf(addDays(quarterOf(today).from, -1)) },
    { label: "Anno in corso", period: { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` } },
  ];
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Registro IVA"
      description="Le fatture e le note di credito emesse nel periodo, una riga per documento e aliquota o natura (note di credito in negativo). File CSV per il commercialista."
    >
      <div className="space-y-4">
        <div role="group" aria-label="Periodi rapidi" className="flex flex-wrap gap-2">
          {presets.map((p) => (
            <Button
              key={p.label}
              type="button"
              size="sm"
              variant={p.period.from === period.from && p.period.to === period.to ? "default" : "outline"}
              aria-pressed={p.period.from === period.from && p.period.to === period.to}
              onClick={() => setPeriod(p.period)}
            >
              {p.label}
            </Button>
          ))}
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="space-y-1.5">
            <Label htmlFor={fromId} required>
              Dal
            </Label>
            <Input
              id={fromId}
              type="date"
              required
              aria-required
              value={period.from}
              aria-invalid={problem?.startsWith("Dal") || undefined}
              aria-describedby={problem ? errorId : undefined}
              onChange={(e) => setPeriod((p) => ({ ...p, from: e.target.value }))}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={toId} required>
              Al
            </Label>
            <Input
              id={toId}
              type="date"
              required
              aria-required
              value={period.to}
              aria-invalid={problem?.startsWith("Al") || undefined}
              aria-describedby={problem ? errorId : undefined}
              onChange={(e) => setPeriod((p) => ({ ...p, to: e.target.value }))}
            />
          </div>
        </div>
        {problem ? (
          <p id={errorId} role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">
            Documenti emessi dal {formatDate(period.from)} al {formatDate(period.to)}.
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Chiudi
          </Button>
          {problem ? (
            <Button type="button" disabled>
              <Download aria-hidden className="size-4" />
              Scarica registro IVA
            </Button>
          ) : (
            <a
              href={withQuery("/api/exports/vat-register", period)}
              download
              className={buttonVariants({ variant: "default" })}
            >
              <Download aria-hidden className="size-4" />
              Scarica registro IVA
            </a>
          )}
        </div>
      </div>
    </FormDialog>
  );
}
