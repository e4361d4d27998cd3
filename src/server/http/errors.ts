import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";

/** An error that carries its HTTP status and Italian message to the client (docs/domain/api.md). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    /** A stable name the web app recognises (e.g. "two_factor_setup_required"). */
    readonly code?: string,
    /** Headers the answer carries (e.g. Retry-After of a 429), so a service never needs the reply. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new HttpError(400, message, errors);
export const unauthorized = (message = "Accesso richiesto") => new HttpError(401, message);
export const forbidden = (message = "Operazione non consentita") => new HttpError(403, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, undefined, { "Retry-After": String(retryAfterSeconds) });
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string, errors?: Record<string, string>) => new HttpError(409, message, errors);
export const staleVersion = () =>
  conflict("Il documento è stato modificato da un altro utente. Ricarica la pagina e riprova.", {
    version: "Versione non aggiornata",
  });

/** PostgreSQL error codes that user input can cause: never a 500 for them. */
const pgCodes: Record<string, { status: number; message: string }> = {
  "23505": { status: 409, message: "Esiste già un record con questo valore" },
  "23503": { status: 409, message: "Operazione impossibile: il record è collegato ad altri dati" },
  "23514": { status: 400, message: "Dati non validi" },
  "23502": { status: 400, message: "Dati obbligatori mancanti" },
  "22P02": { status: 400, message: "Formato dei dati non valido" },
  "22003": { status: 400, message: "Valore numerico fuori intervallo" },
  "22001": { status: 400, message: "Testo troppo lungo" },
  "22007": { status: 400, message: "Data non valida" },
  "22008": { status: 400, message: "Data fuori intervallo" },
  // A NUL byte or a character the database cannot store, sent in any text field or search.
  "22021": { status: 400, message: "Il testo contiene caratteri non consentiti" },
  "22P05": { status: 400, message: "Il testo contiene caratteri non consentiti" },
  "54000": { status: 400, message: "Testo troppo lungo" },
  "40001": { status: 409, message: "Operazione in conflitto con un'altra: riprova" },
  "40P01": { status: 409, message: "Operazione in conflitto con un'altra: riprova" },
  "57P01": { status: 503, message: "Database temporaneamente non disponibile. Riprova tra poco." },
  "57P03": { status: 503, message: "Database temporaneamente non disponibile. Riprova tra poco." },
};
const unavailable = /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

function pgCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function isUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if ((typeof code === "string" && unavailable.test(code)) || (typeof message === "string" && unavailable.test(message))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const fastifyCodes: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "Il corpo della richiesta non è JSON valido",
  FST_ERR_CTP_EMPTY_JSON_BODY: "Il corpo della richiesta è vuoto",
  FST_ERR_CTP_BODY_TOO_LARGE: "Richiesta troppo grande",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Tipo di contenuto non supportato",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "Lunghezza del contenuto non valida",
  FST_REQ_FILE_TOO_LARGE: "File troppo grande",
  FST_FILES_LIMIT: "Troppi file in una sola richiesta",
  FST_INVALID_MULTIPART_CONTENT_TYPE: "La richiesta deve essere multipart/form-data",
  FST_ERR_RATE_LIMIT: "Troppe richieste. Riprova tra poco.",
};

export function errorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(err)) {
    const errors: Record<string, string> = {};
    for (const issue of err.validation) {
      const field = issue.instancePath.replace(/^\//, "").replace(/\//g, ".") || "_";
      errors[field] ??= issue.message ?? "Valore non valido";
    }
    const first = Object.entries(errors)[0];
    // Our schemas' messages start with the field's Italian label; generic ones get the field name.
    const detail = !first ? "" : first[1].includes(":") || first[0] === "_" ? first[1] : `${first[0]}: ${first[1]}`;
    const message = detail ? `Dati non validi. ${detail}` : "Dati non validi";
    return reply.status(400).send({ message, errors });
  }
  if (err instanceof HttpError) {
    if (err.headers) reply.headers(err.headers);
    return reply
      .status(err.statusCode)
      .send({ message: err.message, ...(err.errors ? { errors: err.errors } : {}), ...(err.code ? { code: err.code } : {}) });
  }
  if (isResponseSerializationError(err as unknown as Error) && err.code === "FST_ERR_RESPONSE_SERIALIZATION") {
    request.log.error({ err }, "response did not match its schema");
    return reply.status(500).send({ message: "Errore interno del server" });
  }
  const code = pgCode(err);
  if (code && pgCodes[code]) {
    const mapped = pgCodes[code];
    if (mapped.status >= 500) request.log.warn({ code }, "database unavailable");
    return reply.status(mapped.status).send({ message: mapped.message });
  }
  if (isUnavailable(err)) {
    request.log.warn({ msg: err.message }, "database unavailable");
    return reply.status(503).send({ message: "Database temporaneamente non disponibile. Riprova tra poco." });
  }
  const status = err.statusCode ?? 500;
  if (status < 500) {
    const message = (err.code && fastifyCodes[err.code]) ?? (status === 404 ? "Risorsa non trovata" : "Richiesta non valida");
    return reply.status(status).send({ message });
  }
  request.log.error({ err }, "unhandled error");
  return reply.status(500).send({ message: "Errore interno del server" });
}
