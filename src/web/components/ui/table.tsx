import { useEffect, useRef, useState, type ComponentProps } from "react";
import { cn } from "@web/lib/cn";

/** true quando il contenuto è più largo del contenitore (serve lo scroll orizzontale). */
function useOverflowX<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const check = () => setOverflowing(el.scrollWidth > el.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return [ref, overflowing] as const;
}

export type TableProps = ComponentProps<"table"> & {
  /** Nome della zona scorrevole per i lettori di schermo (quando la tabella scorre). */
  scrollLabel?: string;
  containerClassName?: string;
};

/**
 * Tabella dentro un contenitore scorrevole orizzontalmente. Se scorre davvero, il
 * contenitore diventa raggiungibile da tastiera (frecce per scorrere).
 */
export function Table({ className, containerClassName, scrollLabel = "Tabella", ...props }: TableProps) {
  const [ref, overflowing] = useOverflowX<HTMLDivElement>();
  return (
    <div
      ref={ref}
      className={cn(
        "relative w-full overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-ring",
        containerClassName,
      )}
      {...(overflowing ? { tabIndex: 0, role: "region", "aria-label": scrollLabel } : {})}
    >
      <table className={cn("w-full caption-bottom border-collapse text-sm", className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<"thead">) {
  return <thead className={cn("border-b border-border bg-muted", className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<"tbody">) {
  return <tbody className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return (
    <tr
      className={cn("border-b border-border transition-colors hover:bg-muted/60 aria-selected:bg-muted", className)}
      {...props}
    />
  );
}

export function TableHead({ className, scope = "col", ...props }: ComponentProps<"th">) {
  return (
    <th
      scope={scope}
      className={cn(
        "h-10 px-3 text-start align-middle text-xs font-semibold tracking-wide whitespace-nowrap text-muted-foreground uppercase",
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<"td">) {
  return <td className={cn("px-3 py-2.5 align-middle", className)} {...props} />;
}

export function TableCaption({ className, ...props }: ComponentProps<"caption">) {
  return <caption className={cn("mt-3 text-start text-sm text-muted-foreground", className)} {...props} />;
}
