import { toast } from "sonner";
import { toastError, toastSuccess } from "@web/components/ui/toast";
import { useOfflineQueue, type NewWrite } from "./offline-queue";
import type { QueuedWrite } from "./queue";

export const QUEUED_TITLE = "Salvata sul telefono";
export const QUEUED_TEXT = "Senza segnale: verrà inviata appena torna la rete.";
export const CONFLICT_TEXT =
  "L'ufficio ha modificato lo stesso dato: apri «Modifiche da inviare» e scegli quale versione tenere.";

/** Tells the technician what became of a write: sent, kept on the phone, in conflict or refused. */
export function announce(items: QueuedWrite[], sent: string) {
  if (items.every((i) => i.state === "inviata")) toastSuccess(sent);
  else if (items.some((i) => i.state === "errore"))
    toastError(items.find((i) => i.state === "errore")!.error ?? "Invio non riuscito");
  else if (items.some((i) => i.state === "conflitto")) toastError(CONFLICT_TEXT);
  else toast(QUEUED_TITLE, { description: QUEUED_TEXT });
}

/**
 * A field write: queued, tried at once, announced. Resolves false only when the server refused it
 * (the form stays open to correct it); kept-on-the-phone counts as done.
 */
export function useFieldWrite() {
  const queue = useOfflineQueue();
  return async (writes: NewWrite[], sent: string): Promise<boolean> => {
    const done: QueuedWrite[] = [];
    for (const w of writes) done.push(await queue.submit(w));
    announce(done, sent);
    return !done.some((i) => i.state === "errore");
  };
}
