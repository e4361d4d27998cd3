import type { ReactNode } from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  type DialogContentProps,
} from "@web/components/ui/dialog";

export const REQUIRED_FIELDS_NOTE = "I campi con l'asterisco sono obbligatori.";

export type FormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Defaults to the note on required fields. */
  description?: string;
  size?: DialogContentProps["size"];
  children: ReactNode;
};

/** The dialog around a create/edit form: title, the required-fields note, then the form. */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description = REQUIRED_FIELDS_NOTE,
  size,
  children,
}: FormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size={size}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
