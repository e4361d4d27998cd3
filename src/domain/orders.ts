import { idSchema, listQuery, optionalText, pageCursors, requiredText, versionField } from "./common";
import { isoDateSchema, optionalIsoDate } from "./dates";
import { compareMoney, lineTotal, moneySchema, quantitySchema, sumMoney, toCents } from "./money";
import { orderStatuses, siteStatuses, supplierStatuses, type OrderStatus } from "./statuses";
import { z } from "./zod";

// ---- totals -------------------------------------------------------------------------

/** numeric(10,2): the largest amount an order or a line can hold. */
export const MAX_ORDER_AMOUNT = "99999999.99";
export const DEFAULT_ORDER_UNIT = "pz";
export const MAX_ORDER_ITEMS = 200;

/** Line totals (quantity × unit price, half up to the cent) and the order total, exactly (docs/domain/statuses.md). */
export function computeOrderTotals(items: readonly { quantity: string | number; unitPrice: string | number }[]) {
  const lines = items.map((item) => lineTotal(item.quantity, item.unitPrice));
  return { lines, total: sumMoney(lines) };
}

/** Same computation for a form being typed: unparsable lines count as zero instead of throwing. */
export function previewOrderTotals(items: readonly { quantity?: unknown; unitPrice?: unknown }[]) {
  const lines = items.map((item) => {
    const q = String(item.quantity ?? "").trim().replace(",", ".");
    const p = String(item.unitPrice ?? "").trim().replace(",", ".");
    try {
      return q && p ? lineTotal(q, p) : "0.00";
    } catch {
      return "0.00";
    }
  });
  return { lines, total: sumMoney(lines) };
}

// ---- input --------------------------------------------------------------------------

/** The fields of a line a user types; the total is always computed. */
export const orderItemFields = z.object({
  description: requiredText("Descrizione", 500),
  quantity: quantitySchema.refine((q) => toCents(q) > 0n, { error: "Quantità: deve essere maggiore di zero" }),
  unit: z
    .string()
    .trim()
    .max(20, "Unità: massimo 20 caratteri")
    .nullish()
    .transform((v) => v || DEFAULT_ORDER_UNIT),
  unitPrice: moneySchema,
  notes: optionalText("Note", 1000),
});

const lineWithinLimit = (item: { quantity: string; unitPrice: string }) =>
  compareMoney(lineTotal(item.quantity, item.unitPrice), MAX_ORDER_AMOUNT) <= 0;
const LINE_TOO_HIGH = "Totale riga troppo alto (massimo 99.999.999,99 €)";

export const orderItemInputSchema = orderItemFields.refine(lineWithinLimit, { error: LINE_TOO_HIGH, path: ["unitPrice"] });
export type OrderItemInput = z.input<typeof orderItemInputSchema>;
export type OrderItemValues = z.output<typeof orderItemInputSchema>;

/** The separate item routes (docs/domain/api.md) name the order in the body. */
export const orderItemCreateSchema = orderItemFields
  .extend({ orderId: idSchema })
  .refine(lineWithinLimit, { error: LINE_TOO_HIGH, path: ["unitPrice"] });

const optionalId = z
  .union([z.literal(""), idSchema])
  .nullish()
  .transform((v) => (v ? v : null));

const orderFields = z.object({
  supplierId: z.uuid({ error: "Fornitore: campo obbligatorio" }),
  constructionSiteId: optionalId,
  title: requiredText("Titolo", 200),
  description: optionalText("Descrizione", 5000),
  orderDate: isoDateSchema,
  // optionalIsoDate alone makes the key required in zod 4: a missing key is allowed here.
  expectedDeliveryDate: optionalIsoDate.optional().transform((v) => v ?? null),
  notes: optionalText("Note", 5000),
  items: z
    .array(orderItemInputSchema, { error: "Articoli: elenco non valido" })
    .min(1, "Articoli: aggiungi almeno un articolo")
    .max(MAX_ORDER_ITEMS, `Articoli: massimo ${MAX_ORDER_ITEMS} righe`),
});

type OrderFields = z.output<typeof orderFields>;

/** Cross-field rules shared by create and update. */
function checkOrder(value: OrderFields, ctx: z.RefinementCtx) {
  // Each line is within limits, but their sum must fit numeric(10,2) too.
  const lines = value.items.filter(lineWithinLimit);
  if (lines.length === value.items.length && compareMoney(computeOrderTotals(lines).total, MAX_ORDER_AMOUNT) > 0) {
    ctx.addIssue({ code: "custom", path: ["items"], message: "Articoli: il totale dell'ordine supera 99.999.999,99 €" });
  }
}

/**
 * The dates are checked even when other fields are wrong, so that one submit shows every
 * error at once (a refinement normally waits until all fields are valid).
 */
function checkOrderDates<T extends z.ZodType>(schema: T) {
  return schema.refine(
    (v) => {
      const { orderDate, expectedDeliveryDate } = v as { orderDate?: unknown; expectedDeliveryDate?: unknown };
      return !(typeof expectedDeliveryDate === "string" && expectedDeliveryDate && typeof orderDate === "string" && expectedDeliveryDate < orderDate);
    },
    {
      path: ["expectedDeliveryDate"],
      error: "Consegna prevista: non può precedere la data dell'ordine",
      when: (payload) => typeof payload.value === "object" && payload.value !== null,
    },
  );
}

export const orderInputSchema = checkOrderDates(orderFields.superRefine(checkOrder));
export type OrderInput = z.input<typeof orderInputSchema>;
export type OrderValues = z.output<typeof orderInputSchema>;

export const orderUpdateSchema = checkOrderDates(orderFields.extend({ version: versionField }).superRefine(checkOrder));

/** Actions that carry only the version the user saw. */
export const orderActionSchema = z.object({ version: versionField.optional() });

// ---- output -------------------------------------------------------------------------

export const orderItemSchema = z.object({
  id: idSchema,
  orderId: idSchema,
  position: z.number().int(),
  description: z.string(),
  quantity: z.string(),
  unit: z.string(),
  unitPrice: z.string(),
  totalPrice: z.string(),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderSchema = z.object({
  id: idSchema,
  number: z.string(),
  supplierId: idSchema,
  supplierName: z.string(),
  constructionSiteId: idSchema.nullable(),
  constructionSiteName: z.string().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  orderDate: z.string(),
  expectedDeliveryDate: z.string().nullable(),
  totalAmount: z.string(),
  status: z.enum(orderStatuses.values),
  notes: z.string().nullable(),
  sentAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderDetailSchema = orderSchema.extend({
  items: z.array(orderItemSchema),
  supplier: z.object({
    id: idSchema,
    name: z.string(),
    vatNumber: z.string().nullable(),
    address: z.string().nullable(),
    city: z.string(),
    province: z.string().nullable(),
    zipCode: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    contactPerson: z.string().nullable(),
    status: z.enum(supplierStatuses.values),
  }),
  constructionSite: z
    .object({ id: idSchema, name: z.string(), address: z.string(), status: z.enum(siteStatuses.values) })
    .nullable(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

const optionalFilterId = z.preprocess((v) => (v === "" ? undefined : v), idSchema.optional());

export const orderListQuerySchema = listQuery(["number", "orderDate", "totalAmount", "status", "createdAt", "title"] as const).extend({
  ...pageCursors,
  status: z.preprocess(
    (v) => (v === "" || v === "all" ? undefined : v),
    z.enum(orderStatuses.values, { error: "Stato ordine non valido" }).optional(),
  ),
  supplierId: optionalFilterId,
  constructionSiteId: optionalFilterId,
});
export type OrderListQuery = z.input<typeof orderListQuerySchema>;
export type OrderListParams = Partial<z.output<typeof orderListQuerySchema>>;

export const orderItemListQuerySchema = z.object({
  orderId: optionalFilterId,
  limit: z.coerce.number().int().min(1, "limit: minimo 1").max(200, "limit: massimo 200").default(200),
  offset: z.coerce.number().int().min(0, "offset: minimo 0").default(0),
  ...pageCursors,
});

// ---- lifecycle ----------------------------------------------------------------------

export type OrderAction = "send" | "confirm" | "receive" | "cancel";

/** bozza → inviato → confermato → ricevuto; annullato from any open state (docs/domain/statuses.md). */
export const orderTransitions: Record<OrderAction, { from: readonly OrderStatus[]; to: OrderStatus }> = {
  send: { from: ["bozza"], to: "inviato" },
  confirm: { from: ["inviato"], to: "confermato" },
  receive: { from: ["confermato"], to: "ricevuto" },
  cancel: { from: ["bozza", "inviato", "confermato"], to: "annullato" },
};

export const canApply = (status: OrderStatus, action: OrderAction) => orderTransitions[action].from.includes(status);

/** Only a draft is edited: once sent, the supplier holds a copy. */
export const isOrderEditable = (status: OrderStatus) => status === "bozza";

/** A draft or a cancelled order may be deleted; the others are history that was shared with the supplier. */
export const isOrderDeletable = (status: OrderStatus) => status === "bozza" || status === "annullato";

const refusals: Record<OrderAction, string> = {
  send: "Solo un ordine in bozza può essere inviato",
  confirm: "Solo un ordine inviato può essere confermato",
  receive: "Solo un ordine confermato può essere segnato come ricevuto",
  cancel: "Un ordine ricevuto o già annullato non può essere annullato",
};

export function transitionRefusal(status: OrderStatus, action: OrderAction): string {
  return `${refusals[action]} (stato attuale: ${orderStatuses.label(status)})`;
}

/** The tracker of the detail screen: Creato, Inviato, Confermato, Ricevuto. */
export const ORDER_STEPS = [
  { key: "bozza", label: "Creato" },
  { key: "inviato", label: "Inviato" },
  { key: "confermato", label: "Confermato" },
  { key: "ricevuto", label: "Ricevuto" },
] as const;

/** Index of the last step reached; a cancelled order shows how far it got before. */
export function orderStepIndex(order: Pick<Order, "status" | "sentAt" | "confirmedAt" | "receivedAt">): number {
  if (order.status !== "annullato") return ORDER_STEPS.findIndex((s) => s.key === order.status);
  if (order.receivedAt) return 3;
  if (order.confirmedAt) return 2;
  if (order.sentAt) return 1;
  return 0;
}

// ---- a technician's view (docs/domain/roles.md, docs/decisions/009-roles.md) -------------
// Orders read-only: what was ordered, from whom, for which site and when; never a price or total.

export const orderItemTecnicoSchema = orderItemSchema.omit({ unitPrice: true, totalPrice: true });
export const orderTecnicoSchema = orderSchema.omit({ totalAmount: true });
export const orderDetailTecnicoSchema = orderTecnicoSchema.extend({
  items: z.array(orderItemTecnicoSchema),
  supplier: orderDetailSchema.shape.supplier.omit({ vatNumber: true }),
  constructionSite: orderDetailSchema.shape.constructionSite,
});
export type OrderTecnico = z.infer<typeof orderTecnicoSchema>;
export type OrderDetailTecnico = z.infer<typeof orderDetailTecnicoSchema>;
export type OrderItemTecnico = z.infer<typeof orderItemTecnicoSchema>;

export function orderItemForTecnico(item: OrderItem): z.infer<typeof orderItemTecnicoSchema> {
  const { unitPrice: _price, totalPrice: _total, ...rest } = item;
  return rest;
}

export function orderForTecnico<T extends { totalAmount: string }>(order: T): Omit<T, "totalAmount"> {
  const { totalAmount: _total, ...rest } = order;
  return rest;
}

export function orderDetailForTecnico(detail: OrderDetail): OrderDetailTecnico {
  const { totalAmount: _total, items, supplier, ...rest } = detail;
  const { vatNumber: _vat, ...supplierRest } = supplier;
  return { ...rest, items: items.map(orderItemForTecnico), supplier: supplierRest };
}
