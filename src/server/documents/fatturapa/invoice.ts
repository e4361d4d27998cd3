import { todayIso } from "@domain/dates";
import { buildFatturaPa, fatturaPaProblems, fatturaProgressive, type FpInput, type FpLine } from "@domain/fatturapa";
import { isZeroMoney } from "@domain/money";
import type { VatTreatment } from "@domain/statuses";
import { vatNatura, vatRate } from "@domain/vat";
import type { Queryable } from "../../db/client";
import { conflict } from "../../http/errors";
import { getSettings } from "../../modules/settings/queries";

/** What an invoice's FatturaPA needs, as the invoices module loads it. */
export interface InvoiceForFattura {
  invoice: {
    number: string;
    year: number;
    sequence: number;
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

export async function fatturaInput(db: Queryable, doc: InvoiceForFattura): Promise<FpInput> {
  const settings = await getSettings(db);
  const { invoice, client } = doc;
  return {
    today: todayIso(),
    seller: {
      name: settings.companyName,
      vatNumber: settings.vatNumber,
      fiscalCode: settings.fiscalCode,
      address: settings.address,
      zipCode: settings.zipCode,
      city: settings.city,
      province: settings.province,
      regimeFiscale: settings.regimeFiscale,
      iban: settings.iban,
      phone: settings.phone,
      email: settings.email,
    },
    buyer: {
      name: client.name,
      vatNumber: client.vatNumber,
      fiscalCode: client.fiscalCode,
      address: client.address,
      zipCode: client.zipCode,
      city: client.city,
      province: client.province,
      sdiCode: client.sdiCode,
      pec: client.pec,
    },
    document: {
      type: invoice.kind === "acconto" ? "TD02" : "TD01",
      number: invoice.number,
      issueDate: invoice.issueDate,
      dueDate: invoice.dueDate,
      progressive: fatturaProgressive(invoice.year, invoice.sequence),
      lines: fatturaLines(doc),
      stampDuty: invoice.stampDuty,
      total: invoice.totalAmount,
      notes: invoice.notes,
    },
  };
}

/**
 * The FPR12 file of an invoice, or a 409 that names every piece of company or client data
 * the SdI would reject it for (NOTES.md checks), so the user knows what to fill in.
 */
export async function invoiceFatturaPa(db: Queryable, doc: InvoiceForFattura) {
  const input = await fatturaInput(db, doc);
  const problems = fatturaPaProblems(input);
  if (problems.length) {
    throw conflict(
      `Impossibile generare la fattura elettronica: ${problems.map((p) => p.message).join("; ")}`,
      Object.fromEntries(problems.map((p) => [p.field, p.message])),
    );
  }
  return buildFatturaPa(input);
}
