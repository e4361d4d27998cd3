import { idSchema, versionField } from "./common";
import { addDays, todayIso } from "./dates";
import { formatDateTime } from "./format";
import { siteStatuses, staffRoles, surveyStatuses, type SiteStatus } from "./statuses";
import { z } from "./zod";

// The team (issue 19 bullets 5–6): who a survey or site is assigned to, the colours the
// calendar paints them with, and the technician's day on a phone.

/**
 * Colours a person gets when users.color is empty. Each is dark enough for white text
 * (contrast ≥ 4.5:1, checked in team.test.ts) and they differ in hue, so neighbours in
 * the calendar stay distinguishable.
 */
export const TEAM_PALETTE = [
  "#1d4ed8", // blu
  "#b91c1c", // rosso
  "#047857", // verde
  "#7e22ce", // viola
  "#c2410c", // arancio
  "#0f766e", // petrolio
  "#be185d", // magenta
  "#4d7c0f", // oliva
  "#0369a1", // azzurro
  "#92400e", // marrone
] as const;

const HEX_RE = /^#[0-9a-f]{6}$/i;

/** A stable colour of a person: the stored one, else one of the palette derived from the id. */
export function teamColor(id: string, stored?: string | null): string {
  if (stored && HEX_RE.test(stored)) return stored.toLowerCase();
  // FNV-1a over the id: the same id always lands on the same colour, on server and browser.
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return TEAM_PALETTE[hash % TEAM_PALETTE.length]!;
}

function channel(hex: string, at: number): number {
  const c = parseInt(hex.slice(at, at + 2), 16) / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of "#rrggbb". */
export function luminance(hex: string): number {
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

/** WCAG contrast ratio of two "#rrggbb" colours (1–21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Text colour to write on a person's colour: whichever of white or near-black reads better. */
export function textOn(background: string): "#ffffff" | "#111827" {
  return contrastRatio(background, "#ffffff") >= contrastRatio(background, "#111827") ? "#ffffff" : "#111827";
}

// ---- API shapes ------------------------------------------------------------------------

/** Whoever a team list may show: the firm's own people, never portal users. */
export const TEAM_ROLES = staffRoles;
/** A firm of a dozen people: a longer list is not a picker any more. */
export const MAX_TEAM = 200;

/** `username` and `role` only in the office's answer: a technician gets names and colours. */
export const teamMemberSchema = z.object({
  id: idSchema,
  username: z.string().optional(),
  name: z.string(),
  role: z.enum(staffRoles).optional(),
  color: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** What a survey or site answer says about its technician. */
export const assignedUserSchema = z.object({ id: idSchema, name: z.string(), color: z.string() }).nullable();
export type AssignedUser = z.infer<typeof assignedUserSchema>;

export const ASSIGNEE_INVALID = "Tecnico assegnato: utente non valido";

/** The assigned technician in forms: "", null and missing all mean nobody. */
export const assignedUserIdField = z
  .union([z.literal(""), z.uuid({ error: ASSIGNEE_INVALID })])
  .nullish()
  .transform((v) => (v ? v : null));

/** List filters shared by surveys and sites: `assigned=me`, or one technician. */
export const assignedFilterFields = {
  assigned: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(["me"], { error: "assigned: valore non valido (me)" }).optional(),
  ),
  assignedUserId: z.preprocess((v) => (v === "" ? undefined : v), z.uuid({ error: ASSIGNEE_INVALID }).optional()),
};

/** Name to show: the full name when there is one, else the username. */
export function displayName(user: { name: string | null; username: string }): string {
  return user.name?.trim() || user.username;
}

// ---- the technician's day ---------------------------------------------------------------

/** Today and tomorrow in Rome, whatever the server's clock zone. */
export function myDayWindow(now: Date = new Date()): { today: string; tomorrow: string } {
  const today = todayIso(now);
  return { today, tomorrow: addDays(today, 1) };
}

/** The sites a technician works on now: not finished, not on hold. */
export const ACTIVE_SITE_STATUSES = ["in_corso", "programmato"] as const satisfies readonly SiteStatus[];

const phone = z.string().nullable();

export const myDaySurveySchema = z.object({
  id: idSchema,
  date: z.string(),
  time: z.string().nullable(),
  status: z.enum(surveyStatuses.values),
  address: z.string(),
  description: z.string().nullable(),
  clientName: z.string(),
  clientPhone: phone,
  contactName: z.string().nullable(),
  contactPhone: phone,
  version: z.number().int(),
});
export type MyDaySurvey = z.infer<typeof myDaySurveySchema>;

export const myDaySiteSchema = z.object({
  id: idSchema,
  name: z.string(),
  address: z.string(),
  status: z.enum(siteStatuses.values),
  progress: z.number().int(),
  startDate: z.string().nullable(),
  estimatedEndDate: z.string().nullable(),
  workingHours: z.string().nullable(),
  clientName: z.string(),
  clientPhone: phone,
  emergencyPhone: phone,
  version: z.number().int(),
});
export type MyDaySite = z.infer<typeof myDaySiteSchema>;

/** The phone home screen: no prices, no amounts (docs/domain/roles.md: a tecnico sees no money). */
export const myDaySchema = z.object({
  today: z.string(),
  tomorrow: z.string(),
  surveys: z.object({ today: z.array(myDaySurveySchema), tomorrow: z.array(myDaySurveySchema) }),
  sites: z.array(myDaySiteSchema),
});
export type MyDay = z.infer<typeof myDaySchema>;

/** A line appended to the notes of a survey or site from the field. */
export const noteAppendSchema = z.object({
  text: z
    .string({ error: "Nota: campo obbligatorio" })
    .trim()
    .min(1, "Nota: campo obbligatorio")
    .max(2000, "Nota: massimo 2000 caratteri"),
});
export type NoteAppendInput = z.input<typeof noteAppendSchema>;

/** Notes are free text of at most this length (optionalText's default). */
export const MAX_NOTES = 5000;

/** "22/11/2026, 14:05 — Mario Rossi: text": the dated line a field note becomes. */
export function noteLine(text: string, author: string, at: Date = new Date()): string {
  return `${formatDateTime(at)} — ${author}: ${text.replace(/\s*\n\s*/g, " ").trim()}`;
}

export const completeSurveySchema = z.object({ version: versionField });

/** Shared shape of what notes, progress and completion answer. */
export const fieldUpdateResultSchema = z.object({
  id: idSchema,
  notes: z.string().nullable(),
  version: z.number().int(),
  progress: z.number().int().optional(),
  status: z.string().optional(),
});
export type FieldUpdateResult = z.infer<typeof fieldUpdateResultSchema>;

/** Google Maps search link for an address (works in the app or the browser on any phone). */
export function mapsUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** `tel:` link of a phone number as typed ("+39 333 123 4567" → "tel:+393331234567"). */
export function telUrl(phoneNumber: string): string {
  return `tel:${phoneNumber.replace(/[^\d+]/g, "")}`;
}
