import type { Content } from "pdfmake/interfaces";
import { formatDate, formatEuro } from "@domain/format";
import { invoiceKindLabels } from "@domain/invoices";
import { subMoney } from "@domain/money";
import { vatRate } from "@domain/vat";
import type { Config } from "../../config";
import type { Queryable } from "../../db/client";
import {
  a4Document,
  companyLogo,
  documentHeading,
  letterhead,
  linesTable,
  partyBlock,
  renderPdf,
  textSection,
  totalsBlock,
} from "../../documents/pdf";
import { getSettings } from "../settings/queries";
import { invoicedBefore, type InvoiceDocument } from "./queries";

type Settings = Awaited<ReturnType<typeof getSettings>>;

/**
 * Payment instructions. A private client who wants the home-renovation deduction (art. 16-bis
 * TUIR) must pay with a "bonifico parlante": the wording it needs is printed for them.
 */
export function paymentInstructions(doc: InvoiceDocument, settings: Settings): string {
  const { invoice, client } = doc;
  const lines = [
    `Pagamento tramite bonifico bancario entro il ${formatDate(invoice.dueDate)}, importo ${formatEuro(invoice.totalAmount)}.`,
    settings.iban
      ? `IBAN ${settings.iban} (intestato a ${settings.companyName})`
      : `Coordinate bancarie: richiedere a ${settings.companyName}.`,
    `Causale: pagamento fattura ${invoice.number} del ${formatDate(invoice.issueDate)}.`,
  ];
  if (client.type === "privato" || client.type === "condominio") {
    lines.push(
      "",
      'Detrazione fiscale per il recupero del patrimonio edilizio: per beneficiarne il pagamento va eseguito con bonifico "parlante" (bonifico per ristrutturazione), indicando:',
      '- causale: "Bonifico relativo a lavori edilizi che danno diritto alla detrazione prevista dall\'art. 16-bis del DPR 917/1986";',
      `- codice fiscale del beneficiario della detrazione${client.fiscalCode ? ` (${client.fiscalCode})` : ""};`,
      `- partita IVA del beneficiario del bonifico: ${settings.vatNumber ?? "(partita IVA dell'impresa)"} (${settings.companyName});`,
      `- numero e data della fattura: ${invoice.number} del ${formatDate(invoice.issueDate)}.`,
    );
  }
  return lines.join("\n");
}

export async function renderInvoicePdf(db: Queryable, config: Pick<Config, "dataDir">, doc: InvoiceDocument) {
  const settings = await getSettings(db);
  const logo = await companyLogo(settings, config.dataDir);
  const { invoice, contract, estimate, client } = doc;
  const before = await invoicedBefore(db, contract.id, invoice.year, invoice.sequence);
  const content: Content[] = [
    letterhead(settings, logo),
    {
      columns: [
        {
          width: "*",
          stack: [
            documentHeading("Fattura", invoice.number, [
              ["Data", formatDate(invoice.issueDate)],
              ["Scadenza", formatDate(invoice.dueDate)],
              ["Tipo", invoiceKindLabels[invoice.kind]],
              ["Contratto", contract.number],
            ]),
          ],
        },
        { width: 250, stack: [partyBlock("Cliente", client)] },
      ],
      columnGap: 20,
      margin: [0, 0, 0, 12],
    },
    { text: "Dettaglio", style: "sectionTitle" },
    linesTable([
      {
        description: doc.description,
        quantity: "1",
        unit: "a corpo",
        unitPrice: invoice.amount,
        totalPrice: invoice.amount,
      },
    ]),
    totalsBlock({
      imponibile: invoice.amount,
      vatTreatment: invoice.vatTreatment,
      vatRate: vatRate(invoice.vatTreatment),
      vatAmount: invoice.vatAmount,
      total: subMoney(invoice.totalAmount, invoice.stampDuty),
      stampDuty: invoice.stampDuty,
    }),
    textSection(
      "Situazione del contratto (imponibili)",
      `Valore del contratto ${contract.number} (preventivo ${estimate.number}): ${formatEuro(estimate.totalAmount)}. Già fatturato in precedenza: ${formatEuro(before)}. Questa fattura: ${formatEuro(invoice.amount)}.`,
    ),
    textSection("Modalità di pagamento", paymentInstructions(doc, settings)),
    textSection("Note", invoice.notes),
    {
      text: "Copia di cortesia: l'originale della fattura è il documento elettronico trasmesso al Sistema di Interscambio.",
      style: "small",
      margin: [0, 12, 0, 0],
    },
  ];
  const pdf = await renderPdf(
    a4Document(content, { title: `Fattura ${invoice.number}`, author: settings.companyName }),
  );
  return { pdf, fileName: `Fattura-${invoice.number}.pdf` };
}
