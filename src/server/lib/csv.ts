import { formatDate, formatDateTime } from "@domain/format";

// CSV that Italian Excel opens as it is (issue 8): UTF-8 with BOM so accents survive, ";" as the
// separator because "," is the decimal comma, amounts as "1234,50", dates as "15/03/2026".
// Lists are streamed page by page, so an export never holds a whole table in memory (the
// download itself and the export endpoint: http/csv.ts).

export type CsvType = "text" | "money" | "decimal" | "integer" | "date" | "datetime" | "boolean";
export type CsvValue = string | number | boolean | null | undefined;

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
  /** How the value is written; default "text". */
  type?: CsvType;
}

export const CSV_SEPARATOR = ";";
export const CSV_BOM = "\uFEFF";
const PAGE_SIZE = 500;
/** A safety stop: an export larger than this is cut, never an unbounded read. */
export const CSV_MAX_ROWS = 200_000;

/** Cells a spreadsheet would run as a formula ("=HYPERLINK(…)") are written as text. */
const FORMULA_START = /^[=+\-@\t\r]/;

function formatValue(value: CsvValue, type: CsvType): string {
  if (value === null || value === undefined || value === "") return "";
  switch (type) {
    case "money":
    case "decimal":
      // Decimal strings from the database: exact, only the separator changes.
      return String(value).replace(".", ",");
    case "integer":
      return String(value);
    case "date":
      return formatDate(String(value));
    case "datetime":
      return formatDateTime(String(value)).replace(", ", " ");
    case "boolean":
      return value === true || value === "true" ? "Sì" : "No";
    default: {
      const text = String(value);
      return FORMULA_START.test(text) ? `'${text}` : text;
    }
  }
}

/** One cell, quoted when it holds the separator, a quote, a line break or edge spaces. */
export function csvCell(value: CsvValue, type: CsvType = "text"): string {
  const text = formatValue(value, type);
  return /[";\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: string[]): string {
  return cells.join(CSV_SEPARATOR) + "\r\n";
}

export function csvHeader<T>(columns: CsvColumn<T>[]): string {
  return csvLine(columns.map((c) => csvCell(c.header)));
}

export function csvRow<T>(columns: CsvColumn<T>[], row: T): string {
  return csvLine(columns.map((c) => csvCell(c.value(row), c.type)));
}

/** The whole document for rows already in memory (small lists, tests). */
export function toCsv<T>(columns: CsvColumn<T>[], rows: Iterable<T>): string {
  let out = CSV_BOM + csvHeader(columns);
  for (const row of rows) out += csvRow(columns, row);
  return out;
}

/**
 * Reads a list page by page with its own query function, stopping at the end. Each call gets the
 * last row of the page before (undefined for the first) and the number of rows read so far: a
 * keyset list continues after that row's cursor, so page 300 of an export costs what page 2 does
 * (by OFFSET the database would walk and drop every row before it, page after page).
 */
export async function* pages<T>(
  fetchPage: (limit: number, last: T | undefined, offset: number) => Promise<T[]>,
  pageSize = PAGE_SIZE,
): AsyncGenerator<T[]> {
  let last: T | undefined;
  for (let offset = 0; offset < CSV_MAX_ROWS; offset += pageSize) {
    const rows = await fetchPage(Math.min(pageSize, CSV_MAX_ROWS - offset), last, offset);
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
    last = rows[rows.length - 1];
  }
}

/** "clienti-2026-03-15.csv": the list's name and the day it was taken. */
export function csvFileName(base: string, day = new Date().toISOString().slice(0, 10)) {
  return `${base}-${day}.csv`;
}
