import type { ReactNode } from "react";
import { cn } from "@web/lib/cn";

export function FieldDescription({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="text-sm text-muted-foreground">
      {children}
    </p>
  );
}

export function FieldErrorMessage({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}

/** Props comuni a tutti i campi. */
export type BaseFieldProps<TName extends string = string> = {
  /** Percorso del valore nel form, es. "cliente.email" o "righe.0.quantita". */
  name: TName;
  label: ReactNode;
  description?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Classi del contenitore (es. "sm:col-span-2" dentro FormSection). */
  className?: string;
};

export function FieldShell({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn("grid content-start gap-1.5", className)}>{children}</div>;
}
