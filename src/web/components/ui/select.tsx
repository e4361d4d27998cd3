import type { ComponentProps } from "react";
import { ChevronDown } from "lucide-react";
import { cn } from "@web/lib/cn";
import { controlClasses } from "./input";

export type SelectProps = ComponentProps<"select">;

/** Select nativo stilizzato: sui telefoni apre il selettore di sistema. */
export function Select({ className, children, ...props }: SelectProps) {
  return (
    <div className={cn("relative w-full", className)}>
      <select className={cn(controlClasses, "h-10 appearance-none py-0 ps-3 pe-9")} {...props}>
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
