import { idSchema, listQuery, pageCursors, optionalText, requiredText, versionField } from "./common";
import { serviceCategories, serviceUnits } from "./catalogue";
import { moneySchema } from "./money";
import { serviceStatuses } from "./statuses";
import { z } from "./zod";

const emptyToUndefined = (v: unknown) => (v === "" || v === "all" ? undefined : v);

export const serviceCategorySchema = z.enum(serviceCategories, { error: "Categoria: scegli una categoria dell'elenco" });
export const serviceUnitSchema = z.enum(serviceUnits, { error: "Unità: scegli mq, ml, pz, ore, kg o m3" });
export const serviceStatusSchema = z.enum(serviceStatuses.values, { error: "Stato: scegli Attivo o Inattivo" });

export const serviceInputSchema = z.object({
  name: requiredText("Nome", 200),
  description: optionalText("Descrizione", 2000),
  // Optional in the data model; "" from the form's "Nessuna" means none.
  category: z.preprocess((v) => (v === "" ? null : v), serviceCategorySchema.nullish()).transform((v) => v ?? null),
  unitPrice: moneySchema,
  unit: serviceUnitSchema.default("mq"),
  status: serviceStatusSchema.default("attivo"),
  notes: optionalText("Note"),
});
export type ServiceInput = z.input<typeof serviceInputSchema>;
export type ServiceValues = z.output<typeof serviceInputSchema>;

export const serviceUpdateSchema = serviceInputSchema.extend({ version: versionField });

export const serviceSchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  unitPrice: z.string(),
  unit: z.string(),
  status: z.enum(serviceStatuses.values),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Service = z.infer<typeof serviceSchema>;

export const serviceListQuerySchema = listQuery(["name", "unitPrice", "category", "createdAt"] as const).extend({
  ...pageCursors,
  category: z.preprocess(emptyToUndefined, serviceCategorySchema.optional()),
  /** The estimate form asks for status=attivo only (docs/domain/statuses.md). */
  status: z.preprocess(emptyToUndefined, serviceStatusSchema.optional()),
});
export type ServiceListQuery = z.input<typeof serviceListQuerySchema>;
export type ServiceListParams = Partial<z.output<typeof serviceListQuerySchema>>;

/** The confirmation names the service (docs/domain/screens.md). */
export const serviceDeleteQuestion = (name: string) => `Sei sicuro di voler eliminare il servizio "${name}"?`;

/** Why a service used by estimate lines is not deleted, and what to do instead. */
export const serviceInUseMessage = (lines: number) =>
  `Impossibile eliminare il servizio: è usato in ${lines} ${lines === 1 ? "riga" : "righe"} di preventivo. ` +
  "Impostalo come inattivo: non sarà più proposto nei nuovi preventivi.";
