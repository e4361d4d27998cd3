import { idSchema, listQuery, optionalFormat, optionalText, requiredText, versionField } from "./common";
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

/** The form once offered English type names (specification §5): accept them, store Italian. */
const typeAliases: Record<string, string> = { private: "privato", company: "azienda", condominium: "condominio" };

export const clientTypeSchema = z.preprocess(
  (v) => (typeof v === "string" && v in typeAliases ? typeAliases[v] : v),
  z.enum(clientTypes.values, { error: "Tipo cliente: scegli Privato, Azienda o Condominio" }),
);

export const clientInputSchema = z.object({
  name: requiredText("Nome", 200),
  type: clientTypeSchema,
  address: requiredText("Indirizzo", 300),
  city: optionalText("Città", 100),
  province: optionalFormat(provinciaSchema),
  zipCode: optionalFormat(capSchema),
  phone: optionalFormat(phoneSchema),
  email: optionalFormat(emailSchema),
  pec: optionalFormat(emailSchema),
  sdiCode: optionalFormat(sdiCodeSchema),
  vatNumber: optionalFormat(partitaIvaSchema),
  fiscalCode: optionalFormat(codiceFiscaleSchema),
  notes: optionalText("Note"),
});
export type ClientInput = z.input<typeof clientInputSchema>;
export type ClientValues = z.output<typeof clientInputSchema>;

export const clientUpdateSchema = clientInputSchema.extend({ version: versionField });

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
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Client = z.infer<typeof clientSchema>;

export const clientListQuerySchema = listQuery(["name", "createdAt", "type"] as const).extend({
  type: z.preprocess((v) => (v === "" || v === "all" ? undefined : v), clientTypeSchema.optional()),
});
export type ClientListQuery = z.input<typeof clientListQuerySchema>;

/** The detail screen: the client with the counts and the few related rows it shows. */
export const clientDetailSchema = clientSchema.extend({
  counts: z.object({ contacts: z.number(), surveys: z.number(), estimates: z.number() }),
  contacts: z.array(
    z.object({ id: idSchema, name: z.string(), role: z.string().nullable(), phone: z.string().nullable(), email: z.string().nullable() }),
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

// ---- a technician's view (decisions §8 "Accounts", docs/decisions/009-roles.md) -------------
// The client's identity and contacts; none of its estimates, amounts or portal account.

export const clientDetailTecnicoSchema = clientDetailSchema.omit({ latestEstimates: true, portalAccess: true });
export type ClientDetailTecnico = z.infer<typeof clientDetailTecnicoSchema>;

export function clientDetailForTecnico(detail: ClientDetail): ClientDetailTecnico {
  const { latestEstimates: _estimates, portalAccess: _portal, ...rest } = detail;
  return rest;
}
