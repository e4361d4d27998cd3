import type { Content } from "pdfmake/interfaces";
import { formatDate, formatEuro } from "@domain/format";
import { invoiceDocumentKindLabels, invoiceTitle } from "@domain/invoices";
import {
  a4Document,
  documentHeading,
  letterhead,
  lineVatLabel,
  linesTable,
  partyBlock,
  renderPdf,
  textSection,
  totalsBlock,
} from "../../documents/pdf";
import type { InvoiceSnapshot } from "./snapshot";

/**
 * Payment instructions. A private client who wants the home-renovation deduction (art. 16-bis
 * TUIR) must pay with a "bonifico parlante": the wording it needs is printed for them.
 */
export function paymentInstructions(snapshot: InvoiceSnapshot): string {
  const { invoice, buyer: client, seller: settings } = snapshot;
  const number = invoice.number ?? "(numero assegnato all'emissione)";
  const lines = [
    `Pagamento tramite bonifico bancario entro il ${formatDate(invoice.dueDate)}, importo ${formatEuro(invoice.netToPay)}.`,
    settings.iban
      ? `IBAN ${settings.iban} (intestato a ${settings.companyName})`
      : `Coordinate bancarie: richiedere a ${settings.companyName}.`,
    `Causale: pagamento fattura ${number} del ${formatDate(invoice.issueDate)}.`,
  ];
  if (client.type === "privato" || client.type === "condominio") {
    lines.push(
      "",
      'Detrazione fiscale per il recupero del patrimonio edilizio: per beneficiarne il pagamento va eseguito con bonifico "parlante" (bonifico per ristrutturazione), indicando:',
      '- causale: "Bonifico relativo a lavori edilizi che danno diritto alla detrazione prevista dall\'art. 16-bis del DPR 917/1986";',
      `- codice fiscale del beneficiario della detrazione${client.fiscalCode ? ` (${client.fiscalCode})` : ""};`,
      `- partita IVA del beneficiario del bonifico: ${settings.vatNumber ?? "(partita IVA dell'impresa)"} (${settings.companyName});`,
      `- numero e data della fattura: ${number} del ${formatDate(invoice.issueDate)}.`,
    );
  }
  return lines.join("\n");
}

/**
 * The invoice PDF, from its snapshot only. An issued invoice's PDF is rendered once, when it is
 * issued, and stored; a draft's is rendered on every download and marked BOZZA on every page.
 */
export async function renderInvoicePdf(snapshot: InvoiceSnapshot, logo: string | null, opts: { draft: boolean }) {
  const { invoice, contract, estimate, buyer: client, seller: settings } = snapshot;
  const before = snapshot.invoicedBefore;
  const content: Content[] = [
    ...(opts.draft
      ? [
          {
            text: "BOZZA · documento non valido ai fini fiscali: la fattura non è ancora stata emessa",
            bold: true,
            color: "#b91c1c",
            alignment: "center",
            margin: [0, 0, 0, 8],
          } satisfies Content,
        ]
      : []),
    letterhead(settings, logo),
    {
      columns: [
        {
          width: "*",
          stack: [
            documentHeading(
              snapshot.credit ? "Nota di credito" : invoice.number ? "Fattura" : "Bozza di fattura",
              invoice.number ?? "",
              [
                ["Data", formatDate(invoice.issueDate)],
                snapshot.credit
                  ? [
                      "Rettifica la fattura",
                      `${snapshot.credit.original.number} del ${formatDate(snapshot.credit.original.issueDate)}`,
                    ]
                  : ["Scadenza", formatDate(invoice.dueDate)],
                ["Tipo", invoiceDocumentKindLabels[invoice.kind]],
                ["Contratto", contract.number],
              ],
            ),
          ],
        },
        { width: 250, stack: [partyBlock("Cliente", client)] },
      ],
      columnGap: 20,
      margin: [0, 0, 0, 12],
    },
    { text: "Dettaglio", style: "sectionTitle" },
    linesTable(
      snapshot.lines.map((line) => ({
        description: line.description,
        quantity: line.quantity,
        unit: line.unit,
        unitPrice: line.unitPrice,
        totalPrice: line.lineTotal,
        vat: lineVatLabel(line),
      })),
    ),
    ...(snapshot.lines.some((l) => l.significantGood)
      ? [
          {
            text: "* bene significativo (DM 29/12/1999): IVA 10% fino al valore del resto dei lavori, 22% oltre",
            style: "small",
            margin: [0, 2, 0, 0],
          } satisfies Content,
        ]
      : []),
    totalsBlock({ vat: snapshot.vat }),
    snapshot.credit
      ? textSection(
          "Motivo della nota di credito",
          `${snapshot.credit.reason}. Importo accreditato al cliente: ${formatEuro(invoice.totalAmount)}.`,
        )
      : textSection(
          "Situazione del contratto (imponibili)",
          `Valore del contratto ${contract.number} (preventivo ${estimate.number}): ${formatEuro(estimate.totalAmount)}. Già fatturato in precedenza: ${formatEuro(before)}. Questa fattura: ${formatEuro(invoice.amount)}.`,
        ),
    textSection("Modalità di pagamento", snapshot.credit ? null : paymentInstructions(snapshot)),
    textSection("Note", invoice.notes),
    {
      text: "Copia di cortesia: l'originale della fattura è il documento elettronico trasmesso al Sistema di Interscambio.",
      style: "small",
      margin: [0, 12, 0, 0],
    },
  ];
  const definition = a4Document(content, {
    title: invoiceTitle(invoice),
    author: settings.companyName,
  });
  if (opts.draft) definition.watermark = { text: "BOZZA", color: "#b91c1c", opacity: 0.12, bold: true, angle: -45 };
  const pdf = await renderPdf(definition);
  const fileName = invoice.number
    ? `${snapshot.credit ? "Nota-di-credito" : "Fattura"}-${invoice.number}.pdf`
    : `Bozza-fattura-${contract.number}.pdf`;
  return { pdf, fileName };
}
