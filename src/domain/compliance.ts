import { idSchema, listQuery, optionalText, pageCursors, requiredText, versionField } from "./common";
import { addDays, daysBetween, optionalIsoDate } from "./dates";
import { formatDate } from "./format";
import { labelled } from "./labels";
import { z } from "./zod";

// Site compliance, "Sicurezza e permessi" (docs/domain/sites.md): the papers a roofing site cannot
// run without under D.Lgs. 81/2008, their expiry, and what each site requires.

export const complianceKinds = labelled(
  [
    "pos",
    "psc",
    "pimus",
    "notifica_preliminare",
    "cila",
    "scia",
    "permesso_costruire",
    "durc",
    "idoneita_tecnico_professionale",
    "assicurazione",
    "formazione",
    "altro",
  ] as const,
  {
    pos: "POS",
    psc: "PSC",
    pimus: "PIMUS",
    notifica_preliminare: "Notifica preliminare",
    cila: "CILA",
    scia: "SCIA",
    permesso_costruire: "Permesso di costruire",
    durc: "DURC",
    idoneita_tecnico_professionale: "Idoneità tecnico-professionale",
    assicurazione: "Assicurazione",
    formazione: "Attestato di formazione",
    altro: "Altro",
  },
);
export type ComplianceKind = (typeof complianceKinds.values)[number];

/** Kinds that belong to a firm and follow it from site to site. */
export const supplierKinds = [
  "durc",
  "idoneita_tecnico_professionale",
  "assicurazione",
  "formazione",
  "altro",
] as const satisfies readonly ComplianceKind[];

export const complianceStates = labelled(["valido", "in_scadenza", "scaduto", "mancante"] as const, {
  valido: "Valido",
  in_scadenza: "In scadenza",
  scaduto: "Scaduto",
  mancante: "Mancante",
});
export type ComplianceState = (typeof complianceStates.values)[number];

/** A paper expiring within this many days is "in scadenza". */
export const EXPIRY_WARNING_DAYS = 15;
/** A DURC is valid 120 days from its issue when it carries no expiry date. */
export const DURC_VALIDITY_DAYS = 120;

/** The last day a paper is valid: its expiry, or for a DURC without one, issue + 120 days. */
export function effectiveExpiry(
  kind: ComplianceKind,
  issuedAt: string | null,
  expiresAt: string | null,
): string | null {
  if (expiresAt) return expiresAt;
  if (kind === "durc" && issuedAt) return addDays(issuedAt, DURC_VALIDITY_DAYS);
  return null;
}

/**
 * State of a present paper on `today` (Rome): still valid on its expiry day itself, scaduto from
 * the day after, in scadenza when 0–15 days remain; a paper with no expiry stays valid.
 */
export function documentState(validUntil: string | null, today: string): Exclude<ComplianceState, "mancante"> {
  if (!validUntil) return "valido";
  const left = daysBetween(today, validUntil);
  if (left < 0) return "scaduto";
  if (left <= EXPIRY_WARNING_DAYS) return "in_scadenza";
  return "valido";
}

/** Matches the free-text "Attrezzature speciali" of a site that names scaffolding. */
export const SCAFFOLDING_PATTERN = "ponteggi|ponteggio|trabattell";

export function mentionsScaffolding(specialEquipment: string | null | undefined): boolean {
  return !!specialEquipment && new RegExp(SCAFFOLDING_PATTERN, "i").test(specialEquipment);
}

// ---- input ------------------------------------------------------------------------------

const nullableId = z
  .union([z.literal(""), z.null(), idSchema])
  .optional()
  .transform((v) => (v ? v : null));

const documentFields = z.object({
  kind: z.enum(complianceKinds.values, { error: "Tipo di documento: scegli un tipo dall'elenco" }),
  title: requiredText("Titolo", 200),
  issuedAt: optionalIsoDate.optional().transform((v) => v ?? null),
  expiresAt: optionalIsoDate.optional().transform((v) => v ?? null),
  supplierId: nullableId,
  notes: optionalText("Note", 2000),
});

function checkDates(v: { issuedAt: string | null; expiresAt: string | null }, ctx: z.RefinementCtx) {
  if (v.issuedAt && v.expiresAt && v.expiresAt < v.issuedAt) {
    ctx.addIssue({ code: "custom", path: ["expiresAt"], message: "Scadenza: non può precedere la data di rilascio" });
  }
}

export const complianceDocumentInputSchema = documentFields.superRefine(checkDates);
export type ComplianceDocumentInput = z.input<typeof complianceDocumentInputSchema>;
export type ComplianceDocumentValues = z.output<typeof complianceDocumentInputSchema>;

export const complianceDocumentUpdateSchema = documentFields.extend({ version: versionField }).superRefine(checkDates);

/** A supplier's own paper: only the kinds that follow a firm. */
export const supplierDocumentInputSchema = documentFields
  .omit({ supplierId: true })
  .extend({
    kind: z.enum(supplierKinds, {
      error: "Tipo di documento: per un fornitore scegli DURC, idoneità, assicurazione, formazione o altro",
    }),
  })
  .superRefine(checkDates);

// ---- output -----------------------------------------------------------------------------

export const complianceFileSchema = z.object({ name: z.string(), mimeType: z.string(), size: z.number().int() });

export const complianceDocumentSchema = z.object({
  id: idSchema,
  constructionSiteId: idSchema.nullable(),
  supplierId: idSchema.nullable(),
  supplierName: z.string().nullable(),
  kind: z.enum(complianceKinds.values),
  title: z.string(),
  issuedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** The effective expiry (a DURC without a date: issue + 120 days). */
  validUntil: z.string().nullable(),
  state: z.enum(complianceStates.values),
  notes: z.string().nullable(),
  file: complianceFileSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type ComplianceDocument = z.infer<typeof complianceDocumentSchema>;

export const complianceRequirementSchema = z.object({
  kind: z.enum(complianceKinds.values),
  /** The firm the paper is for (DURC, idoneità), null for the site's own papers. */
  supplierId: idSchema.nullable(),
  supplierName: z.string().nullable(),
  state: z.enum(complianceStates.values),
  validUntil: z.string().nullable(),
  documentId: idSchema.nullable(),
});
export type ComplianceRequirement = z.infer<typeof complianceRequirementSchema>;

export const siteComplianceSchema = z.object({
  siteId: idSchema,
  /** Whether the site may be set in corso without confirmation: nothing required is mancante or scaduto. */
  ready: z.boolean(),
  usesScaffolding: z.boolean(),
  requirements: z.array(complianceRequirementSchema),
  /** Every paper that concerns the site: its own and those of the firms working there. */
  documents: z.array(complianceDocumentSchema),
  /** The subcontracting firms on the site's orders. */
  firms: z.array(z.object({ id: idSchema, name: z.string() })),
});
export type SiteCompliance = z.infer<typeof siteComplianceSchema>;

/** Italian name of a requirement: "DURC di Edil Rossi", "POS". */
export function requirementLabel(r: { kind: string; supplierName: string | null }): string {
  const kind = complianceKinds.label(r.kind);
  return r.supplierName ? `${kind} di ${r.supplierName}` : kind;
}

/** What blocks opening a site, one phrase per paper: "POS mancante", "DURC di Edil Rossi scaduto il 01/03/2026". */
export function blockingLines(
  requirements: Pick<ComplianceRequirement, "kind" | "supplierName" | "state" | "validUntil">[],
): string[] {
  return requirements
    .filter((r) => r.state === "mancante" || r.state === "scaduto")
    .map((r) =>
      r.state === "mancante"
        ? `${requirementLabel(r)} mancante`
        : `${requirementLabel(r)} scaduto il ${formatDate(r.validUntil)}`,
    );
}

// ---- across sites ("Scadenze") ------------------------------------------------------------

const emptyToUndefined = (v: unknown) => (v === "" || v === "all" ? undefined : v);

export const complianceListQuerySchema = listQuery(["validUntil", "site", "kind"] as const).extend({
  state: z.preprocess(
    emptyToUndefined,
    z.enum(complianceStates.values, { error: "Stato: scegli valido, in_scadenza, scaduto o mancante" }).optional(),
  ),
  kind: z.preprocess(
    emptyToUndefined,
    z.enum(complianceKinds.values, { error: "Tipo di documento non valido" }).optional(),
  ),
  supplierId: z.preprocess(emptyToUndefined, idSchema.optional()),
  siteId: z.preprocess(emptyToUndefined, idSchema.optional()),
  /** By default the sites still to be worked (not completato); "all" includes the completed ones. */
  // Not emptyToUndefined: "all" is this filter's own value here, not "no filter".
  sites: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["active", "all"]).optional()),
  ...pageCursors,
});
export type ComplianceListQuery = z.input<typeof complianceListQuerySchema>;
export type ComplianceListParams = z.output<typeof complianceListQuerySchema>;

export const complianceRowSchema = z.object({
  siteId: idSchema,
  siteName: z.string(),
  siteStatus: z.string(),
  kind: z.enum(complianceKinds.values),
  supplierId: idSchema.nullable(),
  supplierName: z.string().nullable(),
  /** Whether the site requires this paper (POS, PSC…) or it is simply on file (CILA, assicurazione…). */
  required: z.boolean(),
  documentId: idSchema.nullable(),
  title: z.string().nullable(),
  validUntil: z.string().nullable(),
  state: z.enum(complianceStates.values),
});
export type ComplianceRow = z.infer<typeof complianceRowSchema>;

export const complianceSummarySchema = z.object({
  date: z.string(),
  /** Papers of sites not completed that expire within 15 days (today included). */
  expiring: z.number().int(),
  /** Required papers missing or expired on sites in corso. */
  missing: z.number().int(),
  expired: z.number().int(),
  items: z.array(complianceRowSchema),
});
export type ComplianceSummary = z.infer<typeof complianceSummarySchema>;
export const COMPLIANCE_SUMMARY_ITEMS = 8;

/** The `code` of the 409 that refuses opening a site with papers missing: the web app asks for a reason. */
export const SITE_DOCUMENTS_MISSING = "site_documents_missing";

/** Site status change to in corso with blocking papers: the office confirms with a reason. */
export const forceFields = {
  force: z.boolean({ error: "force: usa true o false" }).optional(),
  reason: z.string().trim().max(500, "Motivo: massimo 500 caratteri").optional(),
};

export function checkForce(v: { force?: boolean | undefined; reason?: string | undefined }, ctx: z.RefinementCtx) {
  if (v.force && !v.reason) {
    ctx.addIssue({
      code: "custom",
      path: ["reason"],
      message: "Motivo: indica perché il cantiere parte senza i documenti",
    });
  }
}
