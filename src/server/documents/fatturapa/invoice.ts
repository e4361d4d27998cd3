import { todayIso } from "@domain/dates";
import { companyGapsMessage, companyInvoicingGaps } from "@domain/company-readiness";
import { buildFatturaPa, fatturaLinesOf, fatturaPaProblems, fatturaProgressive, type FpInput } from "@domain/fatturapa";
import { conflict } from "../../http/errors";
import type { InvoiceSnapshot } from "../../modules/invoices/snapshot";
import { sdiProblems } from "./sdi-checks";
import { validateFatturaPa } from "./xsd";

/** The FatturaPA input of an invoice, from its snapshot only (docs/domain/invoices.md). */
export function fatturaInput(snapshot: InvoiceSnapshot, today: string): FpInput {
  const { seller, buyer, invoice, vat } = snapshot;
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
      officeCode: buyer.officeCode,
    },
    document: {
      formato: vat.formato,
      type: invoice.kind === "nota_credito" ? "TD04" : invoice.kind === "acconto" ? "TD02" : "TD01",
      number: invoice.number,
      issueDate: invoice.issueDate,
      dueDate: invoice.dueDate,
      progressive: fatturaProgressive(invoice.year, invoice.sequence, snapshot.transmission ?? 1),
      // Every figure is the engine's, as frozen in the snapshot: the builder computes nothing.
      lines: fatturaLinesOf(snapshot.lines, vat),
      summaries: vat.summaries,
      stampDuty: vat.totals.bollo,
      ritenuta: vat.ritenuta,
      total: vat.totals.total,
      netToPay: vat.totals.netToPay,
      notes: snapshot.credit ? [snapshot.credit.reason, invoice.notes].filter(Boolean).join(" - ") : invoice.notes,
      linked: snapshot.credit?.original ?? null,
      contract: {
        number: snapshot.contract.number,
        date: snapshot.contract.signedDate,
        cig: snapshot.contract.cig,
        cup: snapshot.contract.cup,
      },
      salPhase: invoice.salPhase,
    },
  };
}

const unavailable = (problems: { field: string; message: string; code?: string }[]) =>
  conflict(
    `Impossibile generare la fattura elettronica: ${problems.map((p) => p.message).join("; ")}`,
    Object.fromEntries(problems.map((p) => [p.field, p.message])),
  );

/**
 * The company record incomplete: the 409 names what is missing and the way forward, in the
 * words of the first-run banner (src/domain/company-readiness.ts).
 */
function companyIncomplete(snapshot: InvoiceSnapshot) {
  const gaps = companyInvoicingGaps(snapshot.seller);
  if (!gaps.length) return null;
  return conflict(companyGapsMessage(gaps, "issue"), { company: gaps.join(", ") });
}

/** "Element 'CAP': [facet 'pattern'] …" → the element the schema refused. */
function xsdField(message: string) {
  return /Element '(?:\{[^}]*\})?([^']+)'/.exec(message)?.[1] ?? "fatturapa";
}

/**
 * The FPR12/FPA12 file of an invoice, built from its snapshot and checked before anyone may keep it:
 * the data the SdI needs (with the field to fix), the official XSD, then the SdI's own
 * arithmetic and consistency checks on the very text. Any failure is a 409 naming the field;
 * a broken file is never returned.
 */
export async function invoiceFatturaPa(snapshot: InvoiceSnapshot, today = todayIso()) {
  const incomplete = companyIncomplete(snapshot);
  if (incomplete) throw incomplete;
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
