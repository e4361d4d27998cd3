import type { Content, TableCell } from "pdfmake/interfaces";
import { isZeroMoney } from "@domain/money";
import { formatDateTime, formatDecimal, formatEuro, formatUnitPrice } from "@domain/format";
import { summaryLabel, type VatView } from "@domain/vat";
import { COLORS, LAYOUT } from "./theme";

// Reusable pieces of every company document (estimates, contracts, invoices, orders). Each
// takes plain data, so the same block prints a client or a supplier, and none queries.

/** The company fields of getSettings() a letterhead prints. */
export interface CompanyInfo {
  companyName: string;
  vatNumber?: string | null;
  fiscalCode?: string | null;
  address?: string | null;
  city?: string | null;
  province?: string | null;
  zipCode?: string | null;
  reaNumber?: string | null;
  phone?: string | null;
  email?: string | null;
  pec?: string | null;
  iban?: string | null;
}

const join = (parts: (string | null | undefined)[], sep = " · ") => parts.filter((p) => p && p.trim()).join(sep);

/** "Via Roma 1, 00100 Roma (RM)". */
export function addressLine(p: {
  address?: string | null;
  city?: string | null;
  province?: string | null;
  zipCode?: string | null;
}) {
  const place = join([p.zipCode, p.city, p.province ? `(${p.province})` : null], " ");
  return join([p.address, place], ", ");
}

/**
 * Company letterhead: logo (a data URL or image bytes, when the company uploaded one) beside
 * the name, address, tax ids and contacts, with a rule underneath.
 */
export function letterhead(company: CompanyInfo, logo?: string | Buffer | null): Content {
  // Lines the company has not filled in yet are left out instead of leaving blank gaps.
  const lines = [
    addressLine(company),
    join([
      company.vatNumber && `P.IVA ${company.vatNumber}`,
      company.fiscalCode && `C.F. ${company.fiscalCode}`,
      company.reaNumber && `REA ${company.reaNumber}`,
    ]),
    join([company.phone && `Tel. ${company.phone}`, company.email, company.pec && `PEC ${company.pec}`]),
  ].filter(Boolean);
  const details: Content[] = [
    { text: company.companyName, style: "companyName" },
    ...lines.map((text) => ({ text, style: "small" })),
  ];
  const image = typeof logo === "string" ? logo : logo ? `data:image/png;base64,${logo.toString("base64")}` : null;
  return {
    stack: [
      image
        ? {
            columns: [
              { image, fit: [110, 55], width: 120 },
              { stack: details, width: "*" },
            ],
            columnGap: 10,
          }
        : { stack: details },
      {
        canvas: [{ type: "line", x1: 0, y1: 6, x2: 515, y2: 6, lineWidth: 0.8, lineColor: COLORS.accent }],
        margin: [0, 0, 0, 10],
      },
    ],
  };
}

/** Title, number and a few label/value rows ("Data", "Valido fino al"…), right-aligned. */
export function documentHeading(title: string, number: string, rows: [string, string][]): Content {
  return {
    stack: [
      { text: `${title} ${number}`, style: "docTitle" },
      ...rows.map(([label, value]) => ({ text: [{ text: `${label}: `, style: "muted" }, value] })),
    ],
  };
}

export interface PartyInfo {
  name: string;
  address?: string | null;
  city?: string | null;
  province?: string | null;
  zipCode?: string | null;
  vatNumber?: string | null;
  fiscalCode?: string | null;
  email?: string | null;
  pec?: string | null;
  phone?: string | null;
  sdiCode?: string | null;
}

/** The other party (client or supplier) in a light box: "Cliente" / "Fornitore" above the name. */
export function partyBlock(heading: string, party: PartyInfo): Content {
  const lines = [
    addressLine(party),
    join([party.vatNumber && `P.IVA ${party.vatNumber}`, party.fiscalCode && `C.F. ${party.fiscalCode}`]),
    join([party.phone && `Tel. ${party.phone}`, party.email]),
    join([party.pec && `PEC ${party.pec}`, party.sdiCode && `Codice SDI ${party.sdiCode}`]),
  ].filter(Boolean);
  return {
    table: {
      widths: ["*"],
      body: [
        [
          {
            stack: [
              { text: heading, style: "small" },
              { text: party.name, bold: true, fontSize: 10 },
              ...lines.map((text) => ({ text })),
            ],
            margin: [6, 4, 6, 4],
          },
        ],
      ],
    },
    layout: LAYOUT.box,
  };
}

export interface PdfLine {
  description: string;
  notes?: string | null;
  quantity: string;
  unit: string | null;
  unitPrice: string;
  totalPrice: string;
  /** The line's VAT as printed: "10%", "N6.3", "10%*" for a bene significativo. */
  vat?: string | null;
}

/** The VAT cell of a line: its rate or natura; a bene significativo is starred (see the note). */
export function lineVatLabel(line: { vatRate: string; natura: string | null; significantGood: boolean }): string {
  return `${line.natura ?? `${line.vatRate}%`}${line.significantGood ? "*" : ""}`;
}

/**
 * Lines table: the header row repeats on every page and a long description wraps inside its
 * cell (rows may break across pages, so one very long line cannot push the table off).
 */
export function linesTable(lines: PdfLine[], emptyText = "Nessuna voce"): Content {
  const withVat = lines.some((l) => l.vat);
  const header: TableCell[] = [
    { text: "Descrizione", style: "tableHeader" },
    { text: "Quantità", style: "tableHeader", alignment: "right" },
    { text: "Prezzo unit.", style: "tableHeader", alignment: "right" },
    ...(withVat ? [{ text: "IVA", style: "tableHeader", alignment: "right" } as TableCell] : []),
    { text: "Totale", style: "tableHeader", alignment: "right" },
  ];
  const body: TableCell[][] = lines.map((line) => [
    line.notes
      ? { stack: [{ text: line.description }, { text: line.notes, style: "small", italics: true }] }
      : { text: line.description },
    { text: `${formatDecimal(line.quantity, 3)}${line.unit ? ` ${line.unit}` : ""}`, alignment: "right", noWrap: true },
    { text: formatUnitPrice(line.unitPrice), alignment: "right", noWrap: true },
    ...(withVat ? [{ text: line.vat ?? "", alignment: "right", noWrap: true } as TableCell] : []),
    { text: formatEuro(line.totalPrice), alignment: "right", noWrap: true },
  ]);
  const columns = withVat ? 5 : 4;
  if (body.length === 0)
    body.push([
      { text: emptyText, colSpan: columns, style: "muted", italics: true },
      ...Array.from({ length: columns - 1 }, () => ({})),
    ]);
  return {
    table: { headerRows: 1, widths: withVat ? ["*", 62, 70, 40, 75] : ["*", 70, 75, 80], body: [header, ...body] },
    layout: LAYOUT.lines,
  };
}

export interface TotalsInput {
  /** The VAT engine's result for the document (src/domain/vat/). */
  vat: Pick<VatView, "summaries" | "totals" | "notes">;
  /** Rows printed before Imponibile, e.g. Materiali / Manodopera. */
  before?: [string, string][];
}

/**
 * The riepilogo IVA (one row per rate or natura, as the FatturaPA's DatiRiepilogo) beside
 * Imponibile / IVA / bollo / Totale, then the ritenuta, the split-payment VAT and the net to pay
 * when they apply, and the sentences the law requires (beni significativi, reverse charge…).
 */
export function totalsBlock(t: TotalsInput): Content {
  const { summaries, totals, notes } = t.vat;
  const summary: Content = {
    stack: [
      { text: "Riepilogo IVA", style: "sectionTitle", margin: [0, 0, 0, 4] },
      {
        table: {
          widths: ["auto", "auto", "auto"],
          body: [
            [
              { text: "Aliquota / Natura", style: "tableHeader" },
              { text: "Imponibile", style: "tableHeader", alignment: "right" },
              { text: "Imposta", style: "tableHeader", alignment: "right" },
            ],
            ...summaries.map((s): TableCell[] => [
              `${summaryLabel(s.rate, s.natura)}${s.esigibilita === "S" ? " (scissione)" : ""}`,
              { text: formatEuro(s.imponibile), alignment: "right" },
              { text: formatEuro(s.imposta), alignment: "right" },
            ]),
          ],
        },
        layout: LAYOUT.box,
      },
    ],
  };
  const row = (label: string, value: string, grand = false): TableCell[] => [
    { text: label, alignment: "right", bold: grand, fontSize: grand ? 11 : 9 },
    { text: value, alignment: "right", bold: grand, fontSize: grand ? 11 : 9, noWrap: true },
  ];
  const showNet = !isZeroMoney(totals.ritenuta) || !isZeroMoney(totals.splitPaymentVat);
  const rows: TableCell[][] = [
    ...(t.before ?? []).map(([label, value]) => row(label, value)),
    row("Imponibile", formatEuro(totals.imponibile)),
    row("IVA", formatEuro(totals.imposta)),
    ...(isZeroMoney(totals.bollo) ? [] : [row("Imposta di bollo", formatEuro(totals.bollo))]),
    row("Totale", formatEuro(totals.total), true),
    ...(isZeroMoney(totals.ritenuta) ? [] : [row("Ritenuta d'acconto 4%", `− ${formatEuro(totals.ritenuta)}`)]),
    ...(isZeroMoney(totals.splitPaymentVat)
      ? []
      : [row("IVA versata dall'ente (scissione)", `− ${formatEuro(totals.splitPaymentVat)}`)]),
    ...(showNet ? [row("Netto a pagare", formatEuro(totals.netToPay), true)] : []),
  ];
  return {
    stack: [
      {
        columns: [
          { width: "*", stack: [summary] },
          {
            width: 220,
            table: { widths: ["*", "auto"], body: rows },
            layout: LAYOUT.totals,
          },
        ],
        columnGap: 16,
        margin: [0, 10, 0, 0],
      },
      ...notes.map((n) => ({ text: n.text, style: "small", italics: true, margin: [0, 6, 0, 0] }) as Content),
    ],
    unbreakable: true,
  };
}

/** A titled paragraph (description, terms, notes); nothing when the text is empty. */
export function textSection(title: string, text: string | null | undefined): Content {
  if (!text || !text.trim()) return { text: "" };
  return { stack: [{ text: title, style: "sectionTitle" }, { text: text.trim() }] };
}

export interface Signature {
  name: string;
  at: string;
  ip?: string | null;
}

/**
 * Two signature boxes: the company's and the counterparty's. Once the document was accepted
 * the counterparty's box shows who accepted it, when and from which address.
 */
export function signatureBlock(opts: {
  companyName: string;
  partyLabel: string;
  signed?: Signature | null;
  heading?: string;
}): Content {
  const box = (title: string, body: Content[]): Content => ({
    stack: [{ text: title, bold: true, margin: [0, 0, 0, 18] }, ...body],
  });
  const blankLine: Content = {
    canvas: [{ type: "line", x1: 0, y1: 0, x2: 200, y2: 0, lineWidth: 0.5, lineColor: COLORS.muted }],
  };
  const signedBody: Content[] = opts.signed
    ? [
        { text: `Accettato da: ${opts.signed.name}`, bold: true },
        { text: `Data e ora: ${formatDateTime(opts.signed.at)}` },
        ...(opts.signed.ip ? [{ text: `Indirizzo IP: ${opts.signed.ip}`, style: "small" } as Content] : []),
        { text: "Accettazione elettronica tramite portale clienti", style: "small" },
      ]
    : [blankLine, { text: "Data e firma", style: "small", margin: [0, 2, 0, 0] }];
  return {
    stack: [
      { text: opts.heading ?? "Accettazione", style: "sectionTitle", margin: [0, 18, 0, 8] },
      {
        columns: [
          box(`Per ${opts.companyName}`, [blankLine, { text: "Timbro e firma", style: "small", margin: [0, 2, 0, 0] }]),
          box(opts.partyLabel, signedBody),
        ],
        columnGap: 30,
      },
    ],
    unbreakable: true,
  };
}
