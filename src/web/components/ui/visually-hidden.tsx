import type { ComponentProps } from "react";
import { cn } from "@web/lib/cn";

/** Testo letto dai lettori di schermo ma invisibile a schermo. */
export function VisuallyHidden({ className, ...props }: ComponentProps<"span">) {
  return <span className={cn("sr-only", className)} {...props} />;
}
