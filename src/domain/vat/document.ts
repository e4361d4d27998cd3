import { formatDate } from "../format";
import { compareMoney, fromCents, isZeroMoney, toCents } from "../money";
import { computeVat, suggestedVatRate } from "./engine";
import type {
  CompanyRegime,
  DocumentTreatment,
  LineVatRate,
  Natura,
  VatClientType,
  VatLineInput,
  VatResult,
} from "./types";

// The bridge between the stored documents (estimates, contracts, invoices) and the engine: what a
// document needs to know about its client and company to be computed, the figures it stores, and
// the invoice lines built from a contract (acconto/SAL at the contract's rates, deductions).

/** Who the document is for and under which regime: everything but the lines. */
export interface DocumentVatContext {
  clientType: VatClientType;
  clientHasPartitaIva: boolean;
  /** A condominio withholds the ritenuta unless the office said it is not a sostituto d'imposta. */
  withholdingAgent: boolean;
  regime: CompanyRegime;
  treatment: DocumentTreatment;
}

/**
 * Whether a client has a partita IVA, the one condition of reverse charge (docs/domain/vat.md): the
 * server's refusal and the forms' offer of "inversione contabile" both read it here.
 */
export const clientHasPartitaIva = (client: { vatNumber?: string | null }) => !!client.vatNumber?.trim();

/** The context of a client record (as stored) and the company's regime. */
export function vatContextOf(
  client: { type: string; vatNumber: string | null; withholdingAgent?: boolean | null },
  regime: string,
  treatment: DocumentTreatment,
): DocumentVatContext {
  return {
    clientType: client.type as VatClientType,
    clientHasPartitaIva: clientHasPartitaIva(client),
    withholdingAgent: client.withholdingAgent !== false,
    regime: regime as CompanyRegime,
    treatment,
  };
}

/** The one computation of a document's VAT (docs/domain/vat.md): estimates, contracts and invoices. */
export function documentVat(ctx: DocumentVatContext, lines: readonly VatLineInput[]): VatResult {
  return computeVat({
    clientType: ctx.clientType,
    clientHasPartitaIva: ctx.clientHasPartitaIva,
    regime: ctx.regime,
    treatment: ctx.treatment,
    condominioWithholds: ctx.withholdingAgent,
    lines,
  });
}

/** The figures a document stores (numeric columns): the server recomputes them on every write. */
export function storedVatFigures(result: VatResult) {
  const t = result.totals;
  return {
    imponibile: t.imponibile,
    vatAmount: t.imposta,
    stampDuty: t.bollo,
    total: t.total,
    withholding: t.ritenuta,
    netToPay: t.netToPay,
  };
}

/** The rate a new line starts with: 10 % for homes (privato, condominio), else the company's default. */
export function newLineVatRate(
  clientType: string | null | undefined,
  defaultRate: string | null | undefined,
): LineVatRate {
  const fallback: LineVatRate = defaultRate === "10" || defaultRate === "4" ? defaultRate : "22";
  if (!clientType) return fallback;
  return suggestedVatRate(clientType as VatClientType, fallback);
}

/** "10.00" → "10": the line rate of a summary's AliquotaIVA. */
export const lineRateOf = (rate: string): LineVatRate => rate.replace(/\.0+$/, "") as LineVatRate;

/** The same groups read from a screen's view of the document (its summaries, less the bollo's N1). */
export function viewRateGroups(view: {
  summaries: readonly { rate: string; natura: string | null; imponibile: string }[];
  totals: { bollo: string };
}) {
  return view.summaries
    .map((s) => ({
      vatRate: lineRateOf(s.rate),
      natura: s.natura as Natura | null,
      amount: s.natura === "N1" ? fromCents(toCents(s.imponibile) - toCents(view.totals.bollo)) : s.imponibile,
    }))
    .filter((g) => toCents(g.amount) !== 0n);
}

/** The (rate, natura) groups of a computed document and their imponibile, bollo left out. */
export function rateGroups(result: VatResult): { vatRate: LineVatRate; natura: Natura | null; amount: string }[] {
  const groups = new Map<string, { vatRate: LineVatRate; natura: Natura | null; cents: bigint }>();
  for (const part of result.lines.flatMap((l) => l.parts)) {
    const key = `${part.rate}|${part.natura ?? ""}`;
    const g = groups.get(key) ?? { vatRate: lineRateOf(part.rate), natura: part.natura, cents: 0n };
    g.cents += toCents(part.amount);
    groups.set(key, g);
  }
  return [...groups.values()]
    .filter((g) => g.cents !== 0n)
    .map((g) => ({ vatRate: g.vatRate, natura: g.natura, amount: fromCents(g.cents) }));
}

/**
 * An acconto, a SAL or a free amount billed on a contract: one descriptive line per rate of the
 * contract, the amount shared in proportion to each rate's imponibile (the last rate takes the
 * cents of the rounding), so that deducting it later from the saldo leaves every rate exact.
 */
export function contractShareLines(
  amount: string,
  description: string,
  contractGroups: readonly { vatRate: LineVatRate; natura: Natura | null; amount: string }[],
  fallbackRate: LineVatRate,
): VatLineInput[] {
  const groups = contractGroups.filter((g) => compareMoney(g.amount, "0.00") > 0);
  const whole = groups.reduce((sum, g) => sum + toCents(g.amount), 0n);
  if (groups.length === 0 || whole === 0n) {
    return [
      { description, quantity: "1", unitPrice: amount, vatRate: fallbackRate, natura: null, significantGood: false },
    ];
  }
  const total = toCents(amount);
  let left = total;
  return groups.map((g, i) => {
    const last = i === groups.length - 1;
    // Half up on the proportional share; the last group takes what is left so the sum is exact.
    const share = last ? left : (total * toCents(g.amount) * 2n + whole) / (2n * whole);
    left -= share;
    const rateNote = groups.length > 1 ? ` (quota ${g.natura ?? `IVA ${g.vatRate}%`})` : "";
    return {
      description: `${description}${rateNote}`,
      quantity: "1",
      unitPrice: fromCents(share),
      vatRate: g.vatRate,
      natura: g.natura,
      significantGood: false,
    };
  });
}

export const invoiceKindShortLabels: Record<string, string> = {
  acconto: "acconto",
  sal: "SAL",
  saldo: "saldo",
  libera: "fattura",
  nota_credito: "nota di credito",
};

/**
 * The saldo's "A dedurre" lines (docs/domain/vat.md): one per earlier invoice (one per rate when it had
 * several), negative, at the rates that invoice charged, so the saldo's total is the remainder.
 */
export function deductionLines(earlier: {
  number: string | null;
  issueDate: string;
  kind: string;
  vat: VatResult;
}): VatLineInput[] {
  const label = `A dedurre: ${invoiceKindShortLabels[earlier.kind] ?? "fattura"} ${earlier.number ?? "(bozza)"} del ${formatDate(earlier.issueDate)}`;
  const groups = rateGroups(earlier.vat);
  return groups.map((g) => ({
    description: groups.length > 1 ? `${label} (quota ${g.natura ?? `IVA ${g.vatRate}%`})` : label,
    quantity: "1",
    unitPrice: fromCents(-toCents(g.amount)),
    vatRate: g.vatRate,
    natura: g.natura,
    significantGood: false,
  }));
}

/** The live split of beni significativi, as the line editor prints it: "10 % fino a 600,00 €, 22 % oltre". */
export function significantSplitText(result: VatResult, euro: (v: string) => string): string | null {
  const s = result.significantGoods;
  if (!s) return null;
  if (isZeroMoney(s.fullRatePart))
    return `Beni significativi ${euro(s.goodsValue)}: tutto al 10% (non superano il resto dei lavori, ${euro(s.restOfWork)})`;
  return `Beni significativi ${euro(s.goodsValue)}: 10% fino a ${euro(s.reducedRatePart)}, 22% oltre (${euro(s.fullRatePart)})`;
}

/** The part of a result a screen shows (the API's `vat`). */
export function vatView(result: VatResult) {
  return {
    formato: result.formato,
    treatment: result.treatment,
    summaries: result.summaries.map(({ rate, natura, imponibile, imposta, esigibilita }) => ({
      rate,
      natura,
      imponibile,
      imposta,
      esigibilita,
    })),
    significantGoods: result.significantGoods,
    totals: result.totals,
    notes: result.notes,
  };
}
