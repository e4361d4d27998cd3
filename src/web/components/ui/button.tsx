import type { ComponentProps } from "react";
import { Slot } from "radix-ui";
import { cn } from "@web/lib/cn";

const variants = {
  default: "bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover",
  secondary: "bg-secondary text-secondary-foreground hover:bg-secondary-hover",
  outline: "border border-input bg-card text-foreground shadow-sm hover:bg-accent",
  ghost: "text-foreground hover:bg-accent",
  destructive: "bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive-hover",
  link: "h-auto px-0 text-primary underline-offset-4 hover:underline",
} as const;

const sizes = {
  sm: "h-9 gap-1.5 px-3 text-sm",
  default: "h-10 gap-2 px-4 text-sm",
  lg: "h-11 gap-2 px-6 text-base",
  icon: "size-10 p-0",
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

/** Classi del bottone, utili anche per link stilizzati come bottoni. */
export function buttonVariants({
  variant = "default",
  size = "default",
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  return cn(
    "inline-flex shrink-0 items-center justify-center rounded-md font-medium whitespace-nowrap transition-colors",
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
    "disabled:pointer-events-none disabled:opacity-60 aria-disabled:pointer-events-none aria-disabled:opacity-60",
    "[&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0",
    sizes[size],
    variants[variant],
    className,
  );
}

export type ButtonProps = ComponentProps<"button"> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Rende il figlio (es. un link) con lo stile del bottone. */
  asChild?: boolean;
};

/**
 * Bottone. Con `size="icon"` passare sempre `aria-label` (o testo in <VisuallyHidden>).
 * Il tipo predefinito è "button", così non invia i form per sbaglio.
 */
export function Button({ variant, size, asChild = false, className, type, ...props }: ButtonProps) {
  const classes = buttonVariants({ variant, size, className });
  if (asChild) return <Slot.Root className={classes} {...props} />;
  return <button type={type ?? "button"} className={classes} {...props} />;
}
