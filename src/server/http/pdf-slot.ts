import type { FastifyReply, FastifyRequest } from "fastify";
import { PDF_RETRY_AFTER_SECONDS, pdfLimiter, TOO_MANY_PDFS, TooManyPdfsError } from "../documents/pdf/limits";
import { PdfPoolBusyError } from "../documents/pdf/pool";
import { HttpError } from "./errors";

// The HTTP side of the per-user PDF limit (documents/pdf/limits.ts): a refusal with Retry-After.

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
