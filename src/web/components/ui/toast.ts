import { toast } from "sonner";

/** Notifica verde "Successo" con il messaggio indicato. */
export function toastSuccess(description: string) {
  return toast.success("Successo", { description });
}

// Error toasts belong to the screen they were raised on: they go when the user moves on
// (a failed login's "Credenziali non valide" must not follow them onto the dashboard).
const errorToasts = new Set<string | number>();

/** Notifica rossa "Errore" con il messaggio indicato. */
export function toastError(description: string) {
  const id = toast.error("Errore", {
    description,
    onDismiss: (t) => errorToasts.delete(t.id),
    onAutoClose: (t) => errorToasts.delete(t.id),
  });
  errorToasts.add(id);
  return id;
}

/** Closes the error toasts still on screen (called on every navigation). */
export function dismissErrorToasts() {
  for (const id of errorToasts) toast.dismiss(id);
  errorToasts.clear();
}
