import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { cn } from "@web/lib/cn";
import { Card } from "./card";

export type StatCardProps = {
  title: string;
  value: ReactNode;
  icon?: LucideIcon;
  /** Riga secondaria, es. "3 in scadenza questa settimana". */
  hint?: ReactNode;
  className?: string;
};

export function StatCard({ title, value, icon: Icon, hint, className }: StatCardProps) {
  return (
    <Card className={cn("flex items-start justify-between gap-3 p-4", className)}>
      <div className="min-w-0">
        <p className="text-sm font-medium text-muted-foreground">{title}</p>
        <p className="mt-1 text-2xl font-semibold tracking-tight tabular-nums wrap-anywhere">{value}</p>
        {hint ? <p className="mt-1 text-xs text-muted-foreground">{hint}</p> : null}
      </div>
      {Icon ? (
        <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-info-soft text-primary">
          <Icon aria-hidden="true" className="size-5" />
        </span>
      ) : null}
    </Card>
  );
}
