import { z } from "zod";
import type { SiteStatus } from "./statuses";

// Business dates are calendar days in Europe/Rome, carried as "YYYY-MM-DD" strings
// (PostgreSQL date). Arithmetic runs on UTC midnights, where every day is exactly
// 24 hours, so DST changes in Rome can never shift a result by one.

export const BUSINESS_TIME_ZONE = "Europe/Rome";
const DAY_MS = 86_400_000;

export const DATE_ERROR = "Data non valida";

const ISO_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
// Outside this window a date is almost certainly a typo ("0226" for "2026") that an
// <input type="date"> happily lets through.
const MIN_YEAR = 1900;
const MAX_YEAR = 2999;

function utcMsOf(iso: string): number | null {
  const match = ISO_DATE_RE.exec(iso);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < MIN_YEAR || year > MAX_YEAR) return null;
  const ms = Date.UTC(year, month - 1, day);
  // Date.UTC rolls 2026-02-30 over to March: a real date must survive the round trip.
  const back = new Date(ms);
  if (back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  return ms;
}

function requireUtcMs(iso: string): number {
  const ms = utcMsOf(iso);
  if (ms === null) throw new RangeError(`Data non valida: "${iso}"`);
  return ms;
}

function isoOfUtcMs(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** "YYYY-MM-DD" that names a real calendar day (years 1900–2999). */
export function isValidIsoDate(value: string): boolean {
  return typeof value === "string" && utcMsOf(value) !== null;
}

const romeParts = new Intl.DateTimeFormat("en-US", {
  timeZone: BUSINESS_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The last answer, by minute: a list page asks for today several times and formatToParts is not cheap. */
let lastDay = { minute: Number.NaN, iso: "" };

/** Calendar day of an instant as seen in Rome. */
export function romeIsoDate(instant: Date): string {
  // Rome is a whole number of hours from UTC, so its day changes only on a minute's boundary.
  const minute = Math.floor(instant.getTime() / 60_000);
  if (minute === lastDay.minute) return lastDay.iso;
  const parts = Object.fromEntries(romeParts.formatToParts(instant).map((p) => [p.type, p.value]));
  const iso = `${parts.year}-${parts.month}-${parts.day}`;
  lastDay = { minute, iso };
  return iso;
}

/** Today in Rome, whatever the time zone of the server or browser. */
export function todayIso(now: Date = new Date()): string {
  return romeIsoDate(now);
}

export function addDays(iso: string, n: number): string {
  if (!Number.isInteger(n)) throw new RangeError(`Numero di giorni non valido: ${n}`);
  return isoOfUtcMs(requireUtcMs(iso) + n * DAY_MS);
}

/** Calendar days from `fromIso` to `toIso`: positive when `toIso` is later. */
export function daysBetween(fromIso: string, toIso: string): number {
  return Math.round((requireUtcMs(toIso) - requireUtcMs(fromIso)) / DAY_MS);
}

/**
 * Instant of a timestamp string or Date, or null when it is not one. PostgreSQL's text
 * form ("2026-11-22 13:05:00.123456+00") is rewritten to ISO first because Safari's
 * Date parser rejects the space and the short offset.
 */
export function parseTimestamp(value: string | Date | null | undefined): Date | null {
  if (value == null) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== "string") return null;
  const iso = value
    .trim()
    .replace(/^(\d{4}-\d{2}-\d{2}) (?=\d)/, "$1T")
    .replace(/([+-]\d{2})$/, "$1:00")
    .replace(/(\.\d{3})\d+/, "$1");
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(iso)) return null;
  if (utcMsOf(iso.slice(0, 10)) === null) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

// ---- zod ----------------------------------------------------------------------------

export const isoDateSchema = z.string({ error: DATE_ERROR }).trim().refine(isValidIsoDate, { error: DATE_ERROR });

/** Optional date field: an empty input, null or a missing value all become null. */
export const optionalIsoDate = z
  .string({ error: DATE_ERROR })
  .nullish()
  .transform((value, ctx) => {
    const text = value?.trim() ?? "";
    if (text === "") return null;
    if (!isValidIsoDate(text)) {
      ctx.addIssue({ code: "custom", message: DATE_ERROR });
      return z.NEVER;
    }
    return text;
  });

// ---- derived states -------------------------------------------------------------------

/** Window, in days, in which a deadline is shown as approaching. */
export const SOON_DAYS = 7;

export type DueState = "overdue" | "due-soon";
export type ExpiryState = "expired" | "expiring";

/** Classifies days left until a deadline: past, 1–SOON_DAYS ahead, or neither. */
function deadlineState(deadline: string, today: string): "past" | "soon" | null {
  const daysLeft = daysBetween(today, deadline);
  if (daysLeft < 0) return "past";
  if (daysLeft >= 1 && daysLeft <= SOON_DAYS) return "soon";
  return null;
}

/**
 * Invoice payment state. The specification says "overdue: the due date is past" and
 * "due soon: 1 to 7 days remain", so a payment due TODAY is neither: it is still on
 * time and no longer "upcoming". Settled invoices never carry a state.
 */
export function dueState(dueDate: string | null, today: string, settled: boolean): DueState | null {
  if (settled || !dueDate) return null;
  const state = deadlineState(dueDate, today);
  return state === "past" ? "overdue" : state === "soon" ? "due-soon" : null;
}

/** Estimate validity, same edges as dueState: expiring today is neither state. */
export function expiryState(expiresAt: string | null, today: string): ExpiryState | null {
  if (!expiresAt) return null;
  const state = deadlineState(expiresAt, today);
  return state === "past" ? "expired" : state === "soon" ? "expiring" : null;
}

/** A site is late once its estimated end day has passed and it is not completed. */
export function isSiteLate(estimatedEndDate: string | null, status: SiteStatus, today: string): boolean {
  if (!estimatedEndDate || status === "completato") return false;
  return daysBetween(today, estimatedEndDate) < 0;
}

/** A running site below 10 % progress deserves attention. */
export function isSlowProgress(progress: number, status: SiteStatus): boolean {
  return status === "in_corso" && progress < 10;
}
