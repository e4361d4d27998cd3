import {
  compareMoney,
  fromCents,
  lineTotal,
  maxMoney,
  minMoney,
  percentOf,
  subMoney,
  sumMoney,
  toCents,
  vatOf,
} from "../money";
import { regimiFiscali } from "../settings";
import { VatError } from "./errors";
import {
  BOLLO_AMOUNT,
  BOLLO_THRESHOLD,
  CONDOMINIO_RITENUTA_RATE,
  FORFETTARIO_NATURA,
  FORFETTARIO_REFERENCE,
  FORFETTARIO_REGIME,
  isReverseChargeNatura,
  LINE_QUANTITY_RE,
  LINE_UNIT_PRICE_RE,
  NATURA_REFERENCES,
  naturaTriggersBollo,
  ORDINARY_RATE,
  RENOVATION_RATE,
} from "./rules";
import {
  documentTreatments,
  lineVatRates,
  naturaCodes,
  vatClientTypes,
  type DocumentTreatment,
  type LineVatRate,
  type Natura,
  type ReverseChargeNatura,
  type SignificantGoodsSplit,
  type VatClientType,
  type VatInput,
  type VatLinePart,
  type VatLineResult,
  type VatNote,
  type VatResult,
  type VatSummary,
} from "./types";
import {
  BOLLO_WORDING,
  FORFETTARIO_NO_RITENUTA_WORDING,
  FORFETTARIO_WORDING,
  REVERSE_CHARGE_GENERIC_WORDING,
  REVERSE_CHARGE_WORDING,
  ritenutaWording,
  significantGoodsWording,
  SPLIT_PAYMENT_WORDING,
} from "./wording";

// The VAT engine of docs/domain/vat.md: one pure function from the document's client, regime, treatment
// and lines to everything the PDF and the FatturaPA need. The estimate editor's live preview and
// the server call the same function, so the figure the client sees is the figure that is invoiced.

export const REVERSE_CHARGE_NEEDS_PARTITA_IVA = "Inversione contabile solo per clienti con partita IVA";

const rateString = (rate: LineVatRate): string => `${rate}.00`;
const isZeroRate = (rate: string): boolean => toCents(rate) === 0n;

/** Rate the editor proposes for a new line (docs/domain/vat.md, issue 15 bullet 7). */
export function suggestedVatRate(clientType: VatClientType, defaultRate: LineVatRate): LineVatRate {
  // Work for a privato or a condominio is almost always maintenance or renovation of homes: 10 %
  // (art. 7 c. 1 lett. b L. 488/1999). The user can change it per line (e.g. 4 % prima casa).
  return clientType === "privato" || clientType === "condominio" ? "10" : defaultRate;
}

export function computeVat(input: VatInput): VatResult {
  validateDocument(input);
  const forfettario = input.regime === FORFETTARIO_REGIME;
  const treatment = effectiveTreatment(input, forfettario);
  const rcNatura: ReverseChargeNatura = input.reverseChargeNatura ?? "N6.3";

  const lines: VatLineResult[] = input.lines.map((line, index) => {
    validateLine(line, index);
    const total = lineTotal(line.quantity, line.unitPrice);
    let rate = rateString(line.vatRate);
    let natura = line.natura;
    if (forfettario) {
      // L. 190/2014 c. 58 lett. a): the forfettario charges no VAT; every operation is "non
      // soggetta" N2.2. An N1 line (art. 15 expenses paid in the client's name) stays N1.
      rate = "0.00";
      natura = natura === "N1" ? "N1" : FORFETTARIO_NATURA;
    } else if (treatment === "reverse_charge" && !isZeroRate(rate)) {
      // Art. 17 c. 6 lett. a)/a-ter) DPR 633/72: the buyer owes the VAT; the invoice is issued
      // without it. Lines already at 0 % with their own natura (e.g. N1) keep it.
      rate = "0.00";
      natura = rcNatura;
    }
    if (isReverseChargeNatura(natura) && !input.clientHasPartitaIva) {
      // The buyer must be a taxable person to self-assess the VAT (art. 17 c. 6: "soggetti passivi").
      throw new VatError(
        "reverse_charge_needs_partita_iva",
        `lines[${index}].natura`,
        REVERSE_CHARGE_NEEDS_PARTITA_IVA,
      );
    }
    return {
      index,
      description: line.description,
      lineTotal: total,
      rate,
      natura,
      significantGood: line.significantGood,
      split: false,
      parts: [{ kind: "line", rate, natura, amount: total }],
    };
  });

  const significantGoods = applySignificantGoods(lines);

  // Bollo (art. 13 Tariffa I and art. 6 Tabella B DPR 642/72): decided on the lines without VAT
  // of natura N1–N4, never on reverse charge; the 77.47 € threshold is strict.
  const bolloBase = sumMoney(
    lines
      .flatMap((l) => l.parts)
      .filter((p) => naturaTriggersBollo(p.natura))
      .map((p) => p.amount),
  );
  const bolloDue = compareMoney(bolloBase, BOLLO_THRESHOLD) > 0;
  const bolloAmount = bolloDue ? BOLLO_AMOUNT : "0.00";

  const splitPayment = treatment === "split_payment";
  const summaries = buildSummaries(lines, bolloDue, splitPayment, forfettario);

  // Ritenuta 4 % (art. 25-ter DPR 600/73): the condominio, as sostituto d'imposta, withholds it
  // on the fee for works contracts, VAT excluded. N1 lines are not fee (art. 15 reimbursements).
  // A forfettario is exempt from any withholding (L. 190/2014 c. 67).
  let ritenuta: VatResult["ritenuta"] = null;
  // A condominio that is not a sostituto d'imposta (no employees, no withholding duties) does not
  // withhold: the office switches the client's flag off (`condominioWithholds: false`).
  if (input.clientType === "condominio" && !forfettario && input.condominioWithholds !== false) {
    const base = sumMoney(lines.filter((l) => l.natura !== "N1").map((l) => l.lineTotal));
    if (compareMoney(base, "0.00") > 0) {
      ritenuta = {
        tipo: input.sellerIsNaturalPerson ? "RT01" : "RT02",
        aliquota: CONDOMINIO_RITENUTA_RATE,
        base,
        importo: percentOf(base, CONDOMINIO_RITENUTA_RATE),
        causalePagamento: "W",
      };
    }
  }

  const imponibile = sumMoney(lines.map((l) => l.lineTotal));
  const imposta = sumMoney(summaries.map((s) => s.imposta));
  const total = sumMoney([imponibile, imposta, bolloAmount]);
  // Split payment (art. 17-ter DPR 633/72): the public body pays the VAT to the Treasury, so it
  // transfers to the seller only the rest.
  const splitPaymentVat = sumMoney(summaries.filter((s) => s.esigibilita === "S").map((s) => s.imposta));
  const ritenutaAmount = ritenuta?.importo ?? "0.00";
  const netToPay = subMoney(subMoney(total, ritenutaAmount), splitPaymentVat);

  const notes = buildNotes({
    lines,
    forfettario,
    splitPaymentVat,
    significantGoods,
    ritenuta,
    netToPay,
    bolloDue,
    condominio: input.clientType === "condominio",
  });

  return {
    formato: input.clientType === "ente_pubblico" ? "FPA12" : "FPR12",
    treatment,
    vatFreeRegime: forfettario,
    lines,
    summaries,
    significantGoods,
    bollo: {
      due: bolloDue,
      amount: bolloAmount,
      base: bolloBase,
      line: bolloDue ? { description: "Imposta di bollo", amount: BOLLO_AMOUNT, natura: "N1" } : null,
    },
    ritenuta,
    totals: { imponibile, imposta, bollo: bolloAmount, total, ritenuta: ritenutaAmount, splitPaymentVat, netToPay },
    notes,
  };
}

// ---- validation ------------------------------------------------------------------------------

function validateDocument(input: VatInput): void {
  if (!vatClientTypes.includes(input.clientType)) {
    throw new VatError(
      "invalid_client_type",
      "clientType",
      "Tipo cliente non valido: scegli Privato, Azienda, Condominio o Ente pubblico",
    );
  }
  if (!(regimiFiscali.values as readonly string[]).includes(input.regime)) {
    throw new VatError("invalid_regime", "regime", "Regime fiscale non valido");
  }
  const treatment = input.treatment ?? "ordinary";
  if (!documentTreatments.includes(treatment)) {
    throw new VatError("invalid_treatment", "treatment", "Trattamento IVA del documento non valido");
  }
  if (
    input.reverseChargeNatura !== undefined &&
    input.reverseChargeNatura !== "N6.3" &&
    input.reverseChargeNatura !== "N6.7"
  ) {
    throw new VatError(
      "invalid_natura",
      "reverseChargeNatura",
      "Natura dell'inversione contabile non valida: scegli N6.3 o N6.7",
    );
  }
}

function validateLine(line: VatInput["lines"][number], index: number): void {
  const row = `Riga ${index + 1}`;
  const field = (name: string) => `lines[${index}].${name}`;
  if (typeof line.quantity !== "string" || !LINE_QUANTITY_RE.test(line.quantity)) {
    throw new VatError(
      "invalid_quantity",
      field("quantity"),
      `${row}: quantità non valida (numero non negativo, max 3 decimali)`,
    );
  }
  if (typeof line.unitPrice !== "string" || !LINE_UNIT_PRICE_RE.test(line.unitPrice)) {
    throw new VatError("invalid_unit_price", field("unitPrice"), `${row}: prezzo unitario non valido (max 4 decimali)`);
  }
  if (!lineVatRates.includes(line.vatRate)) {
    throw new VatError("invalid_rate", field("vatRate"), `${row}: aliquota IVA non valida (22, 10, 4 o 0%)`);
  }
  if (line.natura !== null && !naturaCodes.includes(line.natura)) {
    // Generic N2/N3/N6 are rejected by SdI (00445): only the sub-codes are valid.
    throw new VatError(
      "invalid_natura",
      field("natura"),
      `${row}: natura IVA non valida (usa i sottocodici, es. N2.2, N3.5, N4, N6.3)`,
    );
  }
  // SdI 00400/00401: a natura (the reason for no VAT) is required with rate 0 and forbidden otherwise.
  if (line.vatRate === "0" && line.natura === null) {
    throw new VatError(
      "natura_required",
      field("natura"),
      `${row}: con aliquota 0% indica la natura (il motivo per cui l'IVA non si applica)`,
    );
  }
  if (line.vatRate !== "0" && line.natura !== null) {
    throw new VatError("natura_not_allowed", field("natura"), `${row}: la natura si indica solo con aliquota 0%`);
  }
}

function effectiveTreatment(input: VatInput, forfettario: boolean): DocumentTreatment {
  const requested = input.treatment ?? "ordinary";
  if (requested === "reverse_charge") {
    if (forfettario) {
      // L. 190/2014 c. 58 lett. a): a forfettario charges no VAT on any sale, so there is nothing
      // for the buyer to self-assess; its sales to a contractor are N2.2 like any other.
      throw new VatError(
        "reverse_charge_forfettario",
        "treatment",
        "Regime forfettario: l'inversione contabile non si applica, le operazioni sono non soggette a IVA (N2.2)",
      );
    }
    if (!input.clientHasPartitaIva)
      throw new VatError("reverse_charge_needs_partita_iva", "treatment", REVERSE_CHARGE_NEEDS_PARTITA_IVA);
    return "reverse_charge";
  }
  if (requested === "split_payment" && input.clientType !== "ente_pubblico" && input.clientType !== "azienda") {
    // Art. 17-ter c. 1 and 1-bis: public administrations and the companies they control or listed
    // in the FTSE MIB; never a private consumer or a condominio.
    throw new VatError(
      "split_payment_not_allowed",
      "treatment",
      "Scissione dei pagamenti solo per enti pubblici e società dell'art. 17-ter DPR 633/72",
    );
  }
  if (forfettario) return "ordinary"; // no VAT, nothing to split
  // Art. 17-ter c. 1: every invoice to a public administration is under split payment.
  if (requested === "split_payment" || input.clientType === "ente_pubblico") return "split_payment";
  return "ordinary";
}

// ---- beni significativi ------------------------------------------------------------------------

/**
 * L. 205/2017 art. 1 c. 19 (authentic interpretation of art. 7 c. 1 lett. b L. 488/1999) and
 * DM 29/12/1999; prassi: circ. AdE 15/E of 12/07/2018. In a 10 % renovation of a home, the
 * significant goods get 10 % only up to the value of the rest of the work (total − goods); the
 * excess is at 22 %. Example: goods 7,399.96, rest 600.00 → 600.00 at 10 %, 6,799.96 at 22 %.
 * The cap is allotted to the significant lines in their order, so every part is exact cents.
 */
function applySignificantGoods(lines: VatLineResult[]): SignificantGoodsSplit | null {
  const atRenovationRate = lines.filter((l) => l.natura === null && l.rate === RENOVATION_RATE);
  const goodsLines = atRenovationRate.filter((l) => l.significantGood);
  if (goodsLines.length === 0) return null;
  for (const l of goodsLines) {
    if (compareMoney(l.lineTotal, "0.00") < 0) {
      throw new VatError(
        "significant_good_negative",
        `lines[${l.index}].significantGood`,
        `Riga ${l.index + 1}: un bene significativo non può avere importo negativo`,
      );
    }
  }
  const goodsValue = sumMoney(goodsLines.map((l) => l.lineTotal));
  if (compareMoney(goodsValue, "0.00") === 0) return null;
  // Deduction lines ("A dedurre: acconto …", negative) do not lower the cap: the acconti they take
  // back were parts of the same prestazione and carried their own share of the split already.
  const restOfWork = sumMoney(
    atRenovationRate.filter((l) => !l.significantGood && compareMoney(l.lineTotal, "0.00") > 0).map((l) => l.lineTotal),
  );
  let capacity = maxMoney(restOfWork, "0.00");
  for (const l of goodsLines) {
    const reduced = minMoney(l.lineTotal, capacity);
    const excess = subMoney(l.lineTotal, reduced);
    capacity = subMoney(capacity, reduced);
    if (compareMoney(excess, "0.00") === 0) continue;
    const parts: VatLinePart[] = [];
    if (compareMoney(reduced, "0.00") > 0)
      parts.push({ kind: "significant_reduced", rate: RENOVATION_RATE, natura: null, amount: reduced });
    parts.push({ kind: "significant_excess", rate: ORDINARY_RATE, natura: null, amount: excess });
    l.parts = parts;
    l.split = parts.length > 1;
    l.rate = parts[0]!.rate;
  }
  const reducedRatePart = minMoney(goodsValue, maxMoney(restOfWork, "0.00"));
  return { goodsValue, restOfWork, reducedRatePart, fullRatePart: subMoney(goodsValue, reducedRatePart) };
}

// ---- summaries (DatiRiepilogo) ------------------------------------------------------------------

/**
 * One summary per (rate, natura) used by the lines (SdI 00419/00443/00444), imponibile = Σ of the
 * already rounded parts (00422), imposta computed once on the summary, rounded half up (00421).
 */
function buildSummaries(
  lines: VatLineResult[],
  bolloDue: boolean,
  splitPayment: boolean,
  forfettario: boolean,
): VatSummary[] {
  const groups = new Map<string, { rate: string; natura: Natura | null; cents: bigint }>();
  const add = (rate: string, natura: Natura | null, amount: string) => {
    const key = `${rate}|${natura ?? ""}`;
    const group = groups.get(key) ?? { rate, natura, cents: 0n };
    group.cents += toCents(amount);
    groups.set(key, group);
  };
  for (const line of lines) for (const part of line.parts) add(part.rate, part.natura, part.amount);
  // The bollo recharged to the client is an art. 15 amount (N1): it is a line of the invoice.
  if (bolloDue) add("0.00", "N1", BOLLO_AMOUNT);

  const summaries = [...groups.values()].map(({ rate, natura, cents }): VatSummary => {
    const imponibile = fromCents(cents);
    return {
      rate,
      natura,
      imponibile,
      imposta: vatOf(imponibile, rate),
      // Art. 17-ter: S only where VAT is charged; never with N6.x (SdI 00420).
      esigibilita: splitPayment && !isZeroRate(rate) ? "S" : "I",
      riferimentoNormativo:
        natura === null
          ? null
          : forfettario && natura === FORFETTARIO_NATURA
            ? FORFETTARIO_REFERENCE
            : NATURA_REFERENCES[natura],
    };
  });
  // Highest rate first, then the naturas in code order: stable for the PDF and the XML.
  return summaries.sort((a, b) => compareMoney(b.rate, a.rate) || (a.natura ?? "").localeCompare(b.natura ?? ""));
}

// ---- wording -----------------------------------------------------------------------------------

function buildNotes(ctx: {
  lines: VatLineResult[];
  forfettario: boolean;
  splitPaymentVat: string;
  significantGoods: SignificantGoodsSplit | null;
  ritenuta: VatResult["ritenuta"];
  netToPay: string;
  bolloDue: boolean;
  condominio: boolean;
}): VatNote[] {
  const notes: VatNote[] = [];
  if (ctx.forfettario) notes.push({ code: "forfettario", text: FORFETTARIO_WORDING });
  const rcNaturas = [
    ...new Set(ctx.lines.map((l) => l.natura).filter((n): n is Natura => isReverseChargeNatura(n))),
  ].sort();
  for (const natura of rcNaturas) {
    const text =
      natura === "N6.3" || natura === "N6.7" ? REVERSE_CHARGE_WORDING[natura] : REVERSE_CHARGE_GENERIC_WORDING;
    if (!notes.some((n) => n.text === text)) notes.push({ code: "reverse_charge", text });
  }
  if (compareMoney(ctx.splitPaymentVat, "0.00") !== 0)
    notes.push({ code: "split_payment", text: SPLIT_PAYMENT_WORDING });
  if (ctx.significantGoods)
    notes.push({ code: "significant_goods", text: significantGoodsWording(ctx.significantGoods) });
  if (ctx.ritenuta) notes.push({ code: "ritenuta", text: ritenutaWording(ctx.ritenuta, ctx.netToPay) });
  else if (ctx.condominio && ctx.forfettario)
    notes.push({ code: "forfettario_no_ritenuta", text: FORFETTARIO_NO_RITENUTA_WORDING });
  if (ctx.bolloDue) notes.push({ code: "bollo", text: BOLLO_WORDING });
  return notes;
}
