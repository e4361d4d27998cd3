import type { ComponentProps } from "react";
import { cn } from "@web/lib/cn";

export type CheckboxProps = Omit<ComponentProps<"input">, "type">;

/** Checkbox nativa (funziona con register() di react-hook-form e con i test). */
export function Checkbox({ className, ...props }: CheckboxProps) {
  return (
    <input
      type="checkbox"
      className={cn(
        "peer size-[1.125rem] shrink-0 rounded border-input accent-primary",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        "disabled:cursor-not-allowed disabled:opacity-60",
        "aria-[invalid=true]:outline-2 aria-[invalid=true]:outline-destructive",
        className,
      )}
      {...props}
    />
  );
}
