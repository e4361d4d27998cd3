import type { ReactNode } from "react";
import { cn } from "@web/lib/cn";

export type InfoItemProps = {
  label: string;
  /** An empty value shows a dash. */
  children: ReactNode;
  className?: string;
  /** Keep the line breaks of free text (notes, descriptions). */
  preLine?: boolean;
};

/** One label/value pair of a detail card; place it inside a <dl>. */
export function InfoItem({ label, children, className, preLine = false }: InfoItemProps) {
  return (
    <div className={className}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className={cn("mt-0.5 wrap-anywhere", preLine && "whitespace-pre-line")}>{children || "—"}</dd>
    </div>
  );
}
