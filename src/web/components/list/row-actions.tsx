import type { ReactNode } from "react";
import { Eye, Pencil, Trash2, type LucideIcon } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@web/components/ui/button";

/** The icon buttons at the end of a table row, right-aligned. */
export function RowActions({ children }: { children: ReactNode }) {
  return <div className="flex justify-end gap-1">{children}</div>;
}

export type RowActionProps = {
  /** Accessible name, e.g. "Modifica Rossi Srl". */
  label: string;
  /** A link when given (and not disabled); otherwise a button. */
  href?: string;
  onClick?: () => void;
  disabled?: boolean;
  /** Tooltip, e.g. why the action is disabled. */
  title?: string;
  className?: string;
};

function RowAction({
  icon: Icon,
  iconClassName,
  label,
  href,
  onClick,
  disabled,
  title,
  className,
}: RowActionProps & { icon: LucideIcon; iconClassName: string }) {
  const icon = <Icon aria-hidden className={iconClassName} />;
  if (href !== undefined && !disabled) {
    return (
      <Button asChild variant="ghost" size="icon" className={className}>
        <Link href={href} aria-label={label}>
          {icon}
        </Link>
      </Button>
    );
  }
  return (
    <Button
      variant="ghost"
      size="icon"
      className={className}
      aria-label={label}
      disabled={disabled}
      title={title}
      onClick={onClick}
    >
      {icon}
    </Button>
  );
}

export const RowViewAction = (props: RowActionProps) => <RowAction icon={Eye} iconClassName="size-4" {...props} />;
export const RowEditAction = (props: RowActionProps) => <RowAction icon={Pencil} iconClassName="size-4" {...props} />;
export const RowDeleteAction = (props: RowActionProps) => (
  <RowAction icon={Trash2} iconClassName="size-4 text-destructive" {...props} />
);
