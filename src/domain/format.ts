import { BUSINESS_TIME_ZONE, isValidIsoDate, parseTimestamp, romeIsoDate } from "./dates";
import { roundDecimal } from "./money";

// it-IT display formatting for screens and PDFs. Numbers are formatted from their
// decimal strings, never through Number, so "0.1 + 0.2" style artefacts cannot leak
// into a printed invoice. Intl is used only for dates, where it is exact.
// Missing or invalid values print as a dash instead of throwing: a broken cell must
// not take the whole page down.

export const MISSING = "—";

type DecimalInput = string | number | null | undefined;
type DateInput = string | Date | null | undefined;

/** Rounded decimal string, or null when the value is missing or not a number. */
function rounded(value: DecimalInput, decimals: number): string | null {
  if (value === null || value === undefined || value === "") return null;
  try {
    return roundDecimal(value, decimals);
  } catch {
    return null;
  }
}

/** "-1234.5" -> "-1.234,5": Italian thousands dot and decimal comma. */
function italianNumber(decimal: string): string {
  const negative = decimal.startsWith("-");
  const [integer = "", fraction] = (negative ? decimal.slice(1) : decimal).split(".");
  // Grouping from four digits on ("1.234"), unlike Intl it-IT which prints "1234".
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return (negative ? "-" : "") + grouped + (fraction ? "," + fraction : "");
}

function withoutTrailingZeros(decimal: string): string {
  return decimal.includes(".") ? decimal.replace(/\.?0+$/, "") : decimal;
}

/**
 * "1234.5" -> "1.234,50 €". Extra precision is rounded half up to the cent. The space
 * before € is a plain space, as in the specification's examples.
 */
export function formatEuro(value: DecimalInput): string {
  const cents = rounded(value, 2);
  return cents === null ? MISSING : `${italianNumber(cents)} €`;
}

/** "1234.5" -> "1.235 €", rounded half up to the euro (dashboards, summaries). */
export function formatEuroNoDecimals(value: DecimalInput): string {
  const euros = rounded(value, 0);
  return euros === null ? MISSING : `${italianNumber(euros)} €`;
}

/**
 * A chart axis' tick: 18000 -> "18 mila €", 1800000 -> "1,8 Mln €", 500 -> "500 €". The words
 * are joined by no-break spaces so a narrow axis never wraps a label; the exact amount is in
 * the chart's tooltip and table.
 */
export function formatEuroAxis(value: number): string {
  const nbsp = "\u00a0";
  const size = Math.abs(value);
  if (size >= 1_000_000) return `${formatDecimal(value / 1_000_000, 1)}${nbsp}Mln${nbsp}€`;
  if (size >= 1_000) return `${formatDecimal(value / 1_000, 1)}${nbsp}mila${nbsp}€`;
  return `${formatDecimal(value, 0)}${nbsp}€`;
}

/** Quantities: "1.50" -> "1,5", "3.00" -> "3", "1234.5" -> "1.234,5"; at most `maxDecimals`. */
export function formatDecimal(value: DecimalInput, maxDecimals = 2): string {
  const decimal = rounded(value, maxDecimals);
  return decimal === null ? MISSING : italianNumber(withoutTrailingZeros(decimal));
}

/** "12.5" -> "12,5%", "22.00" -> "22%". */
export function formatPercent(value: DecimalInput, maxDecimals = 2): string {
  const decimal = formatDecimal(value, maxDecimals);
  return decimal === MISSING ? MISSING : `${decimal}%`;
}

// ---- dates ----------------------------------------------------------------------------

const ISO_DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Calendar day to show: a "YYYY-MM-DD" date is taken as is (it is already a Rome
 * calendar day, converting it through an instant could shift it), anything else is an
 * instant whose day is read in Rome.
 */
function calendarDay(value: DateInput): string | null {
  if (typeof value === "string" && ISO_DATE_RE.test(value.trim())) {
    const iso = value.trim();
    return isValidIsoDate(iso) ? iso : null;
  }
  const instant = parseTimestamp(value);
  return instant ? romeIsoDate(instant) : null;
}

/** "2026-11-22" (or a timestamp, or a Date) -> "22/11/2026". */
export function formatDate(value: DateInput): string {
  const day = calendarDay(value);
  if (day === null) return MISSING;
  const [year, month, date] = day.split("-");
  return `${date}/${month}/${year}`;
}

const romeTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: BUSINESS_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/**
 * Timestamp -> "22/11/2026, 14:05" in Rome time. A bare date has no time of day to
 * show, so it prints as the date alone rather than an invented midnight.
 */
export function formatDateTime(value: DateInput): string {
  if (typeof value === "string" && ISO_DATE_RE.test(value.trim())) return formatDate(value);
  const instant = parseTimestamp(value);
  if (!instant) return MISSING;
  const parts = Object.fromEntries(romeTime.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${formatDate(instant)}, ${parts.hour}:${parts.minute}`;
}

// A calendar day is rendered at UTC noon in UTC so the weekday can never slip.
const longDate = new Intl.DateTimeFormat("it-IT", {
  timeZone: "UTC",
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});

/** "2026-11-22" -> "domenica 22 novembre 2026" (letters, contracts, headers). */
export function formatLongDate(value: DateInput): string {
  const day = calendarDay(value);
  if (day === null) return MISSING;
  return longDate.format(new Date(`${day}T12:00:00Z`));
}

/** A unit price of up to 4 decimals (docs/domain/invoices.md): "10.1234" -> "10,1234 €", "10.5" -> "10,50 €". */
export function formatUnitPrice(value: string): string {
  const decimals = value.split(".")[1]?.replace(/0+$/, "").length ?? 0;
  return decimals <= 2 ? formatEuro(value) : `${formatDecimal(value, 4)} €`;
}
