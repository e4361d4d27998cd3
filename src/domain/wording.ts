import { formatDecimal } from "./format";

// One place for the words around numbers that users read: Italian singular/plural
// ("1 fattura", "2 fatture"), it-IT numbers ("0,5 ore", "1.234"), addresses in one
// format, and the file names of downloaded PDFs.

/** The Italian form for `n`: singular only for exactly 1 (and -1), plural otherwise (0 too). */
export function plural(n: number, singular: string, pluralForm: string): string {
  return Math.abs(n) === 1 ? singular : pluralForm;
}

/** A number in it-IT ("1234.5" -> "1.234,5"), at most `maxDecimals` decimals, no trailing zeros. */
export function formatNumber(value: number | string, maxDecimals = 2): string {
  return formatDecimal(value, maxDecimals);
}

/** "1 fattura", "3 fatture", "0 fatture", "1.250 preventivi". */
export function countLabel(n: number, singular: string, pluralForm: string, capped = false): string {
  // A list's count stops at a cap (the server says so): "oltre 10.000 fatture".
  return `${capped ? "oltre " : ""}${formatNumber(n, 0)} ${plural(capped ? 2 : n, singular, pluralForm)}`;
}

/** "+1 altro", "+4 altri" (or "+1 altro contatto" when nouns are given). */
export function moreLabel(n: number, singular = "", pluralForm = ""): string {
  const noun = plural(n, singular, pluralForm);
  return `+${formatNumber(n, 0)} ${plural(n, "altro", "altri")}${noun ? ` ${noun}` : ""}`;
}

/** Hours: "0.5" -> "0,5 ore", "1" -> "1 ora". */
export function formatHours(value: number | string): string {
  const n = Number(value);
  return `${formatNumber(value, 2)} ${plural(n, "ora", "ore")}`;
}

export type AddressParts = {
  address?: string | null;
  zipCode?: string | null;
  city?: string | null;
  province?: string | null;
};

/**
 * The one address format of the product: "Via Roma 1, 20100 Milano (MI)". Missing parts are
 * left out; an empty address gives "".
 */
export function formatAddress(parts: AddressParts): string {
  const clean = (v: string | null | undefined) => (v ?? "").trim();
  const street = clean(parts.address);
  const province = clean(parts.province).toUpperCase();
  const place = [clean(parts.zipCode), clean(parts.city)].filter(Boolean).join(" ");
  const locality = [place, province ? `(${province})` : ""].filter(Boolean).join(" ");
  return [street, locality].filter(Boolean).join(", ");
}

/**
 * The name of a downloaded PDF: "Preventivo-PRV-2026-001.pdf". Characters that file systems
 * refuse ("/" in invoice numbers, spaces) become "-".
 */
export function pdfFileName(kind: string, number: string | null | undefined): string {
  const safe = (s: string) =>
    s
      .trim()
      .replace(/[^\p{L}\p{N}._-]+/gu, "-")
      .replace(/-+/g, "-")
      .replace(/^-|-$/g, "");
  const parts = [safe(kind), safe(number ?? "")].filter(Boolean);
  return `${parts.join("-")}.pdf`;
}
