import { useState, type ReactNode } from "react";
import { AlertDialog } from "radix-ui";
import { LoaderCircle } from "lucide-react";
import { cn } from "@web/lib/cn";
import { buttonVariants } from "./button";
import { toastError } from "./toast";

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Testo del bottone di conferma durante l'attesa. */
  pendingLabel?: string;
  /** Bottone di conferma rosso (predefinito: true). */
  destructive?: boolean;
  /**
   * Se restituisce una Promise il dialogo resta aperto (bottoni disabilitati) finché
   * non si risolve, poi si chiude. Se la Promise fallisce resta aperto: gestire l'errore
   * dentro onConfirm; se non gestito viene mostrato un toast di errore generico.
   */
  onConfirm: () => void | Promise<void>;
  /**
   * Attesa controllata dall'esterno (es. mutation.isPending). Se la prop è passata,
   * la chiusura a operazione conclusa spetta al chiamante (onOpenChange / open).
   */
  pending?: boolean;
  /** Where focus goes when the dialog closes (default: back to the element that opened it). */
  onCloseAutoFocus?: (event: Event) => void;
};

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = "Elimina",
  cancelLabel = "Annulla",
  pendingLabel = "Attendere...",
  destructive = true,
  onConfirm,
  pending: externalPending,
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  const [running, setRunning] = useState(false);
  const pending = running || externalPending === true;
  const closesItself = externalPending === undefined;

  async function confirm() {
    if (pending) return;
    setRunning(true);
    try {
      await onConfirm();
      if (closesItself) onOpenChange(false);
    } catch (error) {
      console.error(error);
      toastError(error instanceof Error && error.message ? error.message : "Operazione non riuscita.");
    } finally {
      setRunning(false);
    }
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 motion-safe:data-[state=open]:animate-fade-in" />
        <AlertDialog.Content
          aria-busy={pending || undefined}
          {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}
          onEscapeKeyDown={(event) => pending && event.preventDefault()}
          className={cn(
            "fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-1.5rem)] -translate-x-1/2 -translate-y-1/2 gap-4 sm:max-w-md",
            "max-h-[calc(100dvh-1.5rem)] overflow-y-auto rounded-lg border border-border bg-card p-4 shadow-lg sm:p-6",
            "focus-visible:outline-none motion-safe:data-[state=open]:animate-pop-in",
          )}
        >
          <div className="flex flex-col gap-1.5">
            <AlertDialog.Title className="text-lg leading-tight font-semibold">{title}</AlertDialog.Title>
            <AlertDialog.Description className="text-sm text-muted-foreground">{description}</AlertDialog.Description>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel
              aria-disabled={pending || undefined}
              onClick={(event) => pending && event.preventDefault()}
              className={buttonVariants({ variant: "outline" })}
            >
              {cancelLabel}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              aria-disabled={pending || undefined}
              onClick={(event) => {
                event.preventDefault(); // chiudiamo noi, a operazione conclusa
                void confirm();
              }}
              className={buttonVariants({
                variant: destructive ? "destructive" : "default",
              })}
            >
              {pending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
              {pending ? pendingLabel : confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
