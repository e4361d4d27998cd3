import { toast } from "sonner";

/** Notifica verde "Successo" con il messaggio indicato. */
export function toastSuccess(description: string) {
  return toast.success("Successo", { description });
}

/** Notifica rossa "Errore" con il messaggio indicato. */
export function toastError(description: string) {
  return toast.error("Errore", { description });
}
