import { eq } from "drizzle-orm";
import type { Content } from "pdfmake/interfaces";
import type { EstimateDetail } from "@domain/estimates";
import { formatDate, formatEuro } from "@domain/format";
import type { Config } from "../../config";
import type { Db, Queryable } from "../../db/client";
import { storedPdfOrFreeze } from "../../documents/store";
import type { PdfSource } from "../../http/pdf-answer";
import {
  a4Document,
  companyLogo,
  documentHeading,
  letterhead,
  lineVatLabel,
  linesTable,
  partyBlock,
  renderPdf,
  signatureBlock,
  textSection,
  totalsBlock,
  type PdfLine,
} from "../../documents/pdf";
import { getSettings } from "../settings/queries";
import { estimates } from "../../db/schema";
import { isAcceptedSnapshot, type AcceptedSnapshot } from "./snapshot";

type Settings = Awaited<ReturnType<typeof getSettings>>;

/** The estimate's conditions: validity and payment, from the company settings. */
export function estimateTerms(estimate: { validityDays: number; expiresAt: string }, settings: Settings): string {
  const iban = settings.iban ? ` sul conto IBAN ${settings.iban}` : "";
  return [
    `Il presente preventivo è valido ${estimate.validityDays} giorni dalla data di emissione, fino al ${formatDate(estimate.expiresAt)}.`,
    `Pagamento tramite bonifico bancario${iban} entro ${settings.paymentTermsDays} giorni dalla data della fattura, secondo acconti e stati di avanzamento concordati nel contratto.`,
    "Eventuali lavori non descritti saranno oggetto di preventivo separato. L'accettazione del preventivo comporta la stipula del contratto d'appalto alle condizioni generali dell'impresa.",
  ].join("\n");
}

/**
 * The estimate as an A4 PDF. An accepted estimate prints the frozen version the client
 * accepted (lines and totals of the snapshot) with the acceptance in the signature block.
 */
export async function renderEstimatePdf(
  db: Queryable,
  config: Pick<Config, "dataDir">,
  detail: EstimateDetail,
  snapshot: AcceptedSnapshot | null,
) {
  const settings = await getSettings(db);
  const logo = await companyLogo(settings, config.dataDir, db);
  const source = snapshot ?? {
    items: detail.items,
    order: detail.order,
    totals: {
      totalAmount: detail.totalAmount,
      materialsCost: detail.materialsCost,
      laborCost: detail.laborCost,
      vatAmount: detail.vatAmount,
      grossTotal: detail.grossTotal,
    },
    vat: detail.vat,
  };
  // A snapshot taken before per-line VAT has no engine result: the migrated lines give the same one.
  const vat = source.vat ?? detail.vat;

  const lines: PdfLine[] = source.items.map((i) => ({
    description: i.description,
    notes: i.notes,
    quantity: i.quantity,
    unit: i.unit,
    unitPrice: i.unitPrice,
    totalPrice: i.totalPrice,
    vat: i.vatRate
      ? lineVatLabel({ vatRate: i.vatRate, natura: i.natura ?? null, significantGood: !!i.significantGood })
      : null,
  }));
  // The client sees the materials as one priced line; the supplier order behind it is internal.
  if (source.order) {
    lines.push({
      description: "Fornitura materiali",
      quantity: "1",
      unit: "a corpo",
      unitPrice: source.order.totalAmount,
      totalPrice: source.order.totalAmount,
    });
  }

  const t = source.totals;
  const content: Content[] = [
    letterhead(settings, logo),
    {
      columns: [
        {
          width: "*",
          stack: [
            documentHeading("Preventivo", detail.number, [
              ["Data", formatDate(detail.createdAt)],
              ["Valido fino al", formatDate(detail.expiresAt)],
              ["Validità", `${detail.validityDays} giorni`],
            ]),
          ],
        },
        { width: 250, stack: [partyBlock("Cliente", detail.client)] },
      ],
      columnGap: 20,
      margin: [0, 0, 0, 12],
    },
    { text: detail.title, bold: true, fontSize: 12, margin: [0, 0, 0, 2] },
    textSection("Descrizione dei lavori", detail.description),
    { text: "Dettaglio voci", style: "sectionTitle" },
    linesTable(lines),
    ...(vat ? [totalsBlock({ vat })] : []),
    {
      text: `Ripartizione dell'imponibile: materiali ${formatEuro(t.materialsCost)} (60%), manodopera ${formatEuro(t.laborCost)} (40%).`,
      style: "small",
      margin: [0, 6, 0, 0],
    },
    textSection("Condizioni", estimateTerms(detail, settings)),
    signatureBlock({
      companyName: settings.companyName,
      partyLabel: "Per accettazione (il cliente)",
      heading: "Accettazione del preventivo",
      signed:
        detail.status === "accettato" && detail.acceptedBy && detail.acceptedAt
          ? { name: detail.acceptedBy, at: detail.acceptedAt, ip: detail.acceptedIp }
          : null,
    }),
  ];
  if (snapshot?.channel === "amministrazione") {
    content.push({
      text: "Accettazione registrata dall'impresa per conto del cliente.",
      style: "small",
      margin: [0, 4, 0, 0],
    });
  }
  const pdf = await renderPdf(
    a4Document(content, { title: `Preventivo ${detail.number}`, author: settings.companyName }),
  );
  return { pdf, fileName: `Preventivo-${detail.number}.pdf` };
}

/**
 * The estimate's PDF as downloaded by the office or by the client: an accepted estimate answers
 * the bytes stored at acceptance, rendered from its frozen snapshot (ETag, 304); a sent one the
 * bytes stored at sending; a draft is rendered now from today's data (the route runs it in the
 * caller's PDF slot).
 */
export async function estimatePdfSource(db: Db, config: Pick<Config, "dataDir">, detail: EstimateDetail): Promise<PdfSource> {
  const [row] = await db
    .select({ snapshot: estimates.acceptedSnapshot })
    .from(estimates)
    .where(eq(estimates.id, detail.id));
  const snapshot = isAcceptedSnapshot(row?.snapshot) ? row.snapshot : null;
  if (snapshot) {
    const stored = await storedPdfOrFreeze(db, "estimate", detail.id, (tx) =>
      renderEstimatePdf(tx, config, detail, snapshot),
    );
    return { stored };
  }
  if (detail.status !== "bozza") {
    // Sent (and refused or expired since): the bytes stored at sending, the newest if sent again.
    // One sent before the bytes were kept is rendered once now and kept.
    const stored = await storedPdfOrFreeze(db, "estimate", detail.id, (tx) =>
      renderEstimatePdf(tx, config, detail, null),
    );
    return { stored };
  }
  return { render: () => renderEstimatePdf(db, config, detail, null) };
}
