import type { FieldValues, Path, UseFormSetError } from "react-hook-form";

/** Forma minima degli errori restituiti dal client API. */
export type ApiErrorLike = {
  status: number;
  body?: { message?: string; errors?: Record<string, string> } | null;
};

export function isApiErrorLike(error: unknown): error is ApiErrorLike {
  return typeof error === "object" && error !== null && typeof (error as { status?: unknown }).status === "number";
}

/** Messaggio generale in italiano per un errore del server. */
export function serverErrorMessage(error: unknown): string {
  if (!isApiErrorLike(error)) return "Si è verificato un errore imprevisto. Riprova.";
  const message = error.body?.message;
  if (message) return message;
  const { status } = error;
  if (status === 400 || status === 422) return "Alcuni dati non sono validi: controlla i campi evidenziati.";
  if (status === 401) return "Sessione scaduta: accedi di nuovo.";
  if (status === 403) return "Non hai i permessi per questa operazione.";
  if (status === 404) return "Elemento non trovato: potrebbe essere stato eliminato.";
  if (status === 409) return "I dati sono stati modificati o sono in conflitto con dati esistenti.";
  if (status === 0) return "Impossibile contattare il server: controlla la connessione.";
  if (status >= 500) return "Errore del server. Riprova più tardi.";
  return "Operazione non riuscita.";
}

/** Nome dell'errore generale del form (mostrato da <FormRootError>). */
export const SERVER_ERROR_KEY = "root.server";

/**
 * Riporta nel form gli errori di un ApiError-like: un setError per ogni campo di
 * `body.errors` (il primo riceve il focus) e il messaggio generale in `root.server`.
 * Restituisce il numero di campi segnati (0 se nessuno o se l'errore non è un ApiError).
 */
export function applyServerErrors<T extends FieldValues>(
  form: { setError: UseFormSetError<T> },
  error: unknown,
): number {
  if (!isApiErrorLike(error)) return 0;
  const fields = Object.entries(error.body?.errors ?? {}).filter(([, message]) => typeof message === "string");
  fields.forEach(([field, message], index) => {
    form.setError(field as Path<T>, { type: "server", message }, { shouldFocus: index === 0 });
  });
  form.setError(SERVER_ERROR_KEY as `root.${string}`, {
    type: String(error.status),
    message: serverErrorMessage(error),
  });
  return fields.length;
}
