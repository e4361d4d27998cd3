import { fatturaSummaries, type FpLine } from "@domain/fatturapa";
import type { InvoiceDocumentKind } from "@domain/invoices";
import type { VatTreatment } from "@domain/statuses";
import type { Queryable } from "../../db/client";
import { fatturaLines } from "../../documents/fatturapa/invoice";
import { getSettings } from "../settings/queries";
import { invoicedBefore, type InvoiceDocument } from "./queries";

/**
 * Everything an invoice says, as it was when it was issued (decisions §8): its PDF and FatturaPA
 * are rendered from this and nothing else, so a later change of the company settings or of the
 * client record never reaches an issued invoice. A draft's documents are rendered from a
 * snapshot built on the spot from today's data.
 */
export interface InvoiceSnapshot {
  version: 1;
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
    amount: string;
    vatTreatment: VatTreatment;
    vatAmount: string;
    stampDuty: string;
    totalAmount: string;
  };
  contract: { number: string };
  estimate: { number: string; title: string; totalAmount: string };
  /** Imponibile of the contract's invoices numbered before this one. */
  invoicedBefore: string;
  description: string;
  lines: FpLine[];
  vatSummary: { rate: string; natura: string | null; imponibile: string; imposta: string }[];
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
  return !!value && typeof value === "object" && (value as InvoiceSnapshot).version === 1;
}

/** Takes the snapshot from today's settings and records (inside the caller's transaction when issuing). */
export async function takeInvoiceSnapshot(db: Queryable, doc: InvoiceDocument): Promise<InvoiceSnapshot> {
  const settings = await getSettings(db);
  const { invoice, client, contract, estimate } = doc;
  const lines = fatturaLines(doc);
  return {
    version: 1,
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
      amount: invoice.amount,
      vatTreatment: invoice.vatTreatment,
      vatAmount: invoice.vatAmount,
      stampDuty: invoice.stampDuty,
      totalAmount: invoice.totalAmount,
    },
    contract: { number: contract.number },
    estimate: { number: estimate.number, title: estimate.title, totalAmount: estimate.totalAmount },
    invoicedBefore: await invoicedBefore(db, contract.id, invoice.id, invoice.year, invoice.sequence),
    description: doc.description,
    lines,
    vatSummary: fatturaSummaries(lines),
    payment: { method: "bonifico", iban: settings.iban, dueDate: invoice.dueDate, amount: invoice.totalAmount },
  };
}
