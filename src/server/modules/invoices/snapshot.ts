import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import type { InvoiceDocumentKind, InvoiceLine } from "@domain/invoices";
import type { DocumentTreatment, VatResult } from "@domain/vat";
import type { Queryable } from "../../db/client";
import { invoices as i } from "../../db/schema";
import { getSettings } from "../settings/queries";
import { invoiceVat } from "./lines";
import type { InvoiceDocument } from "./queries";

/**
 * Everything an invoice says, as it was when it was issued (docs/domain/invoices.md): its PDF and FatturaPA
 * are rendered from this and nothing else, so a later change of the company settings or of the
 * client record never reaches an issued invoice. A draft's documents are rendered from a
 * snapshot built on the spot from today's data. Version 2: lines and the VAT engine's result
 * (version 1, one line and one rate, lives on only in the bytes stored for invoices issued before).
 */
export interface InvoiceSnapshot {
  version: 2;
  /** When it was taken (ISO timestamp). */
  frozenAt: string;
  seller: {
    companyName: string;
    vatNumber: string | null;
    fiscalCode: string | null;
    address: string | null;
    city: string | null;
    province: string | null;
    zipCode: string | null;
    reaNumber: string | null;
    phone: string | null;
    email: string | null;
    pec: string | null;
    iban: string | null;
    regimeFiscale: string;
  };
  buyer: {
    name: string;
    type: string;
    address: string;
    city: string | null;
    province: string | null;
    zipCode: string | null;
    email: string | null;
    phone: string | null;
    pec: string | null;
    sdiCode: string | null;
    officeCode: string | null;
    vatNumber: string | null;
    fiscalCode: string | null;
  };
  invoice: {
    /** Null only in a draft's live snapshot: an issued invoice always has its number. */
    number: string | null;
    year: number | null;
    sequence: number | null;
    kind: InvoiceDocumentKind;
    issueDate: string;
    dueDate: string;
    notes: string | null;
    treatment: DocumentTreatment;
    amount: string;
    vatAmount: string;
    stampDuty: string;
    totalAmount: string;
    withholding: string;
    netToPay: string;
    salPhase: number | null;
  };
  contract: { number: string; signedDate: string | null; cig: string | null; cup: string | null };
  estimate: { number: string; title: string; totalAmount: string };
  /** Imponibile of the contract's invoices numbered before this one. */
  invoicedBefore: string;
  lines: InvoiceLine[];
  /** The VAT engine's result on those lines (src/domain/vat/): summaries, split, bollo, ritenuta. */
  vat: VatResult;
  payment: { method: "bonifico"; iban: string | null; dueDate: string; amount: string };
  /**
   * A credit note (TD04): its reason and the invoice it corrects (DatiFattureCollegate). Its
   * amounts are written positive here, as the document prints them; the invoices row holds them
   * negative so that sums over a contract or a period count it against the invoices.
   */
  credit?: { reason: string; original: { number: string; issueDate: string } };
  /** Which transmission to the SdI this file is (1, then +1 at each re-issue after a rejection). */
  transmission?: number;
}

export function isInvoiceSnapshot(value: unknown): value is InvoiceSnapshot {
  return !!value && typeof value === "object" && (value as InvoiceSnapshot).version === 2;
}

/** Takes the snapshot from today's settings and records (inside the caller's transaction when issuing). */
export async function takeInvoiceSnapshot(
  db: Queryable,
  doc: InvoiceDocument,
  /** Lines already computed by the engine (a credit note: the document's positive lines). */
  computed?: { lines: InvoiceLine[]; vat: VatResult },
): Promise<InvoiceSnapshot> {
  const settings = await getSettings(db);
  const { invoice, client, contract, estimate } = doc;
  const { lines, vat } = computed ?? (await invoiceVat(db, doc));
  return {
    version: 2,
    frozenAt: new Date().toISOString(),
    seller: {
      companyName: settings.companyName,
      vatNumber: settings.vatNumber,
      fiscalCode: settings.fiscalCode,
      address: settings.address,
      city: settings.city,
      province: settings.province,
      zipCode: settings.zipCode,
      reaNumber: settings.reaNumber,
      phone: settings.phone,
      email: settings.email,
      pec: settings.pec,
      iban: settings.iban,
      regimeFiscale: settings.regimeFiscale,
    },
    buyer: {
      name: client.name,
      type: client.type,
      address: client.address,
      city: client.city,
      province: client.province,
      zipCode: client.zipCode,
      email: client.email,
      phone: client.phone,
      pec: client.pec,
      sdiCode: client.sdiCode,
      officeCode: client.officeCode,
      vatNumber: client.vatNumber,
      fiscalCode: client.fiscalCode,
    },
    invoice: {
      number: invoice.number,
      year: invoice.year,
      sequence: invoice.sequence,
      kind: invoice.kind,
      issueDate: invoice.issueDate,
      dueDate: invoice.dueDate,
      notes: invoice.notes,
      treatment: invoice.treatment,
      amount: vat.totals.imponibile,
      vatAmount: vat.totals.imposta,
      stampDuty: vat.totals.bollo,
      totalAmount: vat.totals.total,
      withholding: vat.totals.ritenuta,
      netToPay: vat.totals.netToPay,
      salPhase: invoice.salPhase,
    },
    contract: { number: contract.number, signedDate: contract.signedDate, cig: contract.cig, cup: contract.cup },
    estimate: { number: estimate.number, title: estimate.title, totalAmount: estimate.totalAmount },
    invoicedBefore: await invoicedBefore(db, contract.id, invoice.id, invoice.year, invoice.sequence),
    lines,
    vat,
    payment: { method: "bonifico", iban: settings.iban, dueDate: invoice.dueDate, amount: vat.totals.netToPay },
  };
}

/**
 * Imponibile of the contract's other invoices numbered before this one (PDF summary); for a
 * draft, which has no number yet, of all the contract's numbered invoices.
 */
async function invoicedBefore(
  db: Queryable,
  contractId: string,
  invoiceId: string,
  year: number | null,
  sequence: number | null,
) {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${i.amount}), 0)::numeric(12,2)::text` })
    .from(i)
    .where(
      and(
        eq(i.contractId, contractId),
        ne(i.id, invoiceId),
        isNotNull(i.sequence),
        year != null && sequence != null ? sql`(${i.year}, ${i.sequence}) < (${year}, ${sequence})` : undefined,
      ),
    );
  return row?.total ?? "0.00";
}
