import { estimatedDurations, surveyTypes, urgencyLevels, weatherConditions } from "./catalogue";
import { idSchema, listQuery, optionalFormat, optionalText, pageCursors, requiredText, versionField } from "./common";
import { optionalRef, requiredRef } from "./contacts";
import { addDays, daysBetween, isoDateSchema, isValidIsoDate, optionalIsoDate } from "./dates";
import { isOfficeRole } from "./roles";
import { surveyStatuses, type UserRole } from "./statuses";
import { assignedFilterFields, assignedUserIdField, assignedUserSchema } from "./team";
import { z } from "./zod";

/** "14:30": what an <input type="time"> sends (seconds, if any, are dropped). */
export const TIME_ERROR = "Ora non valida (formato HH:MM)";
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const timeSchema = z
  .string({ error: TIME_ERROR })
  .trim()
  .refine((v) => TIME_RE.test(v), { error: TIME_ERROR })
  .overwrite((v) => v.slice(0, 5));

/** A value from one of the option lists of docs/domain/screens.md, or nothing. */
const optionalChoice = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z
    .preprocess((v) => (v === "" ? null : v), z.enum(values, { error: `${label}: scegli un valore dell'elenco` }).nullish())
    .transform((v) => v ?? null);

const requiredDate = (label: string) =>
  z.string({ error: `${label}: campo obbligatorio` }).trim().min(1, `${label}: campo obbligatorio`).pipe(isoDateSchema);

export const surveyFields = {
  clientId: requiredRef("Cliente"),
  contactId: optionalRef("Contatto di riferimento"),
  date: requiredDate("Data"),
  time: optionalFormat(timeSchema),
  address: requiredText("Indirizzo", 300),
  description: optionalText("Descrizione", 5000),
  notes: optionalText("Note"),
  status: z.enum(surveyStatuses.values, { error: "Stato: scegli Programmato, Completato o Annullato" }).default("programmato"),
  surveyType: optionalChoice("Tipo di sopralluogo", surveyTypes),
  estimatedDuration: optionalChoice("Durata stimata", estimatedDurations),
  requiredEquipment: optionalText("Attrezzatura necessaria"),
  accessConditions: optionalText("Condizioni di accesso"),
  issuesFound: optionalText("Problemi riscontrati"),
  measurements: optionalText("Misurazioni"),
  photosNotes: optionalText("Note sulle foto"),
  urgencyLevel: optionalChoice("Urgenza", urgencyLevels),
  weatherConditions: optionalChoice("Condizioni meteo", weatherConditions),
  ownerPresent: z.boolean({ error: "Proprietario presente: valore non valido" }).default(false),
  safetyNotes: optionalText("Note sulla sicurezza"),
  followUpRequired: z.boolean({ error: "Follow-up: valore non valido" }).default(false),
  followUpDate: optionalIsoDate.optional().transform((v) => v ?? null),
  /** The technician who goes (issue 19): an active staff user, checked by the server. */
  assignedUserId: assignedUserIdField,
};

/** The results the technician records on the roof (docs/domain/sites.md): the technical notes. */
export const surveyResultFields = ["issuesFound", "measurements", "requiredEquipment", "accessConditions", "safetyNotes", "photosNotes"] as const;
export type SurveyResultField = (typeof surveyResultFields)[number];
export const surveyResultsSchema = z.object({
  issuesFound: surveyFields.issuesFound,
  measurements: surveyFields.measurements,
  requiredEquipment: surveyFields.requiredEquipment,
  accessConditions: surveyFields.accessConditions,
  safetyNotes: surveyFields.safetyNotes,
  photosNotes: surveyFields.photosNotes,
});
export const surveyResultLabels: Record<SurveyResultField, string> = {
  issuesFound: "Problemi riscontrati",
  measurements: "Misurazioni",
  requiredEquipment: "Attrezzatura necessaria",
  accessConditions: "Condizioni di accesso",
  safetyNotes: "Note sulla sicurezza",
  photosNotes: "Note sulle foto",
};

export const FOLLOW_UP_BEFORE_SURVEY = "Data del follow-up: non può precedere la data del sopralluogo";

/**
 * The follow-up date only means something when a follow-up is required (docs/domain/screens.md
 * hides the field otherwise), and it cannot come before the survey itself.
 */
function followUpRule<T extends { date: string; followUpRequired: boolean; followUpDate: string | null }>(v: T, ctx: z.RefinementCtx) {
  if (v.followUpRequired && v.followUpDate && v.followUpDate < v.date) {
    ctx.addIssue({ code: "custom", path: ["followUpDate"], message: FOLLOW_UP_BEFORE_SURVEY });
  }
}
const dropUnusedFollowUp = <T extends { followUpRequired: boolean; followUpDate: string | null }>(v: T): T =>
  v.followUpRequired ? v : { ...v, followUpDate: null };

export const surveyInputSchema = z.object(surveyFields).superRefine(followUpRule).transform(dropUnusedFollowUp);
export type SurveyInput = z.input<typeof surveyInputSchema>;
export type SurveyValues = z.output<typeof surveyInputSchema>;

export const surveyUpdateSchema = z
  .object({ ...surveyFields, version: versionField })
  .superRefine(followUpRule)
  .transform(dropUnusedFollowUp);

export const surveySchema = z.object({
  id: idSchema,
  clientId: idSchema,
  clientName: z.string().nullable(),
  contactId: idSchema.nullable(),
  contactName: z.string().nullable(),
  date: z.string(),
  time: z.string().nullable(),
  address: z.string(),
  description: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.enum(surveyStatuses.values),
  surveyType: z.string().nullable(),
  estimatedDuration: z.string().nullable(),
  requiredEquipment: z.string().nullable(),
  accessConditions: z.string().nullable(),
  issuesFound: z.string().nullable(),
  measurements: z.string().nullable(),
  photosNotes: z.string().nullable(),
  urgencyLevel: z.string().nullable(),
  weatherConditions: z.string().nullable(),
  ownerPresent: z.boolean(),
  safetyNotes: z.string().nullable(),
  followUpRequired: z.boolean(),
  followUpDate: z.string().nullable(),
  assignedUserId: idSchema.nullable(),
  assignedUser: assignedUserSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Survey = z.infer<typeof surveySchema>;

/** A calendar shows at most a month and its edge weeks; a wider range is a typo. */
export const MAX_RANGE_DAYS = 62;

export const surveyListQuerySchema = listQuery(["date", "createdAt", "status", "clientName"] as const)
  .extend({
    ...pageCursors,
    status: z.preprocess((v) => (v === "" || v === "all" ? undefined : v), z.enum(surveyStatuses.values, { error: "Stato non valido" }).optional()),
    clientId: z.preprocess((v) => (v === "" ? undefined : v), idSchema.optional()),
    contactId: z.preprocess((v) => (v === "" ? undefined : v), idSchema.optional()),
    from: z.preprocess((v) => (v === "" ? undefined : v), z.string().refine(isValidIsoDate, "from: data non valida").optional()),
    to: z.preprocess((v) => (v === "" ? undefined : v), z.string().refine(isValidIsoDate, "to: data non valida").optional()),
    ...assignedFilterFields,
  })
  .superRefine((q, ctx) => {
    // The fields' own checks do not stop this one: compare only real dates (else a 500).
    if (!q.from || !q.to || !isValidIsoDate(q.from) || !isValidIsoDate(q.to)) return;
    if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: "custom", path: ["to"], message: "to: deve seguire from" });
    else if (q.from && q.to && daysBetween(q.from, q.to) > MAX_RANGE_DAYS) {
      ctx.addIssue({ code: "custom", path: ["to"], message: `to: intervallo massimo ${MAX_RANGE_DAYS} giorni` });
    }
  });
export type SurveyListQuery = z.input<typeof surveyListQuerySchema>;
export type SurveyListParams = Partial<z.output<typeof surveyListQuerySchema>>;

export const surveyDetailSchema = surveySchema.extend({
  client: z
    .object({ id: idSchema, name: z.string(), address: z.string(), phone: z.string().nullable(), email: z.string().nullable() })
    .nullable(),
  contact: z
    .object({ id: idSchema, name: z.string(), role: z.string().nullable(), phone: z.string().nullable(), email: z.string().nullable() })
    .nullable(),
  estimates: z.array(
    z.object({ id: idSchema, number: z.string(), title: z.string(), status: z.string(), totalAmount: z.string(), createdAt: z.string() }),
  ),
});
export type SurveyDetail = z.infer<typeof surveyDetailSchema>;

/** Moving a survey in the calendar: only the day and time change. */
export const surveyMoveSchema = z.object({ date: requiredDate("Data"), time: optionalFormat(timeSchema) });
export type SurveyMoveInput = z.input<typeof surveyMoveSchema>;

// ---- calendar ranges (pure, shared by the calendar and its tests) ----------------------

export type CalendarView = "week" | "month";

/** 0 = Monday … 6 = Sunday: Italian calendars start on Monday. */
export function weekdayIndex(iso: string): number {
  return (new Date(`${iso}T12:00:00Z`).getUTCDay() + 6) % 7;
}

export function startOfWeek(iso: string): string {
  return addDays(iso, -weekdayIndex(iso));
}

/** The days a view shows around `anchor`: one week, or whole weeks covering the month. */
export function calendarDays(view: CalendarView, anchor: string): string[] {
  if (view === "week") {
    const start = startOfWeek(anchor);
    return Array.from({ length: 7 }, (_, i) => addDays(start, i));
  }
  const first = `${anchor.slice(0, 8)}01`;
  const start = startOfWeek(first);
  const nextMonth = addDays(first, 32).slice(0, 8) + "01";
  const end = addDays(startOfWeek(addDays(nextMonth, -1)), 6);
  return Array.from({ length: daysBetween(start, end) + 1 }, (_, i) => addDays(start, i));
}

/** The anchor one step back or forward. */
export function shiftAnchor(view: CalendarView, anchor: string, step: -1 | 1): string {
  if (view === "week") return addDays(anchor, 7 * step);
  const [y, m] = anchor.split("-").map(Number) as [number, number];
  const month = m - 1 + step;
  const year = y + Math.floor(month / 12);
  return `${year}-${String(((month % 12) + 12) % 12 + 1).padStart(2, "0")}-01`;
}

// ---- a technician's view (docs/domain/roles.md, docs/decisions/009-roles.md) -------------
// The whole survey, without the estimates (and their amounts) that came out of it.

export const surveyDetailTecnicoSchema = surveyDetailSchema.omit({ estimates: true });
export type SurveyDetailTecnico = z.infer<typeof surveyDetailTecnicoSchema>;

export function surveyDetailForTecnico(detail: SurveyDetail): SurveyDetailTecnico {
  const { estimates: _estimates, ...rest } = detail;
  return rest;
}

// ---- who decides what (issue 26) -----------------------------------------------------------

/**
 * Whose survey it is and who goes there are the office's decisions: a technician updates what
 * he found, not the client or the assignee. The server refuses such a change (403); the form
 * shows these two fields read-only to him when editing.
 */
export const surveyOfficeOnlyFields = ["clientId", "assignedUserId"] as const;
export type SurveyOfficeOnlyField = (typeof surveyOfficeOnlyFields)[number];

export const mayChangeSurveyOfficeFields = (role: UserRole | null | undefined) => isOfficeRole(role);

/** The office-only field this change touches, if any (null and "" are the same "nobody"). */
export function surveyOfficeOnlyChange(
  before: { clientId: string; assignedUserId: string | null },
  after: { clientId: string; assignedUserId?: string | null },
): SurveyOfficeOnlyField | null {
  if (after.clientId !== before.clientId) return "clientId";
  if ((after.assignedUserId || null) !== (before.assignedUserId || null)) return "assignedUserId";
  return null;
}

export const surveyOfficeOnlyMessages: Record<SurveyOfficeOnlyField, string> = {
  clientId: "Solo l'ufficio può cambiare il cliente di un sopralluogo",
  assignedUserId: "Solo l'ufficio può assegnare un sopralluogo a un'altra persona",
};
