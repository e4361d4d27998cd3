import type { ComponentProps } from "react";
import { cn } from "@web/lib/cn";

/** Segnaposto decorativo; annunciare il caricamento con <Spinner> o aria-busy sul contenitore. */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-slate-200", className)} {...props} />;
}
