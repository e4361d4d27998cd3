import type { ReactNode } from "react";
import { cn } from "@web/lib/cn";
import { Button, type ButtonProps } from "@web/components/ui/button";
import { useDirtyGuard } from "@web/components/dialogs/dirty-guard";

export type FormSectionProps = {
  /** Testo della legend. */
  title: ReactNode;
  description?: ReactNode;
  /** Colonne da tablet in su (sui telefoni sempre 1). */
  columns?: 1 | 2;
  children: ReactNode;
  className?: string;
};

/** Gruppo di campi (fieldset + legend). Un campo largo usa className="sm:col-span-2". */
export function FormSection({ title, description, columns = 2, children, className }: FormSectionProps) {
  return (
    <fieldset className={cn("min-w-0 border-0 p-0", className)}>
      <legend className="text-base font-semibold">{title}</legend>
      {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      <div className={cn("mt-4 grid grid-cols-1 gap-4", columns === 2 && "sm:grid-cols-2")}>{children}</div>
    </fieldset>
  );
}

/** Bottoni del form: a destra; sui telefoni impilati a tutta larghezza (il primario in alto). */
export function FormActions({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end *:w-full sm:*:w-auto", className)}>
      {children}
    </div>
  );
}

/**
 * "Annulla" of a form. Inside a dialog it goes through the dialog's guard: with unsaved
 * changes the user is asked before `onClick` runs (see dialogs/dirty-guard.tsx).
 */
export function CancelButton({ onClick, children = "Annulla", ...props }: Omit<ButtonProps, "type">) {
  const guard = useDirtyGuard();
  return (
    <Button
      type="button"
      variant="outline"
      onClick={(event) => (guard ? guard.requestClose(() => onClick?.(event)) : onClick?.(event))}
      {...props}
    >
      {children}
    </Button>
  );
}
