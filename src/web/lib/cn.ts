import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/** Unisce classi condizionali e risolve i conflitti di Tailwind (l'ultima vince). */
export function cn(...classes: ClassValue[]): string {
  return twMerge(clsx(...classes));
}
