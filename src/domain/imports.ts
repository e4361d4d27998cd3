import { clientInputSchema } from "./clients";
import { serviceInputSchema } from "./services";
import { supplierInputSchema } from "./suppliers";
import { z } from "./zod";

// Import of clients, suppliers and the service catalogue from CSV or Excel (issue 28, "Import"):
// each row is validated by the same zod schema as the form; errors name the row and the field.

export const importKinds = ["clients", "suppliers", "services"] as const;
export type ImportKind = (typeof importKinds)[number];
export const importKindLabels: Record<ImportKind, string> = { clients: "Clienti", suppliers: "Fornitori", services: "Servizi" };
/** The plural noun for counts: "12 clienti". */
export const importKindNouns: Record<ImportKind, [string, string]> = {
  clients: ["cliente", "clienti"],
  suppliers: ["fornitore", "fornitori"],
  services: ["servizio", "servizi"],
};

/** At most this many data rows and bytes per file (a file over them is refused whole, 413). */
export const MAX_IMPORT_ROWS = 10_000;
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
/** A preview lists at most this many errors and sample rows; the counts cover the whole file. */
export const MAX_IMPORT_ERRORS_SHOWN = 200;
export const IMPORT_SAMPLE_ROWS = 5;

type Column = { field: string; label: string; aliases?: string[]; kind?: "boolean" | "code" };

/** The columns of each kind: the header as the template writes it, and other names accepted. */
export const importColumns: Record<ImportKind, Column[]> = {
  clients: [
    { field: "name", label: "Nome", aliases: ["ragione sociale", "denominazione", "nome e cognome", "cliente"] },
    { field: "type", label: "Tipo", aliases: ["tipo cliente"] },
    { field: "address", label: "Indirizzo", aliases: ["via"] },
    { field: "city", label: "Città", aliases: ["citta", "comune"] },
    { field: "province", label: "Provincia", aliases: ["prov"] },
    { field: "zipCode", label: "CAP", kind: "code" },
    { field: "phone", label: "Telefono", aliases: ["tel", "cellulare"], kind: "code" },
    { field: "email", label: "Email", aliases: ["e-mail", "posta elettronica"] },
    { field: "pec", label: "PEC" },
    { field: "sdiCode", label: "Codice SDI", aliases: ["codice destinatario", "sdi"], kind: "code" },
    { field: "vatNumber", label: "Partita IVA", aliases: ["p.iva", "piva", "p iva"], kind: "code" },
    { field: "fiscalCode", label: "Codice fiscale", aliases: ["cf", "c.f."], kind: "code" },
    { field: "officeCode", label: "Codice ufficio", aliases: ["codice univoco ufficio"], kind: "code" },
    { field: "notes", label: "Note" },
  ],
  suppliers: [
    { field: "name", label: "Ragione sociale", aliases: ["nome", "fornitore", "denominazione"] },
    { field: "vatNumber", label: "Partita IVA", aliases: ["p.iva", "piva", "p iva"], kind: "code" },
    { field: "address", label: "Indirizzo", aliases: ["via"] },
    { field: "city", label: "Città", aliases: ["citta", "comune"] },
    { field: "province", label: "Provincia", aliases: ["prov"] },
    { field: "zipCode", label: "CAP", kind: "code" },
    { field: "phone", label: "Telefono", aliases: ["tel"], kind: "code" },
    { field: "email", label: "Email", aliases: ["e-mail"] },
    { field: "website", label: "Sito web", aliases: ["sito", "web"] },
    { field: "contactPerson", label: "Referente", aliases: ["contatto"] },
    { field: "isSubcontractor", label: "Subappaltatore", kind: "boolean" },
    { field: "status", label: "Stato" },
    { field: "notes", label: "Note" },
  ],
  services: [
    { field: "name", label: "Nome", aliases: ["servizio", "voce"] },
    { field: "description", label: "Descrizione" },
    { field: "category", label: "Categoria" },
    { field: "unitPrice", label: "Prezzo unitario", aliases: ["prezzo", "prezzo unitario (€)", "importo"] },
    { field: "unit", label: "Unità", aliases: ["unita", "unità di misura", "um"] },
    { field: "status", label: "Stato" },
    { field: "notes", label: "Note" },
  ],
};

export const importSchemas = { clients: clientInputSchema, suppliers: supplierInputSchema, services: serviceInputSchema } as const;

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9.€() -]/g, "")
    .trim();

/** The field of each header cell (null for a column Colmo does not know, which is ignored). */
export function mapHeader(kind: ImportKind, header: readonly string[]): (string | null)[] {
  const byName = new Map<string, string>();
  for (const c of importColumns[kind]) for (const name of [c.label, c.field, ...(c.aliases ?? [])]) byName.set(fold(name), c.field);
  const seen = new Set<string>();
  return header.map((h) => {
    const field = byName.get(fold(h)) ?? null;
    if (!field || seen.has(field)) return null;
    seen.add(field);
    return field;
  });
}

const labelOf = (kind: ImportKind, field: string) => importColumns[kind].find((c) => c.field === field)?.label ?? field;

const YES = new Set(["si", "sì", "s", "yes", "y", "true", "vero", "1", "x"]);
const NO = new Set(["no", "n", "false", "falso", "0", ""]);
const enumValue = (v: string) => v.trim().toLowerCase().replace(/\s+/g, "_");

/** A cell as the form would have sent it: trimmed text, Italian yes/no, lower-case choices. */
function cellValue(kind: ImportKind, field: string, raw: string): unknown {
  const column = importColumns[kind].find((c) => c.field === field);
  const v = raw.trim();
  if (column?.kind === "boolean") {
    const folded = v.toLowerCase();
    if (YES.has(folded)) return true;
    if (NO.has(folded)) return false;
    return v; // the schema's "sì o no" message
  }
  if (field === "type" || field === "status" || field === "unit" || field === "category") return v === "" ? undefined : enumValue(v);
  return v;
}

export type ImportIssue = { row: number; field: string | null; message: string };

export const importIssueSchema = z.object({ row: z.number().int(), field: z.string().nullable(), message: z.string() });

/** The Italian line shown for an issue: "Riga 4, Partita IVA: Partita IVA non valida". */
export const importIssueText = (i: ImportIssue) => `Riga ${i.row}${i.field ? `, ${i.field}` : ""}: ${i.message}`;

export type ParsedImport<T> = { valid: { row: number; values: T }[]; issues: ImportIssue[] };

/**
 * Validates the data rows of a sheet (first row: header). Row numbers are the sheet's (the header
 * is row 1), so the office finds the line in its file. Empty lines are skipped.
 */
export function validateImportRows(kind: ImportKind, sheet: readonly (readonly string[])[]): ParsedImport<Record<string, unknown>> & { total: number } {
  const [header = [], ...rows] = sheet;
  const fields = mapHeader(kind, header);
  const issues: ImportIssue[] = [];
  const required = importColumns[kind][0]!;
  if (!fields.includes(required.field))
    return { valid: [], total: 0, issues: [{ row: 1, field: required.label, message: `manca la colonna «${required.label}» nell'intestazione` }] };
  const schema = importSchemas[kind];
  const valid: { row: number; values: Record<string, unknown> }[] = [];
  let total = 0;
  rows.forEach((cells, i) => {
    const row = i + 2;
    if (cells.every((c) => c.trim() === "")) return;
    total++;
    const input: Record<string, unknown> = {};
    fields.forEach((field, col) => {
      if (field) input[field] = cellValue(kind, field, cells[col] ?? "");
    });
    if (kind === "clients" && input.type === undefined) input.type = "privato";
    const parsed = schema.safeParse(input);
    if (parsed.success) valid.push({ row, values: parsed.data as Record<string, unknown> });
    else
      for (const issue of parsed.error.issues) {
        const field = typeof issue.path[0] === "string" ? labelOf(kind, issue.path[0]) : null;
        // "Nome: campo obbligatorio" under the field "Nome" reads once: "Riga 3, Nome: campo obbligatorio".
        const message = field && issue.message.startsWith(`${field}: `) ? issue.message.slice(field.length + 2) : issue.message;
        issues.push({ row, field, message });
      }
  });
  return { valid, issues, total };
}

/** What identifies a record twice: partita IVA, codice fiscale, name (case and spaces ignored). */
export function duplicateKeys(kind: ImportKind, v: Record<string, unknown>): [string, string][] {
  const keys: [string, string][] = [];
  const name = typeof v.name === "string" ? v.name.toLowerCase().replace(/\s+/g, " ").trim() : "";
  if (kind !== "services" && typeof v.vatNumber === "string" && v.vatNumber) keys.push(["Partita IVA", `piva:${v.vatNumber}`]);
  if (kind === "clients" && typeof v.fiscalCode === "string" && v.fiscalCode) keys.push(["Codice fiscale", `cf:${v.fiscalCode}`]);
  if (name) keys.push([labelOf(kind, "name"), `name:${name}`]);
  return keys;
}

export const importResultSchema = z.object({
  kind: z.enum(importKinds),
  /** Data rows in the file (empty lines not counted). */
  total: z.number().int(),
  /** Rows that would be (or were) saved. */
  valid: z.number().int(),
  /** Rows with at least one error (duplicates included). */
  invalid: z.number().int(),
  /** Every error, at most MAX_IMPORT_ERRORS_SHOWN, in row order. */
  issues: z.array(importIssueSchema),
  issueCount: z.number().int(),
  columns: z.array(z.string()),
  /** The first valid rows as they will be saved, by column label. */
  sample: z.array(z.record(z.string(), z.string())),
  /** Rows saved: 0 on a preview. */
  created: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const importQuerySchema = z.object({
  /** "1": save; otherwise a preview that saves nothing. */
  commit: z.enum(["0", "1"], { error: "commit: usa 0 o 1" }).default("0"),
  /** "1": save the valid rows and leave out those with errors; otherwise any error saves nothing. */
  skipInvalid: z.enum(["0", "1"], { error: "skipInvalid: usa 0 o 1" }).default("0"),
});
export const importParamsSchema = z.object({ kind: z.enum(importKinds, { error: "Tipo di importazione: clients, suppliers o services" }) });
