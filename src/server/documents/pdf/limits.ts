import type { FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "../../http/errors";
import { PdfPoolBusyError } from "./pool";

// Per-user bound on PDF renders. The pool (pool.ts) keeps rendering off the request thread;
// this keeps one user from filling the pool: at most IN_FLIGHT renders of a user are in the
// pool at once, up to WAITING more wait their turn here (a user opening ten PDFs in tabs is
// served, in order, while other users' renders enter the pool between them); beyond that the
// request is refused at once with 429 and Retry-After, before any work.

export const PDF_IN_FLIGHT_PER_USER = 2;
export const PDF_WAITING_PER_USER = 8;
export const PDF_RETRY_AFTER_SECONDS = 5;
export const TOO_MANY_PDFS = "Troppe richieste di PDF in corso, riprova tra poco";

interface Line {
  running: number;
  waiting: (() => void)[];
}

export class TooManyPdfsError extends Error {
  constructor() {
    super(TOO_MANY_PDFS);
  }
}

/** FIFO slots per key: `inFlight` run together, `waiting` more queue, the rest are refused. */
export class PdfLimiter {
  private readonly lines = new Map<string, Line>();

  constructor(
    readonly inFlight = PDF_IN_FLIGHT_PER_USER,
    readonly maxWaiting = PDF_WAITING_PER_USER,
  ) {}

  /** Runs `fn` in one of the key's slots; TooManyPdfsError (synchronously checked) when full. */
  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    let line = this.lines.get(key);
    if (!line) this.lines.set(key, (line = { running: 0, waiting: [] }));
    if (line.running >= this.inFlight) {
      if (line.waiting.length >= this.maxWaiting) throw new TooManyPdfsError();
      await new Promise<void>((resolve) => line.waiting.push(resolve));
    } else {
      line.running++;
    }
    try {
      return await fn();
    } finally {
      // Hand the slot to the next in line, or give it back.
      const next = line.waiting.shift();
      if (next) next();
      else if (--line.running === 0) this.lines.delete(key);
    }
  }

  /** Renders running and waiting for a key (tests, diagnostics). */
  pending(key: string) {
    const line = this.lines.get(key);
    return { running: line?.running ?? 0, waiting: line?.waiting.length ?? 0 };
  }
}

/** One limiter for the process: the pool it protects is one per process too. */
export const pdfLimiter = new PdfLimiter();

/**
 * Runs a route's PDF work in one of the user's slots. Refusals carry Retry-After: 429 for
 * this user's excess, 503 when the whole pool is saturated.
 */
export async function withPdfSlot<T>(request: FastifyRequest, reply: FastifyReply, fn: () => Promise<T>): Promise<T> {
  const key = request.user ? `user:${request.user.id}` : `ip:${request.ip}`;
  try {
    return await pdfLimiter.run(key, fn);
  } catch (err) {
    if (err instanceof TooManyPdfsError) {
      reply.header("Retry-After", String(PDF_RETRY_AFTER_SECONDS));
      throw new HttpError(429, TOO_MANY_PDFS);
    }
    if (err instanceof PdfPoolBusyError) reply.header("Retry-After", String(PDF_RETRY_AFTER_SECONDS));
    throw err;
  }
}
