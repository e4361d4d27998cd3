import { and, asc, gte, lte, ne } from "drizzle-orm";
import { isoDateSchema } from "@domain/dates";
import { fromCents, toCents } from "@domain/money";
import { z } from "@domain/zod";
import type { Queryable } from "../../db/client";
import { invoices } from "../../db/schema";
import type { CsvColumn } from "../../lib/csv";
import { findInvoiceDocument } from "../invoices/queries";
import { isInvoiceSnapshot, takeInvoiceSnapshot, type InvoiceSnapshot } from "../invoices/snapshot";

// Registro IVA delle fatture emesse (docs/domain/invoices.md): one row per issued document
// and per rate or natura, read from the FROZEN snapshot of each document (what was issued,
// whatever happened to the client record since), credit notes negative, Italian CSV.

export const vatRegisterQuerySchema = z
  .object({ from: isoDateSchema, to: isoDateSchema })
  .refine((v) => v.from <= v.to, { path: ["to"], message: "Al: non può precedere la data iniziale" });

const documentTypes: Record<string, string> = {
  acconto: "TD02 - Acconto su fattura",
  nota_credito: "TD04 - Nota di credito",
};

export interface VatRegisterRow {
  date: string;
  number: string;
  type: string;
  client: string;
  vatNumber: string | null;
  fiscalCode: string | null;
  imponibile: string;
  rate: string;
  natura: string | null;
  imposta: string;
  esigibilita: string;
  total: string;
}

export const vatRegisterColumns: CsvColumn<VatRegisterRow>[] = [
  { header: "Data", value: (r) => r.date, type: "date" },
  { header: "Numero", value: (r) => r.number },
  { header: "Tipo documento", value: (r) => r.type },
  { header: "Cliente", value: (r) => r.client },
  { header: "Partita IVA", value: (r) => r.vatNumber },
  { header: "Codice fiscale", value: (r) => r.fiscalCode },
  { header: "Imponibile", value: (r) => r.imponibile, type: "money" },
  { header: "Aliquota", value: (r) => r.rate, type: "decimal" },
  { header: "Natura", value: (r) => r.natura },
  { header: "Imposta", value: (r) => r.imposta, type: "money" },
  { header: "Esigibilità", value: (r) => r.esigibilita },
  { header: "Totale documento", value: (r) => r.total, type: "money" },
];

const signed = (money: string, negative: boolean) =>
  negative ? fromCents(-toCents(money)) : fromCents(toCents(money));

/** A summary row as a snapshot froze it (version 1, before per-line VAT, had no esigibilità: I). */
interface FrozenSummary {
  rate: string;
  natura: string | null;
  imponibile: string;
  imposta: string;
  esigibilita?: string;
}

/** Snapshots frozen before per-line VAT (version 1): their own one-rate summary, never recomputed. */
interface LegacySnapshot {
  version: 1;
  invoice: InvoiceSnapshot["invoice"];
  buyer: InvoiceSnapshot["buyer"];
  vatSummary: FrozenSummary[];
}
const isLegacySnapshot = (value: unknown): value is LegacySnapshot =>
  !!value &&
  typeof value === "object" &&
  (value as LegacySnapshot).version === 1 &&
  Array.isArray((value as LegacySnapshot).vatSummary);

/**
 * The register rows of one issued document, from its snapshot: one per DatiRiepilogo of the VAT
 * engine (rate or natura, esigibilità S under split payment), so Σ Imposta is the document's VAT.
 */
export function registerRows(snapshot: InvoiceSnapshot | LegacySnapshot): VatRegisterRow[] {
  const { invoice, buyer } = snapshot;
  const negative = invoice.kind === "nota_credito";
  const summaries: FrozenSummary[] = "vat" in snapshot ? snapshot.vat.summaries : snapshot.vatSummary;
  return summaries.map((s) => ({
    date: invoice.issueDate,
    number: invoice.number ?? "",
    type: documentTypes[invoice.kind] ?? "TD01 - Fattura",
    client: buyer.name,
    vatNumber: buyer.vatNumber,
    fiscalCode: buyer.fiscalCode,
    imponibile: signed(s.imponibile, negative),
    rate: s.rate,
    natura: s.natura,
    imposta: signed(s.imposta, negative),
    // Immediata, or split payment (S) as the engine decided; no VAT, no esigibilità.
    esigibilita: s.natura ? "" : (s.esigibilita ?? "I"),
    total: signed(invoice.totalAmount, negative),
  }));
}

export async function documentsPage(db: Queryable, from: string, to: string, limit: number, offset: number) {
  const rows = await db
    .select({ id: invoices.id, snapshot: invoices.snapshot })
    .from(invoices)
    .where(and(ne(invoices.status, "bozza"), gte(invoices.issueDate, from), lte(invoices.issueDate, to)))
    .orderBy(asc(invoices.year), asc(invoices.sequence))
    .limit(limit)
    .offset(offset);
  const out: VatRegisterRow[] = [];
  for (const row of rows) {
    // Issued before snapshots existed: read as it would be frozen today, without writing in a GET.
    const snapshot =
      isInvoiceSnapshot(row.snapshot) || isLegacySnapshot(row.snapshot)
        ? row.snapshot
        : await takeInvoiceSnapshot(db, (await findInvoiceDocument(db, row.id, null))!);
    out.push(...registerRows(snapshot));
  }
  return { documents: rows.length, rows: out };
}
