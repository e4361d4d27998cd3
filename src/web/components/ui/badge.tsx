import type { ComponentProps } from "react";
import { cn } from "@web/lib/cn";

const variants = {
  default: "border-transparent bg-primary text-primary-foreground",
  secondary: "border-transparent bg-secondary text-secondary-foreground",
  outline: "border-input bg-card text-foreground",
  success: "border-transparent bg-success-soft text-success-soft-foreground",
  warning: "border-transparent bg-warning-soft text-warning-soft-foreground",
  destructive: "border-transparent bg-destructive-soft text-destructive-soft-foreground",
  info: "border-transparent bg-info-soft text-info-soft-foreground",
} as const;

export type BadgeVariant = keyof typeof variants;
export type BadgeProps = ComponentProps<"span"> & { variant?: BadgeVariant };

export function Badge({ variant = "default", className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap",
        "[&_svg]:size-3 [&_svg]:shrink-0",
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
