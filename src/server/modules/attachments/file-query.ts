import { z } from "@domain/zod";

export const ATTACHMENT_NOT_FOUND = "Allegato non trovato";

export const attachmentFileQuery = z.object({
  /** Thumbnails are the image itself for now: the browser scales it. */
  thumb: z.enum(["0", "1"]).optional(),
  download: z.enum(["0", "1"]).optional(),
});
