import { cn } from "@web/lib/cn";

/** The coloured dot of a person: decoration next to a written name, so hidden from screen readers. */
export function PersonDot({ color, className }: { color: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn("inline-block size-2.5 shrink-0 rounded-full", className)}
      style={{ backgroundColor: color }}
    />
  );
}

/** "● Mario Rossi", for lists and details. */
export function AssigneeLabel({ user }: { user: { name: string; color: string } | null | undefined }) {
  if (!user) return <span className="text-muted-foreground">Non assegnato</span>;
  return (
    <span className="inline-flex items-center gap-1.5">
      <PersonDot color={user.color} />
      {user.name}
    </span>
  );
}
