import { idSchema, listQuery, pageCursors, optionalFormat, optionalText, requiredText, versionField } from "./common";
import { emailSchema, phoneSchema } from "./validators";
import { z } from "./zod";

/** A required reference chosen in a select: "" means "not chosen yet", named after the field. */
export const requiredRef = (label: string) =>
  z
    .string({ error: `${label}: campo obbligatorio` })
    .trim()
    .min(1, `${label}: campo obbligatorio`)
    .pipe(z.uuid({ error: `${label}: valore non valido` }));

/** An optional reference: "", null and missing all mean none. */
export const optionalRef = (label: string) =>
  z
    .union([z.literal(""), z.uuid({ error: `${label}: valore non valido` })])
    .nullish()
    .transform((v) => (v ? v : null));

export const contactInputSchema = z.object({
  clientId: requiredRef("Cliente"),
  name: requiredText("Nome", 200),
  role: optionalText("Ruolo", 100),
  phone: optionalFormat(phoneSchema),
  email: optionalFormat(emailSchema),
  notes: optionalText("Note"),
});
export type ContactInput = z.input<typeof contactInputSchema>;
export type ContactValues = z.output<typeof contactInputSchema>;

export const contactUpdateSchema = contactInputSchema.extend({ version: versionField });

export const contactSchema = z.object({
  id: idSchema,
  clientId: idSchema,
  /** Null only if the client vanished: the list then shows "Cliente non trovato". */
  clientName: z.string().nullable(),
  name: z.string(),
  role: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Contact = z.infer<typeof contactSchema>;

export const contactListQuerySchema = listQuery(["name", "createdAt", "clientName"] as const).extend({
  ...pageCursors,
  clientId: z.preprocess((v) => (v === "" || v === "all" ? undefined : v), idSchema.optional()),
});
export type ContactListQuery = z.input<typeof contactListQuerySchema>;
export type ContactListParams = Partial<z.output<typeof contactListQuerySchema>>;

/** docs/domain/screens.md: the contact page shows up to 5 assigned surveys. */
export const CONTACT_DETAIL_SURVEYS = 5;

export const contactDetailSchema = contactSchema.extend({
  client: z.object({ id: idSchema, name: z.string(), type: z.string(), phone: z.string().nullable(), email: z.string().nullable() }).nullable(),
  surveyCount: z.number().int(),
  surveys: z.array(
    z.object({
      id: idSchema,
      date: z.string(),
      time: z.string().nullable(),
      address: z.string(),
      description: z.string().nullable(),
      status: z.string(),
    }),
  ),
});
export type ContactDetail = z.infer<typeof contactDetailSchema>;
