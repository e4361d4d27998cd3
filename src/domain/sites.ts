import { siteWorkTypes, DEFAULT_WORKING_HOURS } from "./catalogue";
import { checkForce, forceFields } from "./compliance";
import { idSchema, listQuery, optionalFormat, optionalText, pageCursors, requiredText, versionField } from "./common";
import { isSiteLate, isSlowProgress, optionalIsoDate } from "./dates";
import { moneySchema, percentOf, ratio, subMoney, maxMoney } from "./money";
import { siteStatuses, type SiteStatus } from "./statuses";
import { assignedFilterFields, assignedUserIdField, assignedUserSchema } from "./team";
import { phoneSchema } from "./validators";
import { z } from "./zod";

export const workTypeLabels: Record<(typeof siteWorkTypes)[number], string> = {
  ristrutturazione: "Ristrutturazione",
  nuova_costruzione: "Nuova costruzione",
  manutenzione: "Manutenzione",
  demolizione: "Demolizione",
  rifacimento_tetto: "Rifacimento tetto",
  impermeabilizzazione: "Impermeabilizzazione",
  isolamento: "Isolamento",
};
export const workTypeOptions = siteWorkTypes.map((value) => ({ value, label: workTypeLabels[value] }));

/** The portal once spoke of "pianificato": it is the same state as programmato (docs/domain/statuses.md). */
export const siteStatusSchema = z.preprocess(
  (v) => (v === "pianificato" ? "programmato" : v),
  z.enum(siteStatuses.values, { error: "Stato: scegli Programmato, In corso, Completato o Sospeso" }),
);

/** A key that may be missing altogether: missing, like empty, is stored as null. */
const orNull = <T extends z.ZodType>(schema: T) =>
  schema.optional().transform((v) => (v === undefined ? null : v) as Exclude<z.output<T>, undefined> | null);

/** An optional whole number typed in a form: empty means "not given". */
const optionalCount = (label: string) =>
  z
    .union([z.literal(""), z.null(), z.undefined(), z.coerce.number({ error: `${label}: numero non valido` })])
    .transform((v, ctx) => {
      if (v === "" || v == null) return null;
      if (!Number.isInteger(v)) ctx.addIssue({ code: "custom", message: `${label}: deve essere un numero intero` });
      else if (v < 1) ctx.addIssue({ code: "custom", message: `${label}: minimo 1` });
      else if (v > 10_000) ctx.addIssue({ code: "custom", message: `${label}: massimo 10000` });
      return v as number;
    });

const optionalMoney = (label: string) =>
  z
    .union([z.literal(""), z.null(), z.undefined(), moneySchema])
    .transform((v) => (v === "" || v == null ? null : v))
    .pipe(z.string({ error: `${label}: importo non valido` }).nullable());

const WORKING_HOURS_RE = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/;

const siteFields = z.object({
  estimateId: idSchema.or(z.literal("")).refine((v) => v !== "", "Preventivo: campo obbligatorio"),
  name: requiredText("Nome cantiere", 200),
  address: requiredText("Indirizzo", 300),
  status: siteStatusSchema.default("programmato"),
  progress: z.coerce
    .number({ error: "Avanzamento: numero non valido" })
    .int("Avanzamento: deve essere un numero intero")
    .min(0, "Avanzamento: minimo 0")
    .max(100, "Avanzamento: massimo 100")
    .default(0),
  startDate: orNull(optionalIsoDate),
  estimatedEndDate: orNull(optionalIsoDate),
  endDate: orNull(optionalIsoDate),
  workType: orNull(
    z
      .union([z.literal(""), z.null(), z.enum(siteWorkTypes, { error: "Tipo di lavoro non valido" })])
      .transform((v) => (v ? v : null)),
  ),
  surfaceArea: orNull(optionalMoney("Superficie")),
  floorsCount: orNull(optionalCount("Piani")),
  expectedWorkers: orNull(optionalCount("Operai previsti")),
  estimatedBudget: orNull(optionalMoney("Budget stimato")),
  workingHours: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v.replace(/\s+/g, "") : DEFAULT_WORKING_HOURS))
    .refine((v) => WORKING_HOURS_RE.test(v), "Orario di lavoro: formato HH:MM-HH:MM"),
  mainMaterials: optionalText("Materiali principali", 1000),
  siteManager: optionalText("Responsabile di cantiere", 200),
  emergencyPhone: optionalFormat(phoneSchema),
  permits: optionalText("Permessi", 2000),
  safetyRequirements: optionalText("Requisiti di sicurezza", 2000),
  accessConditions: optionalText("Condizioni di accesso", 2000),
  specialEquipment: optionalText("Attrezzature speciali", 2000),
  /** Scaffolding on site: a PIMUS becomes required (site compliance, docs/domain/sites.md). */
  usesScaffolding: z.boolean({ error: "Ponteggi: usa sì o no" }).default(false),
  notes: optionalText("Note"),
  /** The technician responsible on site (issue 19): an active staff user, checked by the server. */
  assignedUserId: assignedUserIdField,
});

function checkDates(
  v: { startDate: string | null; estimatedEndDate: string | null; endDate: string | null },
  ctx: z.RefinementCtx,
) {
  if (v.startDate && v.estimatedEndDate && v.estimatedEndDate < v.startDate) {
    ctx.addIssue({
      code: "custom",
      path: ["estimatedEndDate"],
      message: "Fine prevista: non può precedere la data di inizio",
    });
  }
  if (v.startDate && v.endDate && v.endDate < v.startDate) {
    ctx.addIssue({ code: "custom", path: ["endDate"], message: "Data di fine: non può precedere la data di inizio" });
  }
}

export const siteInputSchema = siteFields.extend(forceFields).superRefine(checkDates).superRefine(checkForce);
export type SiteInput = z.input<typeof siteInputSchema>;
export type SiteValues = z.output<typeof siteInputSchema>;

/**
 * `force` with a `reason` opens a site in corso although a required paper is missing or expired
 * (docs/domain/sites.md): the server records the reason in the activity.
 */
export const siteUpdateSchema = siteFields
  .extend({ version: versionField, ...forceFields })
  .superRefine(checkDates)
  .superRefine(checkForce);

export const siteSchema = z.object({
  id: idSchema,
  estimateId: idSchema,
  name: z.string(),
  address: z.string(),
  status: z.enum(siteStatuses.values),
  progress: z.number().int(),
  startDate: z.string().nullable(),
  estimatedEndDate: z.string().nullable(),
  endDate: z.string().nullable(),
  workType: z.string().nullable(),
  surfaceArea: z.string().nullable(),
  floorsCount: z.number().nullable(),
  expectedWorkers: z.number().nullable(),
  estimatedBudget: z.string().nullable(),
  workingHours: z.string().nullable(),
  mainMaterials: z.string().nullable(),
  siteManager: z.string().nullable(),
  emergencyPhone: z.string().nullable(),
  permits: z.string().nullable(),
  safetyRequirements: z.string().nullable(),
  accessConditions: z.string().nullable(),
  specialEquipment: z.string().nullable(),
  usesScaffolding: z.boolean(),
  notes: z.string().nullable(),
  assignedUserId: idSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Site = z.infer<typeof siteSchema>;

/** A list row: the site plus what the cards show about its estimate and client. */
export const siteListItemSchema = siteSchema.extend({
  estimateNumber: z.string(),
  estimateTitle: z.string(),
  clientId: idSchema,
  clientName: z.string(),
  late: z.boolean(),
  assignedUser: assignedUserSchema,
});
export type SiteListItem = z.infer<typeof siteListItemSchema>;

export const siteListQuerySchema = listQuery([
  "name",
  "createdAt",
  "startDate",
  "estimatedEndDate",
  "progress",
] as const).extend({
  ...pageCursors,
  status: z.preprocess((v) => (v === "" || v === "all" ? undefined : v), siteStatusSchema.optional()),
  estimateId: z.preprocess((v) => (v === "" ? undefined : v), idSchema.optional()),
  ...assignedFilterFields,
});
export type SiteListQuery = z.input<typeof siteListQuerySchema>;
export type SiteListParams = Partial<z.output<typeof siteListQuerySchema>>;

/** Cost analysis of docs/domain/screens.md: orders against the estimate, and the value of the work done. */
export function siteCostAnalysis(estimateTotal: string, ordersTotal: string, progress: number) {
  const valueDone = percentOf(estimateTotal, progress);
  return {
    estimateTotal,
    ordersTotal,
    /** Orders total / estimate total × 100, one decimal. */
    costPercent: ratio(ordersTotal, estimateTotal, 1),
    valueDone,
    valueRemaining: maxMoney("0.00", subMoney(estimateTotal, valueDone)),
  };
}

export interface SiteAlert {
  kind: "late" | "slow";
  message: string;
}

/** The alerts panel of the site detail (docs/domain/statuses.md). */
export function siteAlerts(
  site: { status: SiteStatus; progress: number; estimatedEndDate: string | null },
  today: string,
): SiteAlert[] {
  const alerts: SiteAlert[] = [];
  if (isSiteLate(site.estimatedEndDate, site.status, today)) {
    alerts.push({ kind: "late", message: "Cantiere in ritardo: la data di fine prevista è superata" });
  }
  if (isSlowProgress(site.progress, site.status)) {
    alerts.push({ kind: "slow", message: "Progresso lento: avanzamento inferiore al 10%" });
  }
  return alerts;
}

export const siteEstimateOptionSchema = z.object({
  id: idSchema,
  number: z.string(),
  title: z.string(),
  clientName: z.string(),
  totalAmount: z.string(),
});
export type SiteEstimateOption = z.infer<typeof siteEstimateOptionSchema>;

const moneyOut = z.string();

export const siteDetailSchema = siteSchema.extend({
  assignedUser: assignedUserSchema,
  late: z.boolean(),
  slowProgress: z.boolean(),
  estimate: z.object({
    id: idSchema,
    number: z.string(),
    title: z.string(),
    status: z.string(),
    totalAmount: moneyOut,
    grossTotal: moneyOut,
    createdAt: z.string(),
  }),
  client: z.object({
    id: idSchema,
    name: z.string(),
    type: z.string(),
    address: z.string(),
    city: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
  }),
  contracts: z.array(
    z.object({
      id: idSchema,
      number: z.string(),
      status: z.string(),
      signedDate: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  /** Internal figures: only administrators get them (null for portal users). */
  costAnalysis: z
    .object({
      estimateTotal: moneyOut,
      ordersTotal: moneyOut,
      costPercent: z.string(),
      valueDone: moneyOut,
      valueRemaining: moneyOut,
    })
    .nullable(),
  orders: z.array(
    z.object({
      id: idSchema,
      number: z.string(),
      title: z.string(),
      status: z.string(),
      orderDate: z.string(),
      totalAmount: moneyOut,
      supplierName: z.string(),
    }),
  ),
});
export type SiteDetail = z.infer<typeof siteDetailSchema>;

// ---- a technician's view (docs/domain/roles.md, docs/decisions/009-roles.md) -------------
// No budget, estimate amounts, contracts, costs or order totals: the technician works the site.

export const siteTecnicoSchema = siteSchema.omit({ estimatedBudget: true });
export const siteListItemTecnicoSchema = siteListItemSchema.omit({ estimatedBudget: true });
export const siteDetailTecnicoSchema = siteDetailSchema
  .omit({ estimatedBudget: true, contracts: true, costAnalysis: true, estimate: true, orders: true })
  .extend({
    estimate: siteDetailSchema.shape.estimate.omit({ totalAmount: true, grossTotal: true }),
    orders: z.array(siteDetailSchema.shape.orders.element.omit({ totalAmount: true })),
  });
export type SiteDetailTecnico = z.infer<typeof siteDetailTecnicoSchema>;
export type SiteListItemTecnico = z.infer<typeof siteListItemTecnicoSchema>;

/**
 * What a technician may change on a site: its progress, its state and the notes from the field.
 * Notes left out of the body stay as they are.
 */
export const siteProgressSchema = z
  .object({
    progress: siteFields.shape.progress,
    status: siteStatusSchema.optional(),
    notes: z.union([z.undefined(), optionalText("Note")]),
    version: versionField,
    ...forceFields,
  })
  .superRefine(checkForce);
export type SiteProgressInput = z.input<typeof siteProgressSchema>;

export function siteForTecnico<T extends { estimatedBudget: string | null }>(site: T): Omit<T, "estimatedBudget"> {
  const { estimatedBudget: _budget, ...rest } = site;
  return rest;
}

export function siteDetailForTecnico(detail: SiteDetail): SiteDetailTecnico {
  const { estimatedBudget: _budget, contracts: _contracts, costAnalysis: _costs, estimate, orders, ...rest } = detail;
  const { totalAmount: _total, grossTotal: _gross, ...estimateRest } = estimate;
  return { ...rest, estimate: estimateRest, orders: orders.map(({ totalAmount: _t, ...o }) => o) };
}
