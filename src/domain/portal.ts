import { idSchema, listQuery, optionalText, pageCursors, requiredText, versionField } from "./common";
import { isoDateSchema, todayIso } from "./dates";
import { labelled } from "./labels";
import { estimateStatuses, invoiceStatuses, siteStatuses, surveyStatuses, type SiteStatus } from "./statuses";
import { invoiceLineSchema } from "./invoices";
import { vatViewSchema } from "./vat/index";
import { z } from "./zod";

// The client portal (docs/domain/portal.md; the survey request form: docs/domain/screens.md).

/** Survey request time slots and urgency levels with the labels of docs/domain/screens.md. */
export const surveyRequestTimeSlots = labelled(["mattina", "pomeriggio", "sera"] as const, {
  mattina: "Mattina (8:00 - 12:00)",
  pomeriggio: "Pomeriggio (14:00 - 18:00)",
  sera: "Sera (18:00 - 20:00)",
});
export type SurveyRequestTimeSlot = (typeof surveyRequestTimeSlots.values)[number];

export const surveyRequestUrgencies = labelled(["bassa", "media", "alta"] as const, {
  bassa: "Bassa - Entro 1-2 settimane",
  media: "Media - Entro qualche giorno",
  alta: "Alta - Urgente",
});
export type SurveyRequestUrgency = (typeof surveyRequestUrgencies.values)[number];

/** Response times by urgency (docs/domain/screens.md). */
export const surveyResponseTimes: { urgency: SurveyRequestUrgency; label: string; time: string }[] = [
  { urgency: "alta", label: "Urgenza Alta", time: "24-48 ore" },
  { urgency: "media", label: "Urgenza Media", time: "2-5 giorni" },
  { urgency: "bassa", label: "Urgenza Bassa", time: "1-2 settimane" },
];
export const SURVEY_RESPONSE_PROMISE = "24-48 ore";

export const PREFERRED_DATE_PAST = "Data Preferita: non può essere nel passato";

/**
 * What a client sends. There is no clientId and no status: the server always uses the
 * user's own client and "programmato" (docs/domain/portal.md), so an unknown key is simply dropped.
 */
export const surveyRequestSchema = z.object({
  address: requiredText("Indirizzo del Sopralluogo", 300),
  description: requiredText("Descrizione del Problema/Lavoro", 5000),
  preferredDate: z
    .string({ error: "Data Preferita: campo obbligatorio" })
    .trim()
    .min(1, "Data Preferita: campo obbligatorio")
    .pipe(isoDateSchema)
    // Evaluated at each parse: "today" is the day the request is made, in Rome.
    .refine((v) => v >= todayIso(), PREFERRED_DATE_PAST),
  preferredTimeSlot: z
    .enum(surveyRequestTimeSlots.values, { error: "Fascia Oraria Preferita: scegli Mattina, Pomeriggio o Sera" })
    .default("mattina"),
  urgency: z.enum(surveyRequestUrgencies.values, { error: "Urgenza: scegli Bassa, Media o Alta" }).default("media"),
  notes: optionalText("Note Aggiuntive", 5000),
});
export type SurveyRequestInput = z.input<typeof surveyRequestSchema>;
export type SurveyRequestValues = z.output<typeof surveyRequestSchema>;

/**
 * docs/domain/portal.md: the stored notes are the client's notes, a blank line, "Urgenza: {value}",
 * a newline and "Fascia oraria preferita: {value}". Without notes the two lines stand alone
 * (no leading blank line).
 */
export function foldSurveyRequestNotes(notes: string | null, urgency: string, timeSlot: string): string {
  const tail = `Urgenza: ${urgency}\nFascia oraria preferita: ${timeSlot}`;
  return notes ? `${notes}\n\n${tail}` : tail;
}

export const surveyRequestResultSchema = z.object({
  id: idSchema,
  date: z.string(),
  address: z.string(),
  status: z.string(),
});
export type SurveyRequestResult = z.infer<typeof surveyRequestResultSchema>;

/** "Richiedi Informazioni" and what it may refer to. */
export const informationEntityTypes = ["site", "estimate", "invoice"] as const;
export const informationRequestSchema = z.object({
  subject: requiredText("Oggetto", 200),
  message: requiredText("Messaggio", 5000),
  entityType: z.enum(informationEntityTypes, { error: "Riferimento non valido" }).optional(),
  entityId: idSchema.optional(),
});
export type InformationRequestInput = z.input<typeof informationRequestSchema>;
export type InformationRequestValues = z.output<typeof informationRequestSchema>;

/** The portal labels every site status other than in_corso and completato as "Programmato". */
export function portalSiteStatusLabel(status: SiteStatus | string): string {
  if (status === "in_corso") return "In Corso";
  if (status === "completato") return "Completato";
  return siteStatuses.label("programmato");
}

export const portalEstimateSummarySchema = z.object({
  id: idSchema,
  number: z.string(),
  title: z.string(),
  status: z.enum(estimateStatuses.values),
  totalAmount: z.string(),
  grossTotal: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});

export const portalInvoiceSummarySchema = z.object({
  id: idSchema,
  number: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  paidDate: z.string().nullable(),
  status: z.enum(invoiceStatuses.values),
  /** "nota_credito" for a credit note (its amounts negative). */
  kind: z.string(),
  amount: z.string(),
  totalAmount: z.string(),
  /** Received so far (payments and credit notes) and what is still to pay (docs/domain/invoices.md). */
  paidAmount: z.string(),
  remainder: z.string(),
});
export type PortalInvoiceSummary = z.infer<typeof portalInvoiceSummarySchema>;

export const portalProjectSummarySchema = z.object({
  id: idSchema,
  name: z.string(),
  status: z.enum(siteStatuses.values),
  address: z.string(),
  progress: z.number().int(),
  estimatedEndDate: z.string().nullable(),
});

export const PORTAL_DASHBOARD_PROJECTS = 3;
export const PORTAL_DASHBOARD_ESTIMATES = 2;
export const PORTAL_DASHBOARD_INVOICES = 2;

export const portalDashboardSchema = z.object({
  client: z.object({ id: idSchema, name: z.string() }),
  lastLoginAt: z.string().nullable(),
  counters: z.object({
    activeEstimates: z.number().int(),
    sitesInProgress: z.number().int(),
    pendingInvoices: z.number().int(),
    completedProjects: z.number().int(),
  }),
  projects: z.array(portalProjectSummarySchema),
  estimates: z.array(portalEstimateSummarySchema),
  invoices: z.array(portalInvoiceSummarySchema),
});
export type PortalDashboard = z.infer<typeof portalDashboardSchema>;

export const portalPhotoSchema = z.object({
  id: idSchema,
  fileName: z.string(),
  mimeType: z.string(),
  createdAt: z.string(),
  url: z.string(),
});

export const portalProjectSchema = z.object({
  id: idSchema,
  name: z.string(),
  status: z.enum(siteStatuses.values),
  address: z.string(),
  notes: z.string().nullable(),
  startDate: z.string().nullable(),
  estimatedEndDate: z.string().nullable(),
  endDate: z.string().nullable(),
  progress: z.number().int(),
  workType: z.string().nullable(),
  estimate: z.object({ id: idSchema, number: z.string(), title: z.string() }),
  photos: z.array(portalPhotoSchema),
});
export type PortalProject = z.infer<typeof portalProjectSchema>;

export const portalEstimateItemSchema = z.object({
  id: idSchema,
  description: z.string(),
  quantity: z.string(),
  unit: z.string(),
  unitPrice: z.string(),
  totalPrice: z.string(),
  notes: z.string().nullable(),
  vatRate: z.string(),
  natura: z.string().nullable(),
  significantGood: z.boolean(),
});

export const portalEstimateSchema = z.object({
  id: idSchema,
  number: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(estimateStatuses.values),
  createdAt: z.string(),
  validityDays: z.number().int(),
  expiresAt: z.string(),
  expired: z.boolean(),
  canAccept: z.boolean(),
  materialsCost: z.string(),
  laborCost: z.string(),
  totalAmount: z.string(),
  treatment: z.string(),
  vatAmount: z.string(),
  stampDuty: z.string(),
  grossTotal: z.string(),
  withholding: z.string(),
  netToPay: z.string(),
  /** The VAT engine's result on the lines: riepilogo per rate, beni significativi, notes. */
  vat: vatViewSchema.nullable(),
  acceptedAt: z.string().nullable(),
  acceptedBy: z.string().nullable(),
  /** The version shown: acceptance sends it back and is refused (409) if the estimate changed. */
  version: z.number().int(),
  items: z.array(portalEstimateItemSchema),
  /** The contract terms the client agrees to by accepting (company template). */
  contractTerms: z.string(),
  client: z.object({
    name: z.string(),
    address: z.string(),
    city: z.string().nullable(),
    province: z.string().nullable(),
    zipCode: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    vatNumber: z.string().nullable(),
    fiscalCode: z.string().nullable(),
  }),
});
export type PortalEstimate = z.infer<typeof portalEstimateSchema>;

/** What the portal learns after "Accetta Preventivo": the new state and the contract's number. */
export const portalAcceptResultSchema = z.object({
  id: idSchema,
  number: z.string(),
  status: z.enum(estimateStatuses.values),
  acceptedAt: z.string().nullable(),
  acceptedBy: z.string().nullable(),
  version: z.number().int(),
  contract: z.object({ number: z.string() }),
});
export type PortalAcceptResult = z.infer<typeof portalAcceptResultSchema>;

export const portalInvoiceSchema = portalInvoiceSummarySchema.extend({
  /** The client's payments: date, amount and method only. */
  payments: z.array(z.object({ date: z.string(), amount: z.string(), method: z.string() })),
  kind: z.string(),
  treatment: z.string(),
  vatAmount: z.string(),
  stampDuty: z.string(),
  withholding: z.string(),
  netToPay: z.string(),
  lines: z.array(invoiceLineSchema),
  vat: vatViewSchema.nullable(),
  notes: z.string().nullable(),
  contractNumber: z.string(),
  estimate: z.object({ id: idSchema, number: z.string(), title: z.string() }),
  payment: z.object({
    beneficiary: z.string(),
    iban: z.string().nullable(),
    causale: z.string(),
    /** Private clients and condominiums: the causale is a "bonifico parlante" for the tax deduction. */
    taxDeduction: z.boolean(),
    missingFiscalCode: z.boolean(),
  }),
});
export type PortalInvoice = z.infer<typeof portalInvoiceSchema>;

export const TAX_DEDUCTION_LAW = "art. 16-bis del DPR 917/1986";

/**
 * The causale of the bank transfer. For a private client or a condominium it is the "bonifico
 * parlante" the home-renovation deduction requires (the same wording the invoice PDF prints): the law, the invoice number and date, the codice fiscale
 * of whoever claims the deduction and the partita IVA of the company that did the work.
 */
export function paymentCausale(input: {
  invoiceNumber: string;
  issueDate: string;
  clientType: string;
  clientFiscalCode: string | null;
  companyVatNumber: string | null;
}): { causale: string; taxDeduction: boolean; missingFiscalCode: boolean } {
  const [y, m, d] = input.issueDate.split("-");
  const invoiceRef = `fattura n. ${input.invoiceNumber} del ${d}/${m}/${y}`;
  if (input.clientType !== "privato" && input.clientType !== "condominio") {
    return { causale: `Pagamento ${invoiceRef}`, taxDeduction: false, missingFiscalCode: false };
  }
  const cf = input.clientFiscalCode ?? "[codice fiscale]";
  const piva = input.companyVatNumber ?? "[partita IVA]";
  return {
    causale:
      `Bonifico relativo a lavori edilizi che danno diritto alla detrazione prevista dall'${TAX_DEDUCTION_LAW} - ` +
      `Pagamento ${invoiceRef} - C.F. beneficiario della detrazione ${cf} - P.IVA beneficiario del bonifico ${piva}`,
    taxDeduction: true,
    missingFiscalCode: !input.clientFiscalCode,
  };
}

/** Portal accounts (docs/domain/roles.md). Without a password the client gets a one-time link. */
export const ACTIVATION_LINK_DAYS = 7;

// portalAccessCreateSchema, portalAccessResetSchema, activateSchema and activationFormSchema
// live in ./passwords with the password policy (their dictionaries stay out of the portal chunks).

export const portalAccessSchema = z.object({
  userId: idSchema,
  username: z.string(),
  active: z.boolean(),
  lastLoginAt: z.string().nullable(),
  /** Shown once: the server keeps only a hash of the token. */
  activationUrl: z.string().nullable(),
  activationExpiresAt: z.string().nullable(),
  emailedTo: z.string().nullable(),
});
export type PortalAccess = z.infer<typeof portalAccessSchema>;

export const activationTokenSchema = z.object({
  token: z.string({ error: "Link non valido" }).trim().min(20, "Link non valido").max(200, "Link non valido"),
});
export const ACTIVATION_INVALID = "Link non valido o scaduto. Chiedi all'impresa un nuovo link di accesso.";

// ---- The portal's lists (docs/domain/portal.md): the client's own, paged, filtered and
// sorted in SQL like the office's lists; every filter and sort key is a whitelist.

const emptyIsAll = (v: unknown) => (v === "" || v === "all" ? undefined : v);

/** An estimate as the client reads it: "scaduto" is a sent estimate past its validity. */
export const portalEstimateStates = labelled(["inviato", "accettato", "rifiutato", "scaduto"] as const, {
  inviato: "Da valutare",
  accettato: "Accettato",
  rifiutato: "Rifiutato",
  scaduto: "Scaduto",
});
export type PortalEstimateState = (typeof portalEstimateStates.values)[number];

export const portalEstimateListQuerySchema = listQuery(["createdAt", "number", "title", "grossTotal", "expiresAt"] as const).extend({
  status: z.preprocess(emptyIsAll, z.enum(portalEstimateStates.values, { error: "Stato non valido" }).optional()),
});
export type PortalEstimateListParams = Partial<z.output<typeof portalEstimateListQuerySchema>>;
export type PortalEstimateSummary = z.infer<typeof portalEstimateSummarySchema>;

/** The states the portal names (portalSiteStatusLabel): "programmato" also covers a suspended site. */
export const portalProjectStates = labelled(["in_corso", "programmato", "completato"] as const, {
  in_corso: "In Corso",
  programmato: "Programmato",
  completato: "Completato",
});

export const portalProjectListQuerySchema = listQuery(["name", "status", "startDate", "estimatedEndDate", "progress"] as const).extend({
  status: z.preprocess(emptyIsAll, z.enum(portalProjectStates.values, { error: "Stato non valido" }).optional()),
});
export type PortalProjectListParams = Partial<z.output<typeof portalProjectListQuerySchema>>;

export const portalProjectListItemSchema = portalProjectSummarySchema.extend({
  startDate: z.string().nullable(),
  estimate: z.object({ id: idSchema, number: z.string(), title: z.string() }),
});
export type PortalProjectListItem = z.infer<typeof portalProjectListItemSchema>;

export const portalSurveyRequestListQuerySchema = listQuery(["date", "createdAt", "status"] as const).extend({
  status: z.preprocess(emptyIsAll, z.enum(surveyStatuses.values, { error: "Stato non valido" }).optional()),
});
export type PortalSurveyRequestListParams = Partial<z.output<typeof portalSurveyRequestListQuerySchema>>;

/** A survey the client asked for: its own words and the appointment, nothing of the office's notes. */
export const portalSurveyRequestSchema = z.object({
  id: idSchema,
  createdAt: z.string(),
  date: z.string(),
  /** Set by the office when it fixes the appointment; null while it is to be confirmed. */
  time: z.string().nullable(),
  address: z.string(),
  description: z.string().nullable(),
  urgency: z.string().nullable(),
  status: z.enum(surveyStatuses.values),
});
export type PortalSurveyRequest = z.infer<typeof portalSurveyRequestSchema>;

export const informationRequestStates = labelled(["aperta", "risposta"] as const, {
  aperta: "In attesa di risposta",
  risposta: "Risposta ricevuta",
});

export const portalInformationRequestListQuerySchema = listQuery(["createdAt", "repliedAt"] as const).extend({
  state: z.preprocess(emptyIsAll, z.enum(informationRequestStates.values, { error: "Stato non valido" }).optional()),
});
export type PortalInformationRequestListParams = Partial<z.output<typeof portalInformationRequestListQuerySchema>>;

/** A question and the office's answer, as both sides read it. */
export const informationRequestViewSchema = z.object({
  id: idSchema,
  createdAt: z.string(),
  subject: z.string(),
  message: z.string(),
  entityType: z.enum(informationEntityTypes).nullable(),
  entityId: idSchema.nullable(),
  entityLabel: z.string().nullable(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export type InformationRequestView = z.infer<typeof informationRequestViewSchema>;

/** The office's list and detail add the client and who answered. */
export const officeInformationRequestSchema = informationRequestViewSchema.extend({
  client: z.object({ id: idSchema, name: z.string() }),
  repliedByName: z.string().nullable(),
  version: z.number().int(),
});
export type OfficeInformationRequest = z.infer<typeof officeInformationRequestSchema>;

export const officeInformationRequestListQuerySchema = portalInformationRequestListQuerySchema.extend({
  ...pageCursors,
  clientId: z.preprocess(emptyIsAll, idSchema.optional()),
});
export type OfficeInformationRequestListParams = Partial<z.output<typeof officeInformationRequestListQuerySchema>>;

export const informationReplySchema = z.object({
  reply: requiredText("Risposta", 5000),
  version: versionField,
});
export type InformationReplyInput = z.input<typeof informationReplySchema>;
