import { z } from "./zod";

/** Trimmed text that must not be empty, with a message that names the field. */
export const requiredText = (label: string, max = 500) =>
  z
    .string({ error: `${label}: campo obbligatorio` })
    .trim()
    .min(1, `${label}: campo obbligatorio`)
    .max(max, `${label}: massimo ${max} caratteri`);

/** Optional free text: empty strings become null, so "not given" is stored one way. */
export const optionalText = (label: string, max = 5000) =>
  z
    .string()
    .trim()
    .max(max, `${label}: massimo ${max} caratteri`)
    .nullish()
    .transform((v) => (v ? v : null));

/** Wraps an optional format check: empty → null, otherwise the inner schema must pass. */
export function optionalFormat<T extends z.ZodType<string | null>>(inner: T) {
  return z
    .union([z.literal(""), inner])
    .nullish()
    .transform((v) => (v === "" || v == null ? null : (v as z.output<T>)));
}

export const idSchema = z.uuid({ error: "Identificativo non valido" });
export const idParams = z.object({ id: idSchema });

/** Integer that may arrive as a numeric string (docs/domain/numbering.md: validityDays, progress). */
export const intLike = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label}: numero non valido` })
    .int(`${label}: deve essere un numero intero`)
    .min(min, `${label}: minimo ${min}`)
    .max(max, `${label}: massimo ${max}`);

export const MAX_PAGE_SIZE = 200;

/** The query every list accepts (docs/domain/api.md); each entity extends it with its filters and sort keys. */
export function listQuery<const S extends readonly [string, ...string[]]>(sortKeys: S) {
  return z.object({
    q: z.string().trim().max(200, "Ricerca: massimo 200 caratteri").optional(),
    sort: z.enum(sortKeys.flatMap((k) => [k, `-${k}`]) as [string, ...string[]], { error: "Ordinamento non valido" }).optional(),
    limit: z.coerce
      .number({ error: "limit: numero non valido" })
      .int("limit: deve essere intero")
      .min(1, "limit: minimo 1")
      .max(MAX_PAGE_SIZE, `limit: massimo ${MAX_PAGE_SIZE}`)
      .default(50),
    offset: z.coerce.number({ error: "offset: numero non valido" }).int("offset: deve essere intero").min(0, "offset: minimo 0").default(0),
  });
}

/** Rows an option route (a plain array, no pager) answers at most: a picker asks for 20. */
export const MAX_OPTIONS = 50;

/** The query of an option route: what the picker's user typed and how many rows it wants. */
export const optionsQuery = z.object({
  q: z.string().trim().max(200, "Ricerca: massimo 200 caratteri").optional(),
  limit: z.coerce
    .number({ error: "limit: numero non valido" })
    .int("limit: deve essere intero")
    .min(1, "limit: minimo 1")
    .max(MAX_OPTIONS, `limit: massimo ${MAX_OPTIONS}`)
    .default(MAX_OPTIONS),
});

/**
 * Keyset pagination (src/server/lib/list.ts): the cursor of the row a page starts after or ends
 * before, as the previous answer sent it in X-Next-Cursor / X-Previous-Cursor. Replaces offset.
 */
const cursorField = z
  .string()
  .trim()
  .max(2000, "Cursore di paginazione non valido: ricarica l'elenco")
  .optional()
  .transform((v) => v || undefined);
export const pageCursors = { after: cursorField, before: cursorField };

/** Optimistic concurrency: the version the editor read (docs/domain/api.md). */
export const versionField = z.coerce.number({ error: "Versione non valida" }).int().min(1);

export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  /** A stable name for the web app, where a status alone is not enough. */
  code: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
