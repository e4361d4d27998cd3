import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { toastError, toastSuccess } from "@web/components/ui/toast";
import { isApiError } from "@web/lib/api";

export type DeleteRecordDialogProps<T extends { id: string }> = {
  /** The record to delete; null keeps the dialog closed. */
  record: T | null;
  onOpenChange: (open: boolean) => void;
  /** After a successful delete (e.g. leave the detail page). */
  onDeleted?: () => void;
  title: string;
  description: string;
  /** The delete call, usually a mutation's mutateAsync. */
  remove: (id: string) => Promise<unknown>;
  pending: boolean;
  successMessage: string;
  /** Shown for any failure but a 409, whose own message says why the record cannot go. */
  errorMessage: string;
};

/** "Are you sure?" then delete, with the success/failure toast; closes either way. */
export function DeleteRecordDialog<T extends { id: string }>(props: DeleteRecordDialogProps<T>) {
  const { record, onOpenChange } = props;
  return (
    <ConfirmDialog
      open={record !== null}
      onOpenChange={onOpenChange}
      title={props.title}
      description={props.description}
      pending={props.pending}
      onConfirm={async () => {
        if (!record) return;
        try {
          await props.remove(record.id);
          toastSuccess(props.successMessage);
          onOpenChange(false);
          props.onDeleted?.();
        } catch (e) {
          toastError(isApiError(e) && e.status === 409 ? e.message : props.errorMessage);
          onOpenChange(false);
        }
      }}
    />
  );
}
