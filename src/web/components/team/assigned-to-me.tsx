import { Checkbox } from "@web/components/ui/checkbox";
import { cn } from "@web/lib/cn";

/** The "Assegnati a me" filter of the surveys and sites lists: a whole-label touch target. */
export function AssignedToMeToggle({
  checked,
  onChange,
  className,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
}) {
  return (
    <label
      className={cn(
        "inline-flex min-h-10 cursor-pointer items-center gap-2 self-start rounded-md border border-input px-3 text-sm font-medium whitespace-nowrap hover:bg-accent sm:self-auto",
        className,
      )}
    >
      <Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} />
      Assegnati a me
    </label>
  );
}
