import type { ComponentProps } from "react";
import { Label as LabelPrimitive } from "radix-ui";
import { cn } from "@web/lib/cn";

export type LabelProps = ComponentProps<typeof LabelPrimitive.Root> & {
  /** Mostra un asterisco (decorativo: il campo deve avere anche aria-required). */
  required?: boolean;
};

export function Label({ className, required, children, ...props }: LabelProps) {
  return (
    <LabelPrimitive.Root
      className={cn("text-sm leading-tight font-medium text-foreground peer-disabled:opacity-70", className)}
      {...props}
    >
      {children}
      {required ? (
        <span aria-hidden="true" className="ms-0.5 text-destructive">
          *
        </span>
      ) : null}
    </LabelPrimitive.Root>
  );
}
