import type { ReactNode } from "react";
import { cn } from "@web/lib/cn";

export type PageHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  /** Bottoni a destra del titolo (vanno a capo sui telefoni). */
  actions?: ReactNode;
  className?: string;
};

export function PageHeader({ title, description, actions, className }: PageHeaderProps) {
  return (
    <div className={cn("mb-6 flex flex-wrap items-start justify-between gap-x-4 gap-y-3", className)}>
      <div className="min-w-0 flex-1 basis-64">
        <h1 className="text-2xl leading-tight font-semibold tracking-tight wrap-anywhere">{title}</h1>
        {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}
