import { LoaderCircle } from "lucide-react";
import { cn } from "@web/lib/cn";

export type SpinnerProps = {
  /** Testo letto dai lettori di schermo. */
  label?: string;
  className?: string;
};

export function Spinner({ label = "Caricamento...", className }: SpinnerProps) {
  return (
    <span role="status" className={cn("inline-flex items-center text-muted-foreground", className)}>
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
