import type { ComponentProps } from "react";
import { cn } from "@web/lib/cn";

/** Classi condivise dai controlli dei form (input, select, textarea). */
export const controlClasses = cn(
  "w-full min-w-0 rounded-md border border-input bg-card text-base text-foreground shadow-xs sm:text-sm",
  "placeholder:text-muted-foreground",
  "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring",
  "disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70",
  "aria-[invalid=true]:border-destructive aria-[invalid=true]:focus-visible:outline-destructive",
);

export type InputProps = ComponentProps<"input">;

export function Input({ className, type = "text", ...props }: InputProps) {
  return <input type={type} className={cn(controlClasses, "h-10 px-3 read-only:bg-muted", className)} {...props} />;
}
