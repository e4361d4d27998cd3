import { z } from "zod";

// Italian identifiers (partita IVA, codice fiscale, CAP, provincia, IBAN, codice SDI)
// and contact fields. The is* predicates are strict about the canonical form; the
// schemas first normalise what users actually type (spaces, lower case, "IT" prefix).

// ---- Partita IVA ------------------------------------------------------------------

/** Check digit of the Agenzia delle Entrate: Luhn over the first ten digits. */
function partitaIvaCheckDigit(firstTen: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let digit = Number(firstTen[i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidPartitaIva(value: string): boolean {
  if (typeof value !== "string" || !/^\d{11}$/.test(value)) return false;
  // All zeros passes the checksum but is the classic placeholder, never a real number.
  if (value === "00000000000") return false;
  return partitaIvaCheckDigit(value.slice(0, 10)) === Number(value[10]);
}

/**
 * Deterministic valid partita IVA for demo data. The base is scrambled into the 7-digit
 * matricola (multiplying by a number coprime with 10^7 is a bijection, so distinct bases
 * below 10,000,000 give distinct numbers, yet consecutive bases do not look sequential),
 * a real provincial office code (001–100) is picked and the check digit computed.
 */
export function makePartitaIva(base: number): string {
  if (!Number.isSafeInteger(base) || base < 0) {
    throw new RangeError(`Base non valida per la partita IVA: ${base}`);
  }
  const scrambled = (1_234_567n + BigInt(base) * 7_654_321n) % 10_000_000n;
  const matricola = String(scrambled).padStart(7, "0");
  const office = String(1 + (base % 100)).padStart(3, "0");
  const firstTen = matricola + office;
  return firstTen + String(partitaIvaCheckDigit(firstTen));
}

// ---- Codice fiscale ---------------------------------------------------------------

// Omocodia: when two people would share a code, digits are replaced (right to left)
// by these letters, letter index = digit.
const OMOCODIA_LETTERS = "LMNPQRSTUV";
const OMO = "[0-9LMNPQRSTUV]";
const PERSONAL_CF_RE = new RegExp(`^[A-Z]{6}${OMO}{2}[ABCDEHLMPRST]${OMO}{2}[A-Z]${OMO}{3}[A-Z]$`);

// Values of characters in odd (1st, 3rd, ...) positions, indexed A..Z; digits 0..9
// are worth the same as A..J.
const ODD_VALUES = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

function charIndex(char: string): number {
  const code = char.charCodeAt(0);
  return code <= 57 ? code - 48 : code - 65; // "0".."9" -> 0..9, "A".."Z" -> 0..25
}

function codiceFiscaleCheckChar(firstFifteen: string): string {
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const index = charIndex(firstFifteen[i] ?? "");
    sum += i % 2 === 0 ? (ODD_VALUES[index] ?? 0) : index;
  }
  return String.fromCharCode(65 + (sum % 26));
}

function decodeOmocodia(chars: string): number {
  return Number([...chars].map((c) => (/\d/.test(c) ? c : String(OMOCODIA_LETTERS.indexOf(c)))).join(""));
}

function isValidPersonalCodiceFiscale(value: string): boolean {
  if (!PERSONAL_CF_RE.test(value)) return false;
  // Day of birth: 1–31 for men, 41–71 for women (day + 40).
  const day = decodeOmocodia(value.slice(9, 11));
  if (!((day >= 1 && day <= 31) || (day >= 41 && day <= 71))) return false;
  return codiceFiscaleCheckChar(value.slice(0, 15)) === value[15];
}

/**
 * A deterministic, well-formed personal codice fiscale for demo and import data: three letters
 * of the surname and of the name (consonants first, padded with X), a birth date taken from the
 * base, a real Belfiore code of a Lombard town and the check character.
 */
export function makeCodiceFiscale(lastName: string, firstName: string, base: number): string {
  const letters = (s: string) => {
    const up = s.toUpperCase().replace(/[^A-Z]/g, "");
    const consonants = up.replace(/[AEIOU]/g, "");
    // The codice fiscale rule: consonants, then vowels, then "X" for a name shorter than three letters.
    return (consonants + up.replace(/[^AEIOU]/g, "") + "XXX").slice(0, 3);
  };
  const year = String(40 + (base % 50)).padStart(2, "0");
  const month = "ABCDEHLMPRST"[base % 12]!;
  const day = String(1 + (base % 28) + (base % 2 ? 40 : 0)).padStart(2, "0");
  const town = ["F205", "F704", "A794", "B157", "C933", "E507"][base % 6]!;
  const first15 = letters(lastName) + letters(firstName) + year + month + day + town;
  return first15 + codiceFiscaleCheckChar(first15);
}

/** Personal 16-character code (omocodia included) or a company's 11-digit numeric code. */
export function isValidCodiceFiscale(value: string): boolean {
  if (typeof value !== "string") return false;
  if (/^\d{11}$/.test(value)) return isValidPartitaIva(value);
  return isValidPersonalCodiceFiscale(value);
}

// ---- CAP and provincia ------------------------------------------------------------

export function isValidCap(value: string): boolean {
  return typeof value === "string" && /^\d{5}$/.test(value);
}

/** Current sigle of Italian provinces and metropolitan cities (plus AO for Valle d'Aosta). */
// prettier-ignore
export const PROVINCE = [
  "AG", "AL", "AN", "AO", "AP", "AQ", "AR", "AT", "AV", "BA", "BG", "BI", "BL", "BN", "BO",
  "BR", "BS", "BT", "BZ", "CA", "CB", "CE", "CH", "CL", "CN", "CO", "CR", "CS", "CT", "CZ",
  "EN", "FC", "FE", "FG", "FI", "FM", "FR", "GE", "GO", "GR", "IM", "IS", "KR", "LC", "LE",
  "LI", "LO", "LT", "LU", "MB", "MC", "ME", "MI", "MN", "MO", "MS", "MT", "NA", "NO", "NU",
  "OR", "PA", "PC", "PD", "PE", "PG", "PI", "PN", "PO", "PR", "PT", "PU", "PV", "PZ", "RA",
  "RC", "RE", "RG", "RI", "RM", "RN", "RO", "SA", "SI", "SO", "SP", "SR", "SS", "SU", "SV",
  "TA", "TE", "TN", "TO", "TP", "TR", "TS", "TV", "UD", "VA", "VB", "VC", "VE", "VI", "VR",
  "VT", "VV",
] as const;
export type Provincia = (typeof PROVINCE)[number];

/**
 * Sardinian sigle of the 2005–2016 provinces (Carbonia-Iglesias, Ogliastra, Olbia-Tempio,
 * Medio Campidano). Still printed on many documents and revived by the 2025 regional
 * reorganisation, so addresses carrying them are accepted although the list above
 * (used for pickers) does not offer them.
 */
export const PROVINCE_SARDE_STORICHE = ["CI", "OG", "OT", "VS"] as const;

const PROVINCE_SET: ReadonlySet<string> = new Set<string>([...PROVINCE, ...PROVINCE_SARDE_STORICHE]);

export function isValidProvincia(value: string): boolean {
  return typeof value === "string" && PROVINCE_SET.has(value);
}

// ---- IBAN -------------------------------------------------------------------------

// Fixed lengths for the SEPA countries an Italian contractor plausibly meets; other
// countries only get the generic 15–34 bound.
// prettier-ignore
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AT: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20, ES: 24,
  FI: 18, FR: 27, GB: 22, GI: 23, GR: 27, HR: 21, HU: 28, IE: 22, IS: 26, IT: 27, LI: 21,
  LT: 20, LU: 20, LV: 21, MC: 27, MT: 31, NL: 18, NO: 15, PL: 28, PT: 25, RO: 24, SE: 24,
  SI: 19, SK: 24, SM: 27, VA: 22,
};

// Italian BBAN: CIN letter, ABI (5 digits), CAB (5 digits), 12-character account.
const IT_IBAN_RE = /^IT\d{2}[A-Z]\d{10}[0-9A-Z]{12}$/;

function ibanMod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    // Letters count as two digits (A = 10 ... Z = 35).
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** Spaces (as printed on bank documents) and lower case are tolerated. */
export function isValidIban(value: string): boolean {
  if (typeof value !== "string") return false;
  const iban = value.replace(/\s+/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[0-9A-Z]{11,30}$/.test(iban)) return false;
  const country = iban.slice(0, 2);
  const expectedLength = IBAN_LENGTHS[country];
  if (expectedLength !== undefined && iban.length !== expectedLength) return false;
  if (country === "IT" && !IT_IBAN_RE.test(iban)) return false;
  return ibanMod97(iban) === 1;
}

// ---- Codice destinatario SDI and phone --------------------------------------------

/** 7 upper-case alphanumerics; "0000000" is the legitimate "no channel, use PEC" code. */
export function isValidSdiCode(value: string): boolean {
  return typeof value === "string" && /^[0-9A-Z]{7}$/.test(value);
}

/** Digits and the usual separators, "+" only as international prefix, at least 6 digits. */
export function isValidPhone(value: string): boolean {
  if (typeof value !== "string" || value.length < 6 || value.length > 20) return false;
  if (!/^\+?[0-9 ()/-]+$/.test(value)) return false;
  return (value.match(/\d/g) ?? []).length >= 6;
}

// ---- zod schemas ------------------------------------------------------------------

const removeSpaces = (s: string): string => s.replace(/\s+/g, "");

function normalisedCode(message: string, isValid: (s: string) => boolean) {
  return z.string({ error: message }).trim().toUpperCase().overwrite(removeSpaces).refine(isValid, { error: message });
}

/** "IT 123 456 789 03" -> "12345678903": the VAT prefix is dropped, the number kept. */
export const partitaIvaSchema = z
  .string({ error: "Partita IVA non valida" })
  .trim()
  .toUpperCase()
  .overwrite((s) => removeSpaces(s).replace(/^IT(?=\d{11}$)/, ""))
  .refine(isValidPartitaIva, { error: "Partita IVA non valida" });

export const codiceFiscaleSchema = normalisedCode("Codice fiscale non valido", isValidCodiceFiscale);

export const capSchema = z
  .string({ error: "CAP non valido (5 cifre)" })
  .trim()
  .refine(isValidCap, { error: "CAP non valido (5 cifre)" });

export const provinciaSchema = z
  .string({ error: "Sigla provincia non valida" })
  .trim()
  .toUpperCase()
  .refine(isValidProvincia, { error: "Sigla provincia non valida" });

/** Stored without spaces, upper case. */
export const ibanSchema = normalisedCode("IBAN non valido", isValidIban);

export const sdiCodeSchema = normalisedCode("Codice destinatario SDI non valido (7 caratteri)", isValidSdiCode);

export const emailSchema = z
  .string({ error: "Indirizzo e-mail non valido" })
  .trim()
  .pipe(z.email({ error: "Indirizzo e-mail non valido" }));

export const phoneSchema = z
  .string({ error: "Numero di telefono non valido" })
  .trim()
  .refine(isValidPhone, { error: "Numero di telefono non valido" });
