import type { regimiFiscali } from "../settings";

// Shapes of the VAT engine (docs/domain/vat.md). Amounts are decimal strings
// with two decimals ("1234.50"), rates are FatturaPA AliquotaIVA strings ("22.00"): no float ever
// takes part in a tax computation.

/**
 * Client types the VAT rules distinguish. `ente_pubblico` is a public administration: FPA12 and
 * split payment (art. 17-ter DPR 633/72). The clients module adds it to its own enumeration.
 */
export const vatClientTypes = ["privato", "azienda", "condominio", "ente_pubblico"] as const;
export type VatClientType = (typeof vatClientTypes)[number];

/** FatturaPA RegimeFiscale of the seller (company settings): RF01 ordinary, RF19 forfettario… */
export type CompanyRegime = (typeof regimiFiscali.values)[number];

/** Rates a line may carry, as the user picks them (percent, no decimals). */
export const lineVatRates = ["22", "10", "4", "0"] as const;
export type LineVatRate = (typeof lineVatRates)[number];

/**
 * Natura codes accepted by SdI since 2021. The generic N2, N3 and N6 are valid for the XSD but
 * rejected by SdI (check 00445), so they are not offered at all.
 */
export const naturaCodes = [
  "N1",
  "N2.1",
  "N2.2",
  "N3.1",
  "N3.2",
  "N3.3",
  "N3.4",
  "N3.5",
  "N3.6",
  "N4",
  "N5",
  "N6.1",
  "N6.2",
  "N6.3",
  "N6.4",
  "N6.5",
  "N6.6",
  "N6.7",
  "N6.8",
  "N6.9",
  "N7",
] as const;
export type Natura = (typeof naturaCodes)[number];

/**
 * The document's VAT treatment. `split_payment` is implied for an `ente_pubblico` under `ordinary`;
 * it may be chosen explicitly for a company listed under art. 17-ter c. 1-bis (PA-controlled or
 * FTSE MIB companies).
 */
export const documentTreatments = ["ordinary", "reverse_charge", "split_payment"] as const;
export type DocumentTreatment = (typeof documentTreatments)[number];
export const documentTreatmentLabels: Record<DocumentTreatment, string> = {
  ordinary: "Ordinario",
  reverse_charge: "Inversione contabile (N6.3, art. 17 c. 6 DPR 633/72)",
  split_payment: "Scissione dei pagamenti (art. 17-ter DPR 633/72)",
};

/** Reverse-charge natura for building work: N6.3 subappalto (lett. a), N6.7 services (lett. a-ter). */
export type ReverseChargeNatura = "N6.3" | "N6.7";

export interface VatLineInput {
  description: string;
  /** Non-negative, up to 3 decimals ("2.5", "1.250"). */
  quantity: string;
  /** Up to 4 decimals; negative for a deduction line ("A dedurre: acconto…"). */
  unitPrice: string;
  vatRate: LineVatRate;
  /** Required iff vatRate is "0" (SdI 00400/00401). */
  natura: Natura | null;
  /** A "bene significativo" of DM 29/12/1999 (infissi, caldaie, sanitari…). */
  significantGood: boolean;
}

export interface VatInput {
  clientType: VatClientType;
  clientHasPartitaIva: boolean;
  regime: CompanyRegime;
  /** Defaults to "ordinary". */
  treatment?: DocumentTreatment;
  /** Natura used by `reverse_charge`; defaults to N6.3. */
  reverseChargeNatura?: ReverseChargeNatura;
  /** The seller is a natural person (ditta individuale): ritenuta RT01 instead of RT02. */
  sellerIsNaturalPerson?: boolean;
  /** A condominio withholds the 4 % ritenuta unless it is not a sostituto d'imposta (default true). */
  condominioWithholds?: boolean;
  lines: readonly VatLineInput[];
}

/** EsigibilitaIVA: I immediate, S split payment (D deferred is not used by Colmo). */
export type Esigibilita = "I" | "S";

/** Why a part of a line carries its rate. */
export type VatPartKind = "line" | "significant_reduced" | "significant_excess";

/** One taxed slice of a line. A significant good above the cap becomes two parts (10 % and 22 %). */
export interface VatLinePart {
  kind: VatPartKind;
  /** "22.00", "10.00", "4.00" or "0.00". */
  rate: string;
  natura: Natura | null;
  amount: string;
}

export interface VatLineResult {
  index: number;
  description: string;
  /** quantity × unitPrice rounded half up to the cent (SdI 00423: PrezzoTotale). */
  lineTotal: string;
  /** Final rate after regime and treatment ("10.00"); for a split line, the rate of its first part. */
  rate: string;
  natura: Natura | null;
  significantGood: boolean;
  /** True when the line is split between 10 % and 22 % (it becomes two DettaglioLinee). */
  split: boolean;
  parts: VatLinePart[];
}

/** One DatiRiepilogo block: one per (rate, natura). */
export interface VatSummary {
  rate: string;
  natura: Natura | null;
  imponibile: string;
  /** round-half-up(imponibile × rate / 100), computed on the summary (SdI 00421). */
  imposta: string;
  esigibilita: Esigibilita;
  /** RiferimentoNormativo: Latin-1, at most 100 characters; null when the rate speaks for itself. */
  riferimentoNormativo: string | null;
}

/** The beni-significativi split of L. 205/2017 c. 19 (only when goods are supplied at 10 %). */
export interface SignificantGoodsSplit {
  /** Value of the significant goods (stated on the invoice). */
  goodsValue: string;
  /** Value of the rest of the work at 10 % (total − goods). */
  restOfWork: string;
  /** Part of the goods at 10 %: min(goods, rest). */
  reducedRatePart: string;
  /** Part of the goods at 22 %: goods − reduced part. */
  fullRatePart: string;
}

export interface BolloResult {
  due: boolean;
  /** "2.00" or "0.00". */
  amount: string;
  /** Σ of the lines of natura N1–N4 that decides the bollo. */
  base: string;
  /**
   * The recharge of the bollo to the client, as a DettaglioLinee (natura N1, art. 15): already
   * counted in the N1 summary and in the total. Null when no bollo is due.
   */
  line: { description: string; amount: string; natura: "N1" } | null;
}

export interface RitenutaResult {
  /** RT02 for a company, RT01 for a natural person (TipoRitenuta). */
  tipo: "RT01" | "RT02";
  /** "4.00" (AliquotaRitenuta). */
  aliquota: string;
  base: string;
  importo: string;
  /** CausalePagamento "W": contratti d'appalto, art. 25-ter DPR 600/73 (Certificazione Unica). */
  causalePagamento: "W";
}

export type VatNoteCode =
  | "reverse_charge"
  | "split_payment"
  | "significant_goods"
  | "bollo"
  | "forfettario"
  | "ritenuta"
  | "forfettario_no_ritenuta";

/** A sentence the PDF prints under the totals (Italian). */
export interface VatNote {
  code: VatNoteCode;
  text: string;
}

export interface VatTotals {
  /** Σ line totals. */
  imponibile: string;
  /** Σ summary imposta. */
  imposta: string;
  bollo: string;
  /** imponibile + imposta + bollo = Σ summaries (imponibile + imposta): ImportoTotaleDocumento. */
  total: string;
  /** Withheld by a condominio (0.00 otherwise). */
  ritenuta: string;
  /** VAT the public body pays to the Treasury itself (0.00 without split payment). */
  splitPaymentVat: string;
  /** total − ritenuta − splitPaymentVat: what the client pays us (ImportoPagamento). */
  netToPay: string;
}

export interface VatResult {
  /** Format of the FatturaPA: FPA12 for a public body. */
  formato: "FPR12" | "FPA12";
  /** The treatment actually applied (split payment when implied by ente_pubblico). */
  treatment: DocumentTreatment;
  /** True when the seller applies no VAT at all (RF19). */
  vatFreeRegime: boolean;
  lines: VatLineResult[];
  summaries: VatSummary[];
  significantGoods: SignificantGoodsSplit | null;
  bollo: BolloResult;
  ritenuta: RitenutaResult | null;
  totals: VatTotals;
  notes: VatNote[];
}
