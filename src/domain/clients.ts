import { pageCursors, idSchema, listQuery, optionalFormat, optionalText, requiredText, versionField } from "./common";
import { FATTURA_LIMITS, fatturaLimitMessage, fitsFattura } from "./fatturapa";
import { clientTypes } from "./statuses";
import {
  capSchema,
  codiceFiscaleSchema,
  emailSchema,
  partitaIvaSchema,
  phoneSchema,
  provinciaSchema,
  sdiCodeSchema,
} from "./validators";
import { z } from "./zod";

/** The form once offered English type names (docs/domain/screens.md): accept them, store Italian. */
const typeAliases: Record<string, string> = { private: "privato", company: "azienda", condominium: "condominio" };

export const clientTypeSchema = z.preprocess(
  (v) => (typeof v === "string" && v in typeAliases ? typeAliases[v] : v),
  z.enum(clientTypes.values, { error: "Tipo cliente: scegli Privato, Azienda, Condominio o Ente pubblico" }),
);

/** A text that reaches FatturaPA: refused beyond the field's length, never cut (docs/domain/numbering.md). */
const fatturaText = <T extends z.ZodType<string | null>>(schema: T, label: string, max: number) =>
  schema.refine(fitsFattura(max), fatturaLimitMessage(label, max));

/** Codice univoco ufficio (IPA) of a public body: 6 letters or digits, its CodiceDestinatario. */
export const officeCodeSchema = z
  .string({ error: "Codice univoco ufficio: 6 caratteri (lettere e cifre)" })
  .trim()
  .toUpperCase()
  .refine((v) => /^[A-Z0-9]{6}$/.test(v), "Codice univoco ufficio: 6 caratteri (lettere e cifre)");

const clientFields = z.object({
  name: fatturaText(requiredText("Nome", 1000), "Nome", FATTURA_LIMITS.denominazione),
  type: clientTypeSchema,
  address: fatturaText(requiredText("Indirizzo", 1000), "Indirizzo", FATTURA_LIMITS.indirizzo),
  city: fatturaText(optionalText("Città", 1000), "Città", FATTURA_LIMITS.comune),
  province: optionalFormat(provinciaSchema),
  zipCode: optionalFormat(capSchema),
  phone: optionalFormat(phoneSchema),
  email: optionalFormat(emailSchema),
  pec: optionalFormat(emailSchema),
  sdiCode: optionalFormat(sdiCodeSchema),
  vatNumber: optionalFormat(partitaIvaSchema),
  fiscalCode: optionalFormat(codiceFiscaleSchema),
  /** Public body (ente pubblico): its office code (FPA12, split payment). */
  officeCode: optionalFormat(officeCodeSchema),
  /** Condominio: withholds the ritenuta 4 % (off for one that is not a sostituto d'imposta). */
  withholdingAgent: z.boolean({ error: "Sostituto d'imposta: sì o no" }).default(true),
  notes: optionalText("Note"),
});

function checkClient(v: z.output<typeof clientFields>, ctx: z.RefinementCtx) {
  if (v.type === "ente_pubblico" && !v.officeCode) {
    ctx.addIssue({
      code: "custom",
      path: ["officeCode"],
      message: "Codice univoco ufficio: obbligatorio per un ente pubblico (6 caratteri)",
    });
  }
}

export const clientInputSchema = clientFields.superRefine(checkClient);
export type ClientInput = z.input<typeof clientInputSchema>;
export type ClientValues = z.output<typeof clientInputSchema>;

export const clientUpdateSchema = clientFields.extend({ version: versionField }).superRefine(checkClient);

export const clientSchema = z.object({
  id: idSchema,
  name: z.string(),
  type: z.enum(clientTypes.values),
  address: z.string(),
  city: z.string().nullable(),
  province: z.string().nullable(),
  zipCode: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  pec: z.string().nullable(),
  sdiCode: z.string().nullable(),
  vatNumber: z.string().nullable(),
  fiscalCode: z.string().nullable(),
  officeCode: z.string().nullable(),
  withholdingAgent: z.boolean(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Client = z.infer<typeof clientSchema>;

export const clientListQuerySchema = listQuery(["name", "createdAt", "type"] as const).extend({
  ...pageCursors,
  type: z.preprocess((v) => (v === "" || v === "all" ? undefined : v), clientTypeSchema.optional()),
});
export type ClientListQuery = z.input<typeof clientListQuerySchema>;

/** The detail screen: the client with the counts and the few related rows it shows. */
export const clientDetailSchema = clientSchema.extend({
  counts: z.object({ contacts: z.number(), surveys: z.number(), estimates: z.number() }),
  contacts: z.array(
    z.object({
      id: idSchema,
      name: z.string(),
      role: z.string().nullable(),
      phone: z.string().nullable(),
      email: z.string().nullable(),
    }),
  ),
  latestEstimates: z.array(
    z.object({
      id: idSchema,
      number: z.string(),
      title: z.string(),
      status: z.string(),
      totalAmount: z.string(),
      createdAt: z.string(),
    }),
  ),
  portalAccess: z
    .object({ userId: idSchema, username: z.string(), active: z.boolean(), lastLoginAt: z.string().nullable() })
    .nullable(),
});
export type ClientDetail = z.infer<typeof clientDetailSchema>;

export const CLIENT_DETAIL_CONTACTS = 3;
export const CLIENT_DETAIL_ESTIMATES = 3;

/** The list parameters as the screens build them. */
export type ClientListParams = Partial<z.output<typeof clientListQuerySchema>>;

// ---- a technician's view (docs/domain/roles.md, docs/decisions/009-roles.md) -------------
// The client's identity and contacts; none of its estimates, amounts or portal account.

export const clientDetailTecnicoSchema = clientDetailSchema.omit({ latestEstimates: true, portalAccess: true });
export type ClientDetailTecnico = z.infer<typeof clientDetailTecnicoSchema>;

export function clientDetailForTecnico(detail: ClientDetail): ClientDetailTecnico {
  const { latestEstimates: _estimates, portalAccess: _portal, ...rest } = detail;
  return rest;
}
