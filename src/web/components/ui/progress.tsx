import { cn } from "@web/lib/cn";

export type ProgressProps = {
  value: number;
  max?: number;
  /** Nome accessibile della barra (obbligatorio per i lettori di schermo). */
  label: string;
  /** Mostra la percentuale accanto alla barra. */
  showValue?: boolean;
  className?: string;
};

export function Progress({ value, max = 100, label, showValue = false, className }: ProgressProps) {
  const safeMax = max > 0 ? max : 100;
  const clamped = Math.min(Math.max(Number.isFinite(value) ? value : 0, 0), safeMax);
  const percent = Math.round((clamped / safeMax) * 100);
  return (
    <div className={cn("flex items-center gap-3", className)}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={safeMax}
        aria-valuenow={clamped}
        aria-valuetext={`${percent}%`}
        className="h-2.5 w-full overflow-hidden rounded-full bg-secondary"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      {showValue ? (
        <span aria-hidden="true" className="w-10 shrink-0 text-end text-sm text-muted-foreground tabular-nums">
          {percent}%
        </span>
      ) : null}
    </div>
  );
}
