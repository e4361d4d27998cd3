import { idSchema, listQuery, pageCursors, optionalFormat, optionalText, requiredText, versionField } from "./common";
import { orderStatuses, supplierStatuses } from "./statuses";
import { capSchema, emailSchema, partitaIvaSchema, phoneSchema, provinciaSchema } from "./validators";
import { z } from "./zod";

export const WEBSITE_ERROR = "Sito web non valido (es. www.fornitore.it)";

/** A host name with a dot and an optional path; the scheme may be omitted, as people type it. */
const WEBSITE_RE = /^(https?:\/\/)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(:\d{1,5})?([/?#]\S*)?$/i;

export const websiteSchema = z
  .string({ error: WEBSITE_ERROR })
  .trim()
  .max(300, WEBSITE_ERROR)
  .refine((v) => WEBSITE_RE.test(v), { error: WEBSITE_ERROR });

/** The link the detail screen opens: "https://" is added when the stored address has no scheme. */
export function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

export const supplierStatusSchema = z.enum(supplierStatuses.values, {
  error: "Stato: scegli Attivo, Inattivo o Sospeso",
});

export const supplierInputSchema = z.object({
  name: requiredText("Ragione sociale", 200),
  vatNumber: optionalFormat(partitaIvaSchema),
  address: optionalText("Indirizzo", 300),
  city: requiredText("Città", 100),
  province: optionalFormat(provinciaSchema),
  zipCode: optionalFormat(capSchema),
  phone: optionalFormat(phoneSchema),
  email: optionalFormat(emailSchema),
  website: optionalFormat(websiteSchema),
  contactPerson: optionalText("Referente", 200),
  notes: optionalText("Note"),
  /** Works on the sites (subcontractor): its DURC and idoneità become required there (site compliance). */
  isSubcontractor: z.boolean({ error: "Subappaltatore: usa sì o no" }).default(false),
  status: supplierStatusSchema.default("attivo"),
});
export type SupplierInput = z.input<typeof supplierInputSchema>;
export type SupplierValues = z.output<typeof supplierInputSchema>;

export const supplierUpdateSchema = supplierInputSchema.extend({ version: versionField });

export const supplierSchema = z.object({
  id: idSchema,
  name: z.string(),
  vatNumber: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string(),
  province: z.string().nullable(),
  zipCode: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  contactPerson: z.string().nullable(),
  notes: z.string().nullable(),
  isSubcontractor: z.boolean(),
  status: z.enum(supplierStatuses.values),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Supplier = z.infer<typeof supplierSchema>;

export const supplierListQuerySchema = listQuery(["name", "city", "createdAt", "status"] as const).extend({
  ...pageCursors,
  status: z.preprocess((v) => (v === "" || v === "all" ? undefined : v), supplierStatusSchema.optional()),
});
export type SupplierListQuery = z.input<typeof supplierListQuerySchema>;
export type SupplierListParams = Partial<z.output<typeof supplierListQuerySchema>>;

/** Display limit of docs/domain/screens.md: the supplier page shows the 5 latest orders. */
export const SUPPLIER_DETAIL_ORDERS = 5;

/**
 * Order statistics of the supplier page. Only ricevuto orders count as completed (docs/domain/statuses.md);
 * value and average leave out annullato orders, which were never bought.
 */
export const supplierStatsSchema = z.object({
  totalOrders: z.number().int(),
  completedOrders: z.number().int(),
  totalValue: z.string(),
  averageValue: z.string(),
});
export type SupplierStats = z.infer<typeof supplierStatsSchema>;

export const supplierDetailSchema = supplierSchema.extend({
  stats: supplierStatsSchema,
  latestOrders: z.array(
    z.object({
      id: idSchema,
      number: z.string(),
      title: z.string(),
      status: z.enum(orderStatuses.values),
      orderDate: z.string(),
      totalAmount: z.string(),
    }),
  ),
});
export type SupplierDetail = z.infer<typeof supplierDetailSchema>;

/** Full postal line: "Via Roma 1, 20121 Milano (MI)". */
export function supplierAddressLine(s: Pick<Supplier, "address" | "city" | "province" | "zipCode">): string {
  const place = [s.zipCode, s.city, s.province ? `(${s.province})` : null].filter(Boolean).join(" ");
  return [s.address, place].filter(Boolean).join(", ");
}
