import { todayIso } from "@domain/dates";
import { buildFatturaPa, fatturaPaProblems, fatturaProgressive, type FpInput, type FpLine } from "@domain/fatturapa";
import { isZeroMoney } from "@domain/money";
import type { VatTreatment } from "@domain/statuses";
import { vatNatura, vatRate } from "@domain/vat";
import { conflict } from "../../http/errors";
import type { InvoiceSnapshot } from "../../modules/invoices/snapshot";
import { sdiProblems } from "./sdi-checks";
import { validateFatturaPa } from "./xsd";

/** What an invoice's FatturaPA needs, as the invoices module loads it. */
export interface InvoiceForFattura {
  invoice: {
    number: string | null;
    year: number | null;
    sequence: number | null;
    kind: string;
    amount: string;
    vatTreatment: VatTreatment;
    stampDuty: string;
    totalAmount: string;
    issueDate: string;
    dueDate: string;
    notes: string | null;
  };
  client: {
    name: string;
    address: string;
    city: string | null;
    province: string | null;
    zipCode: string | null;
    vatNumber: string | null;
    fiscalCode: string | null;
    sdiCode: string | null;
    pec: string | null;
  };
  description: string;
}

/** The invoice's lines: the work, and the bollo charged back to the client (excluded from VAT, N1). */
export function fatturaLines(doc: InvoiceForFattura): FpLine[] {
  const { invoice } = doc;
  const lines: FpLine[] = [
    {
      description: doc.description,
      quantity: "1.00",
      unitPrice: invoice.amount,
      total: invoice.amount,
      rate: vatRate(invoice.vatTreatment),
      natura: vatNatura(invoice.vatTreatment),
    },
  ];
  if (!isZeroMoney(invoice.stampDuty)) {
    lines.push({
      description: "Rimborso imposta di bollo assolta in modo virtuale",
      quantity: "1.00",
      unitPrice: invoice.stampDuty,
      total: invoice.stampDuty,
      rate: "0.00",
      natura: "N1",
    });
  }
  return lines;
}

/** The FatturaPA input of an invoice, from its snapshot only (decisions §8). */
export function fatturaInput(snapshot: InvoiceSnapshot, today: string): FpInput {
  const { seller, buyer, invoice } = snapshot;
  // A FatturaPA exists only for an issued, hence numbered, invoice.
  if (invoice.number == null || invoice.year == null || invoice.sequence == null)
    throw conflict("La fattura è in bozza: il file FatturaPA si genera all'emissione");
  return {
    today,
    seller: {
      name: seller.companyName,
      vatNumber: seller.vatNumber,
      fiscalCode: seller.fiscalCode,
      address: seller.address,
      zipCode: seller.zipCode,
      city: seller.city,
      province: seller.province,
      regimeFiscale: seller.regimeFiscale,
      iban: seller.iban,
      phone: seller.phone,
      email: seller.email,
    },
    buyer: {
      name: buyer.name,
      vatNumber: buyer.vatNumber,
      fiscalCode: buyer.fiscalCode,
      address: buyer.address,
      zipCode: buyer.zipCode,
      city: buyer.city,
      province: buyer.province,
      sdiCode: buyer.sdiCode,
      pec: buyer.pec,
    },
    document: {
      type: invoice.kind === "nota_credito" ? "TD04" : invoice.kind === "acconto" ? "TD02" : "TD01",
      number: invoice.number,
      issueDate: invoice.issueDate,
      dueDate: invoice.dueDate,
      progressive: fatturaProgressive(invoice.year, invoice.sequence, snapshot.transmission ?? 1),
      lines: snapshot.lines,
      stampDuty: invoice.stampDuty,
      total: invoice.totalAmount,
      notes: snapshot.credit ? [snapshot.credit.reason, invoice.notes].filter(Boolean).join(" - ") : invoice.notes,
      linked: snapshot.credit?.original ?? null,
    },
  };
}

const unavailable = (problems: { field: string; message: string; code?: string }[]) =>
  conflict(
    `Impossibile generare la fattura elettronica: ${problems.map((p) => p.message).join("; ")}`,
    Object.fromEntries(problems.map((p) => [p.field, p.message])),
  );

/** "Element 'CAP': [facet 'pattern'] …" → the element the schema refused. */
function xsdField(message: string) {
  return /Element '(?:\{[^}]*\})?([^']+)'/.exec(message)?.[1] ?? "fatturapa";
}

/**
 * The FPR12 file of an invoice, built from its snapshot and checked before anyone may keep it:
 * the data the SdI needs (with the field to fix), the official XSD, then the SdI's own
 * arithmetic and consistency checks on the very text. Any failure is a 409 naming the field;
 * a broken file is never returned.
 */
export async function invoiceFatturaPa(snapshot: InvoiceSnapshot, today = todayIso()) {
  const input = fatturaInput(snapshot, today);
  const problems = fatturaPaProblems(input);
  if (problems.length) throw unavailable(problems);
  const built = buildFatturaPa(input);
  const schemaErrors = await validateFatturaPa(built.xml, built.fileName);
  if (schemaErrors.length) {
    throw unavailable(
      schemaErrors
        .slice(0, 5)
        .map((m) => ({ field: xsdField(m), message: `file non conforme allo schema FatturaPA (${m.trim()})` })),
    );
  }
  const sdi = sdiProblems(built.xml, today);
  if (sdi.length)
    throw unavailable(sdi.map((p) => ({ field: p.field, message: `${p.message} (controllo SdI ${p.code})` })));
  return built;
}
