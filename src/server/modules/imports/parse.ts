import { readSheet } from "read-excel-file/node";

/** A sheet as text cells, header first, from a CSV or an .xlsx file. */
export type Sheet = string[][];

export class UnsupportedFile extends Error {}

const isZip = (b: Buffer) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/**
 * Reads an uploaded file by its content, not only its name: an .xlsx is a ZIP (PK…), a CSV is
 * UTF-8 text. Anything else (an old .xls, a PDF, an image) is refused.
 */
export async function readImportFile(fileName: string, data: Buffer): Promise<Sheet> {
  const lower = fileName.toLowerCase();
  if (lower.endsWith(".xlsx")) {
    if (!isZip(data)) throw new UnsupportedFile("Il file .xlsx non è un foglio Excel valido");
    try {
      const rows = await readSheet(data);
      return rows.map((r) => r.map(cellText));
    } catch {
      throw new UnsupportedFile("Il file .xlsx non è un foglio Excel leggibile");
    }
  }
  if (lower.endsWith(".csv") || lower.endsWith(".txt")) {
    if (isZip(data) || data.includes(0)) throw new UnsupportedFile("Il file .csv non è un testo CSV");
    return parseCsv(data.toString("utf8"));
  }
  throw new UnsupportedFile("Formato non supportato: carica un file CSV (.csv) o Excel (.xlsx)");
}

/** Excel numbers become text as typed: 12.5 stays "12.5" (the schemas read the decimal). */
function cellText(v: unknown): string {
  if (v == null) return "";
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === "boolean") return v ? "sì" : "no";
  return String(v);
}

/**
 * RFC 4180 CSV with the separator Italian Excel writes (";") or ",", found on the header line;
 * quoted cells may hold separators, quotes ("") and line breaks. A UTF-8 BOM is dropped.
 */
export function parseCsv(text: string): Sheet {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const firstLine = src.slice(0, src.search(/\r?\n|$/));
  const sep = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) && firstLine.includes(";") ? ";" : firstLine.includes("\t") && !firstLine.includes(",") ? "\t" : ",";
  const rows: Sheet = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += c;
    } else if (c === '"' && cell === "") quoted = true;
    else if (c === sep) {
      row.push(cell);
      cell = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && src[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
