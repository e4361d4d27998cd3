import { z } from "zod";

// Exact money. Amounts travel as decimal strings ("1234.50", like PostgreSQL numeric)
// and all arithmetic happens on bigint units, because binary floating point cannot
// represent 0.1 and silently drifts on sums of invoice lines.
// Rounding is always "half up" in the commercial sense: half away from zero.

/** An exact decimal: value = units / 10^scale. */
interface Decimal {
  units: bigint;
  scale: number;
}

const DECIMAL_RE = /^(-)?(\d+)(?:\.(\d+))?$/;

function invalid(value: unknown): Error {
  return new Error(`Valore numerico non valido: "${String(value)}"`);
}

function parseDecimal(value: string | number): Decimal {
  if (typeof value === "number" && !Number.isFinite(value)) throw invalid(value);
  // String(number) yields the shortest round-tripping form (12.3 -> "12.3");
  // exponent forms such as 1e21 or 1e-7 fail the pattern on purpose.
  const text = typeof value === "number" ? String(value) : value.trim();
  const match = DECIMAL_RE.exec(text);
  if (!match) throw invalid(value);
  const [, sign, integer = "", fraction = ""] = match;
  const units = BigInt(integer + fraction);
  return { units: sign ? -units : units, scale: fraction.length };
}

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** n / d rounded half away from zero, for any signs (d !== 0). */
function divRoundHalfUp(n: bigint, d: bigint): bigint {
  const negative = n < 0n !== d < 0n;
  const absN = n < 0n ? -n : n;
  const absD = d < 0n ? -d : d;
  let q = absN / absD;
  if ((absN % absD) * 2n >= absD) q += 1n;
  return negative ? -q : q;
}

/** Re-expresses units from one scale to another, rounding half up when digits are dropped. */
function rescale(units: bigint, fromScale: number, toScale: number): bigint {
  if (fromScale <= toScale) return units * pow10(toScale - fromScale);
  return divRoundHalfUp(units, pow10(fromScale - toScale));
}

function formatUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, "0");
  const integer = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return (negative ? "-" : "") + integer + (scale > 0 ? "." + fraction : "");
}

function trimTrailingZeros(text: string): string {
  return text.includes(".") ? text.replace(/\.?0+$/, "") : text;
}

function assertDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 20) {
    throw new RangeError(`Numero di decimali non valido: ${decimals}`);
  }
}

/**
 * Exact cents of an amount. More than two decimals are accepted only when the extra
 * digits are zero ("1.500"): anything else is not an amount of money and must be
 * rounded explicitly (see roundMoney) rather than truncated by accident.
 */
export function toCents(value: string | number): bigint {
  const { units, scale } = parseDecimal(value);
  if (scale <= 2) return units * pow10(2 - scale);
  const divisor = pow10(scale - 2);
  if (units % divisor !== 0n) throw new Error(`Importo con più di 2 decimali: "${String(value)}"`);
  return units / divisor;
}

export function fromCents(cents: bigint): string {
  return formatUnits(cents, 2);
}

/** Canonical 2-decimal form ("12.5" -> "12.50"); throws like toCents. */
export function normalizeMoney(value: string | number): string {
  return fromCents(toCents(value));
}

/** Rounds any decimal to cents, half up (for values with more precision, e.g. numeric(12,4)). */
export function roundMoney(value: string | number): string {
  return roundDecimal(value, 2);
}

/** Rounds any decimal to `decimals` places, half up, keeping trailing zeros ("1.5", 2 -> "1.50"). */
export function roundDecimal(value: string | number, decimals: number): string {
  assertDecimals(decimals);
  const { units, scale } = parseDecimal(value);
  return formatUnits(rescale(units, scale, decimals), decimals);
}

export function addMoney(...values: string[]): string {
  return sumMoney(values);
}

export function subMoney(a: string, b: string): string {
  return fromCents(toCents(a) - toCents(b));
}

export function sumMoney(values: readonly string[]): string {
  return fromCents(values.reduce((total, value) => total + toCents(value), 0n));
}

export function compareMoney(a: string, b: string): -1 | 0 | 1 {
  const difference = toCents(a) - toCents(b);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

export function isZeroMoney(value: string | number): boolean {
  return toCents(value) === 0n;
}

export function minMoney(first: string, ...rest: string[]): string {
  return fromCents(
    rest.reduce((min, value) => {
      const cents = toCents(value);
      return cents < min ? cents : min;
    }, toCents(first)),
  );
}

export function maxMoney(first: string, ...rest: string[]): string {
  return fromCents(
    rest.reduce((max, value) => {
      const cents = toCents(value);
      return cents > max ? cents : max;
    }, toCents(first)),
  );
}

/**
 * quantity × unit price rounded half up to the cent. Both factors are taken exactly
 * with any number of decimals (a unit price of "0.335" is legitimate for small parts),
 * and only the product is rounded, once.
 */
export function lineTotal(quantity: string | number, unitPrice: string | number): string {
  const q = parseDecimal(quantity);
  const p = parseDecimal(unitPrice);
  return fromCents(rescale(q.units * p.units, q.scale + p.scale, 2));
}

/** percent % of amount, rounded half up to the cent; percent may carry decimals ("33.5"). */
export function percentOf(amount: string, percent: string | number): string {
  const p = parseDecimal(percent);
  return fromCents(divRoundHalfUp(toCents(amount) * p.units, 100n * pow10(p.scale)));
}

/**
 * Splits a total into 60 % materials and 40 % labour. Labour is the remainder, not its
 * own rounded 40 %, so the two parts always add back to the total to the cent.
 */
export function splitMaterialsLabour(total: string): { materials: string; labour: string } {
  const materials = percentOf(total, 60);
  return { materials, labour: subMoney(total, materials) };
}

/** VAT on a taxable amount (imponibile), rounded half up to the cent. */
export function vatOf(imponibile: string, ratePercent: string | number): string {
  return percentOf(imponibile, ratePercent);
}

/**
 * part / whole × 100 rounded half up to `decimals`, as a plain decimal string without
 * trailing zeros ("12.5", "25", "0"). A zero whole yields "0" rather than an error,
 * because an empty estimate or budget simply has no share to show.
 */
export function ratio(part: string, whole: string, decimals: number): string {
  assertDecimals(decimals);
  const wholeCents = toCents(whole);
  if (wholeCents === 0n) return "0";
  const units = divRoundHalfUp(toCents(part) * 100n * pow10(decimals), wholeCents);
  return trimTrailingZeros(formatUnits(units, decimals));
}

// ---- zod schemas for form and API input -------------------------------------------

export const MONEY_ERROR = "Importo non valido (max 8 cifre intere e 2 decimali)";
export const QUANTITY_ERROR = "Quantità non valida (max 8 cifre intere e 2 decimali)";
export const PERCENT_ERROR = "Percentuale non valida (da 0 a 100, max 2 decimali)";
// A well-formed number with the wrong sign or size gets a sentence that says what to fix.
export const MONEY_NEGATIVE_ERROR = "Importo: non può essere negativo";
export const QUANTITY_NEGATIVE_ERROR = "Quantità: deve essere maggiore di zero";
export const PERCENT_RANGE_ERROR = "Percentuale: deve essere tra 0 e 100";

// Up to 8 integer digits matches numeric(10,2) in the database. No sign: users never
// type negative amounts; credit notes and discounts are modelled explicitly.
const INPUT_RE = /^\d{1,8}(?:\.\d{1,2})?$/;
const NEGATIVE_RE = /^-\d+(?:\.\d+)?$/;

type DecimalMessages = { invalid: string; negative?: string; tooBig?: string };

function decimalInput({ invalid, negative = invalid, tooBig = invalid }: DecimalMessages, maxCents?: bigint) {
  return z.union([z.string(), z.number()], { error: invalid }).transform((value, ctx) => {
    // Italian users type "12,50"; numbers go through String() like everywhere else.
    const text = (typeof value === "number" ? String(value) : value).trim().replace(",", ".");
    if (!INPUT_RE.test(text)) {
      ctx.addIssue({ code: "custom", message: NEGATIVE_RE.test(text) ? negative : invalid });
      return z.NEVER;
    }
    const cents = toCents(text);
    if (maxCents !== undefined && cents > maxCents) {
      ctx.addIssue({ code: "custom", message: tooBig });
      return z.NEVER;
    }
    return fromCents(cents);
  });
}

/** Non-negative amount, "12,50" or 12.5 -> "12.50". */
export const moneySchema = decimalInput({ invalid: MONEY_ERROR, negative: MONEY_NEGATIVE_ERROR });
/** Non-negative quantity, "1,5" -> "1.50". */
export const quantitySchema = decimalInput({ invalid: QUANTITY_ERROR, negative: QUANTITY_NEGATIVE_ERROR });
/** Percentage between 0 and 100, "22" -> "22.00" (same canonical form as numeric(5,2)). */
export const percentSchema = decimalInput(
  { invalid: PERCENT_ERROR, negative: PERCENT_RANGE_ERROR, tooBig: PERCENT_RANGE_ERROR },
  10_000n,
);

/**
 * A stored numeric(…, 3|4) for people and JSON: trailing zeros beyond `minDecimals` dropped
 * ("2.000" → "2.00", "1849.9900" → "1849.99", "0.3350" → "0.335"), the value unchanged.
 */
export function plainDecimal(value: string, minDecimals = 2): string {
  const [int, frac = ""] = value.split(".");
  const trimmed = frac.replace(/0+$/, "").padEnd(minDecimals, "0");
  return trimmed ? `${int}.${trimmed}` : int!;
}
