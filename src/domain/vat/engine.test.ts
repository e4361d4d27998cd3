import { describe, expect, it } from "vitest";
import {
  computeVat,
  FORFETTARIO_REFERENCE,
  NATURA_REFERENCES,
  REVERSE_CHARGE_NEEDS_PARTITA_IVA,
  suggestedVatRate,
  VatError,
  type VatInput,
  type VatLineInput,
} from "./index";

// One table per rule, figures worked by hand in the comments (half up to the cent everywhere).

const line = (
  quantity: string,
  unitPrice: string,
  vatRate: VatLineInput["vatRate"],
  extra: Partial<VatLineInput> = {},
): VatLineInput => ({
  description: "Lavori",
  quantity,
  unitPrice,
  vatRate,
  natura: null,
  significantGood: false,
  ...extra,
});

const doc = (over: Partial<VatInput>): VatInput => ({
  clientType: "azienda",
  clientHasPartitaIva: true,
  regime: "RF01",
  treatment: "ordinary",
  lines: [],
  ...over,
});

const summaryTable = (input: VatInput) =>
  computeVat(input).summaries.map((s) => [s.rate, s.natura, s.imponibile, s.imposta, s.esigibilita]);

function vatError(input: VatInput): VatError {
  try {
    computeVat(input);
  } catch (error) {
    if (error instanceof VatError) return error;
    throw error;
  }
  throw new Error("computeVat accepted an invalid input");
}

describe("line totals and summaries (SdI 00419, 00421, 00422, 00423)", () => {
  it.each([
    {
      name: "qty 3 decimals × price 4 decimals, rounded half up once on the product",
      // 3 × 12.345 = 37.035 → 37.04; 1.5 × 100.005 = 150.0075 → 150.01; 2.125 × 0.3333 = 0.7082625 → 0.71
      lines: [line("3", "12.345", "22"), line("1.5", "100.005", "22"), line("2.125", "0.3333", "22")],
      totals: ["37.04", "150.01", "0.71"],
      // 187.76 × 22 % = 41.3072 → 41.31
      summaries: [["22.00", null, "187.76", "41.31", "I"]],
      total: "229.07",
    },
    {
      name: "imposta is computed on the summary, not summed per line",
      // per line 0.25 × 22 % = 0.055 → 0.06, twice = 0.12; on the summary 0.50 × 22 % = 0.11
      lines: [line("1", "0.25", "22"), line("1", "0.25", "22")],
      totals: ["0.25", "0.25"],
      summaries: [["22.00", null, "0.50", "0.11", "I"]],
      total: "0.61",
    },
    {
      name: "one summary per rate, highest first; a deduction line lowers its rate's imponibile",
      // 22 %: 1000 − 300 = 700 → 154.00; 10 %: 2 × 45.50 = 91 → 9.10; 4 %: 1234.56 → 49.3824 → 49.38
      lines: [line("1", "1000", "22"), line("2", "45.50", "10"), line("1", "1234.56", "4"), line("1", "-300", "22")],
      totals: ["1000.00", "91.00", "1234.56", "-300.00"],
      summaries: [
        ["22.00", null, "700.00", "154.00", "I"],
        ["10.00", null, "91.00", "9.10", "I"],
        ["4.00", null, "1234.56", "49.38", "I"],
      ],
      // 700 + 91 + 1234.56 = 2025.56; VAT 154 + 9.10 + 49.38 = 212.48
      total: "2238.04",
    },
  ])("$name", ({ lines, totals, summaries, total }) => {
    const r = computeVat(doc({ lines }));
    expect(r.lines.map((l) => l.lineTotal)).toEqual(totals);
    expect(summaryTable(doc({ lines }))).toEqual(summaries);
    expect(r.totals.total).toBe(total);
    expect(r.totals.netToPay).toBe(total);
    expect(r.bollo.due).toBe(false);
  });
});

describe("beni significativi (L. 205/2017 c. 19, DM 29/12/1999, circ. 15/E 2018)", () => {
  it("4 Velux for 7,399.96 + 600.00 of fitting: 10 % up to the rest of the work, 22 % beyond (issue 15)", () => {
    // goods 4 × 1849.99 = 7399.96; rest of work 600.00 → goods at 10 % on 600.00, at 22 % on 6799.96
    // 10 %: (600 + 600) × 10 % = 120.00; 22 %: 6799.96 × 22 % = 1495.9912 → 1495.99
    // VAT = 120.00 + 1495.99 = 1615.99 (the "due 1,615.99", not 800.00)
    const r = computeVat(
      doc({
        clientType: "privato",
        clientHasPartitaIva: false,
        lines: [
          line("4", "1849.99", "10", { description: "Finestra Velux", significantGood: true }),
          line("1", "600", "10", { description: "Posa" }),
        ],
      }),
    );
    expect(r.significantGoods).toEqual({
      goodsValue: "7399.96",
      restOfWork: "600.00",
      reducedRatePart: "600.00",
      fullRatePart: "6799.96",
    });
    expect(r.lines[0]).toMatchObject({ lineTotal: "7399.96", split: true, rate: "10.00" });
    expect(r.lines[0]!.parts.map((p) => [p.kind, p.rate, p.amount])).toEqual([
      ["significant_reduced", "10.00", "600.00"],
      ["significant_excess", "22.00", "6799.96"],
    ]);
    expect(r.summaries.map((s) => [s.rate, s.imponibile, s.imposta])).toEqual([
      ["22.00", "6799.96", "1495.99"],
      ["10.00", "1200.00", "120.00"],
    ]);
    expect(r.totals).toMatchObject({
      imponibile: "7999.96",
      imposta: "1615.99",
      total: "9615.95",
      netToPay: "9615.95",
    });
    const note = r.notes.find((n) => n.code === "significant_goods")!.text;
    expect(note).toContain("7.399,96 €");
    expect(note).toContain("600,00 € con IVA 10%");
    expect(note).toContain("6.799,96 € con IVA 22%");
    expect(note).toContain("L. 205/2017");
  });

  it.each([
    {
      name: "goods not above the rest: all at 10 %, value still stated",
      // goods 400, rest 600 → 400 ≤ 600: 1000 × 10 % = 100.00
      lines: [line("1", "400", "10", { significantGood: true }), line("1", "600", "10")],
      split: { goodsValue: "400.00", restOfWork: "600.00", reducedRatePart: "400.00", fullRatePart: "0.00" },
      summaries: [["10.00", null, "1000.00", "100.00", "I"]],
    },
    {
      name: "two goods share the cap in their order",
      // caldaia 1000 + sanitari 500 = 1500; rest 1200: caldaia 1000 at 10 % (cap left 200),
      // sanitari 200 at 10 % + 300 at 22 %. 10 %: 1200 + 1000 + 200 = 2400 → 240.00; 22 %: 300 → 66.00
      lines: [
        line("1", "1000", "10", { significantGood: true }),
        line("1", "500", "10", { significantGood: true }),
        line("1", "1200", "10"),
      ],
      split: { goodsValue: "1500.00", restOfWork: "1200.00", reducedRatePart: "1200.00", fullRatePart: "300.00" },
      summaries: [
        ["22.00", null, "300.00", "66.00", "I"],
        ["10.00", null, "2400.00", "240.00", "I"],
      ],
    },
    {
      name: "only goods, no work: everything at 22 %",
      // rest 0 → cap 0: 500 × 22 % = 110.00
      lines: [line("1", "500", "10", { significantGood: true })],
      split: { goodsValue: "500.00", restOfWork: "0.00", reducedRatePart: "0.00", fullRatePart: "500.00" },
      summaries: [["22.00", null, "500.00", "110.00", "I"]],
    },
    {
      name: "22 % lines are not part of the 10 % work",
      // goods 1000 at 10 %, rest at 10 % = 200, a 22 % line of 5000 does not raise the cap:
      // 10 %: 200 + 200 = 400 → 40.00; 22 %: 5000 + 800 = 5800 → 1276.00
      lines: [line("1", "1000", "10", { significantGood: true }), line("1", "200", "10"), line("1", "5000", "22")],
      split: { goodsValue: "1000.00", restOfWork: "200.00", reducedRatePart: "200.00", fullRatePart: "800.00" },
      summaries: [
        ["22.00", null, "5800.00", "1276.00", "I"],
        ["10.00", null, "400.00", "40.00", "I"],
      ],
    },
  ])("$name", ({ lines, split, summaries }) => {
    const input = doc({ clientType: "privato", clientHasPartitaIva: false, lines });
    expect(computeVat(input).significantGoods).toEqual(split);
    expect(summaryTable(input)).toEqual(summaries);
  });

  it("the flag means nothing outside the 10 % rate", () => {
    const r = computeVat(
      doc({
        lines: [line("1", "1000", "22", { significantGood: true }), line("1", "100", "4", { significantGood: true })],
      }),
    );
    expect(r.significantGoods).toBeNull();
    expect(r.notes).toEqual([]);
  });

  it("refuses a significant good with a negative amount", () => {
    const e = vatError(
      doc({
        clientType: "privato",
        clientHasPartitaIva: false,
        lines: [line("1", "-10", "10", { significantGood: true })],
      }),
    );
    expect(e).toMatchObject({ code: "significant_good_negative", field: "lines[0].significantGood" });
  });
});

describe("reverse charge (art. 17 c. 6 DPR 633/72)", () => {
  it("turns every VAT line into 0 % N6.3, without bollo, citing the norm", () => {
    // 10000 + 5000.50 = 15000.50 at N6.3; no VAT; N6 is subject to VAT → no bollo (issue 15 bug)
    const r = computeVat(
      doc({ treatment: "reverse_charge", lines: [line("1", "10000", "22"), line("1", "5000.50", "10")] }),
    );
    expect(r.lines.map((l) => [l.rate, l.natura])).toEqual([
      ["0.00", "N6.3"],
      ["0.00", "N6.3"],
    ]);
    expect(r.summaries).toEqual([
      {
        rate: "0.00",
        natura: "N6.3",
        imponibile: "15000.50",
        imposta: "0.00",
        esigibilita: "I",
        riferimentoNormativo: "Inversione contabile art. 17 c. 6 lett. a) DPR 633/72",
      },
    ]);
    expect(r.bollo).toMatchObject({ due: false, amount: "0.00", base: "0.00" });
    expect(r.totals).toMatchObject({ total: "15000.50", netToPay: "15000.50" });
    expect(r.notes).toEqual([
      { code: "reverse_charge", text: "Inversione contabile – art. 17 c. 6 lett. a) DPR 633/72" },
    ]);
  });

  it("can use N6.7 (lett. a-ter) and keeps a line already without VAT", () => {
    const r = computeVat(
      doc({
        treatment: "reverse_charge",
        reverseChargeNatura: "N6.7",
        lines: [line("1", "100", "22"), line("1", "50", "0", { natura: "N1" })],
      }),
    );
    expect(
      summaryTable(
        doc({
          treatment: "reverse_charge",
          reverseChargeNatura: "N6.7",
          lines: [line("1", "100", "22"), line("1", "50", "0", { natura: "N1" })],
        }),
      ),
    ).toEqual([
      ["0.00", "N1", "50.00", "0.00", "I"],
      ["0.00", "N6.7", "100.00", "0.00", "I"],
    ]);
    expect(r.notes[0]!.text).toContain("lett. a-ter)");
  });

  it.each([
    {
      name: "document to a privato",
      input: doc({
        clientType: "privato",
        clientHasPartitaIva: false,
        treatment: "reverse_charge",
        lines: [line("1", "100", "22")],
      }),
      field: "treatment",
    },
    {
      name: "condominio without partita IVA",
      input: doc({ clientType: "condominio", clientHasPartitaIva: false, treatment: "reverse_charge", lines: [] }),
      field: "treatment",
    },
    {
      name: "an N6.3 line to a privato",
      input: doc({
        clientType: "privato",
        clientHasPartitaIva: false,
        lines: [line("1", "1", "22"), line("1", "100", "0", { natura: "N6.3" })],
      }),
      field: "lines[1].natura",
    },
  ])("is refused for a client without partita IVA: $name", ({ input, field }) => {
    const e = vatError(input);
    expect(e).toMatchObject({
      code: "reverse_charge_needs_partita_iva",
      field,
      message: REVERSE_CHARGE_NEEDS_PARTITA_IVA,
    });
    expect(e.message).toBe("Inversione contabile solo per clienti con partita IVA");
  });
});

describe("bollo (art. 13 Tariffa I and art. 6 Tabella B DPR 642/72, DM 17/06/2014)", () => {
  it.each([
    {
      name: "N4 line of exactly 77.47: not due (strict)",
      lines: [line("1", "1000", "22"), line("1", "77.47", "0", { natura: "N4" })],
      due: false,
      base: "77.47",
    },
    {
      name: "N4 line of 77.48: due",
      lines: [line("1", "1000", "22"), line("1", "77.48", "0", { natura: "N4" })],
      due: true,
      base: "77.48",
    },
    {
      name: "N2.1 40 + N3.5 40 = 80: due",
      lines: [line("1", "40", "0", { natura: "N2.1" }), line("1", "40", "0", { natura: "N3.5" })],
      due: true,
      base: "80.00",
    },
    { name: "N6.3 of 20000: never", lines: [line("1", "20000", "0", { natura: "N6.3" })], due: false, base: "0.00" },
    {
      name: "N5 and N7 are subject to VAT: never",
      lines: [line("1", "100", "0", { natura: "N5" }), line("1", "100", "0", { natura: "N7" })],
      due: false,
      base: "0.00",
    },
    { name: "VAT lines only: never", lines: [line("1", "5000", "22")], due: false, base: "0.00" },
  ])("$name", ({ lines, due, base }) => {
    const r = computeVat(doc({ lines }));
    expect(r.bollo).toMatchObject({ due, base, amount: due ? "2.00" : "0.00" });
    expect(r.notes.some((n) => n.code === "bollo")).toBe(due);
  });

  it("is recharged as an N1 line: in the N1 summary and in the total", () => {
    // 1000 at 22 % → 220.00; N4 100.00 > 77.47 → bollo 2.00 as N1; total 1000 + 100 + 220 + 2 = 1322.00
    const r = computeVat(doc({ lines: [line("1", "1000", "22"), line("1", "100", "0", { natura: "N4" })] }));
    expect(r.summaries.map((s) => [s.rate, s.natura, s.imponibile, s.imposta])).toEqual([
      ["22.00", null, "1000.00", "220.00"],
      ["0.00", "N1", "2.00", "0.00"],
      ["0.00", "N4", "100.00", "0.00"],
    ]);
    expect(r.bollo.line).toEqual({ description: "Imposta di bollo", amount: "2.00", natura: "N1" });
    expect(r.totals).toMatchObject({ imponibile: "1100.00", imposta: "220.00", bollo: "2.00", total: "1322.00" });
    expect(r.notes.at(-1)!.text).toBe("Imposta di bollo assolta in modo virtuale ai sensi del DM 17/06/2014");
  });
});

describe("condominio: ritenuta 4 % (art. 25-ter DPR 600/73)", () => {
  it("withholds 4 % of the imponibile and states the net to pay", () => {
    // 2500 + 1234.56 = 3734.56 at 10 % → 373.456 → 373.46; total 4108.02
    // ritenuta 3734.56 × 4 % = 149.3824 → 149.38; net 4108.02 − 149.38 = 3958.64
    const r = computeVat(
      doc({
        clientType: "condominio",
        clientHasPartitaIva: false,
        lines: [line("1", "2500", "10"), line("1", "1234.56", "10")],
      }),
    );
    expect(r.ritenuta).toEqual({
      tipo: "RT02",
      aliquota: "4.00",
      base: "3734.56",
      importo: "149.38",
      causalePagamento: "W",
    });
    expect(r.totals).toMatchObject({ imposta: "373.46", total: "4108.02", ritenuta: "149.38", netToPay: "3958.64" });
    expect(r.notes.find((n) => n.code === "ritenuta")!.text).toBe(
      "Ritenuta d'acconto 4% ai sensi dell'art. 25-ter DPR 600/73 su 3.734,56 €: 149,38 € – netto a pagare 3.958,64 €",
    );
  });

  it("RT01 for a ditta individuale; N1 reimbursements are not fee", () => {
    // base 1000 (N1 50 excluded) → 40.00; total 1000 + 100 + 50 = 1150.00; net 1110.00
    const r = computeVat(
      doc({
        clientType: "condominio",
        clientHasPartitaIva: false,
        sellerIsNaturalPerson: true,
        lines: [line("1", "1000", "10"), line("1", "50", "0", { natura: "N1" })],
      }),
    );
    expect(r.ritenuta).toMatchObject({ tipo: "RT01", base: "1000.00", importo: "40.00" });
    expect(r.totals).toMatchObject({ total: "1150.00", netToPay: "1110.00" });
  });

  it("no ritenuta for other clients", () => {
    expect(
      computeVat(doc({ clientType: "privato", clientHasPartitaIva: false, lines: [line("1", "1000", "10")] })).ritenuta,
    ).toBeNull();
    expect(computeVat(doc({ lines: [line("1", "1000", "22")] })).ritenuta).toBeNull();
  });
});

describe("ente pubblico: split payment (art. 17-ter DPR 633/72), FPA12", () => {
  it("VAT at esigibilità S is paid by the body: net to pay = imponibile", () => {
    // 1000 at 22 % = 220.00 (S); total 1220.00; the body transfers 1000.00
    const r = computeVat(doc({ clientType: "ente_pubblico", lines: [line("1", "1000", "22")] }));
    expect(r).toMatchObject({ formato: "FPA12", treatment: "split_payment" });
    expect(summaryTable(doc({ clientType: "ente_pubblico", lines: [line("1", "1000", "22")] }))).toEqual([
      ["22.00", null, "1000.00", "220.00", "S"],
    ]);
    expect(r.totals).toMatchObject({ total: "1220.00", splitPaymentVat: "220.00", netToPay: "1000.00" });
    expect(r.notes).toEqual([{ code: "split_payment", text: "Scissione dei pagamenti – art. 17-ter DPR 633/72" }]);
  });

  it("with an N1 line above 77.47: bollo, N1 at esigibilità I, net = imponibile + bollo", () => {
    // 1000 at 22 % → 220 S; N1 100 → bollo 2.00; total 1322.00; net 1322 − 220 = 1102.00 = 1100 + 2
    const r = computeVat(
      doc({
        clientType: "ente_pubblico",
        clientHasPartitaIva: false,
        lines: [line("1", "1000", "22"), line("1", "100", "0", { natura: "N1" })],
      }),
    );
    expect(r.summaries.map((s) => [s.natura, s.imponibile, s.esigibilita])).toEqual([
      [null, "1000.00", "S"],
      ["N1", "102.00", "I"],
    ]);
    expect(r.totals).toMatchObject({ total: "1322.00", splitPaymentVat: "220.00", netToPay: "1102.00" });
  });

  it("reverse charge to a body with partita IVA is not split (SdI 00420)", () => {
    const r = computeVat(
      doc({ clientType: "ente_pubblico", treatment: "reverse_charge", lines: [line("1", "1000", "22")] }),
    );
    expect(r.treatment).toBe("reverse_charge");
    expect(r.summaries.map((s) => s.esigibilita)).toEqual(["I"]);
    expect(r.totals.splitPaymentVat).toBe("0.00");
  });

  it("explicit split payment: allowed for a company (c. 1-bis), refused for a privato", () => {
    expect(computeVat(doc({ treatment: "split_payment", lines: [line("1", "100", "22")] })).totals.netToPay).toBe(
      "100.00",
    );
    expect(
      vatError(doc({ clientType: "privato", clientHasPartitaIva: false, treatment: "split_payment" })),
    ).toMatchObject({ code: "split_payment_not_allowed", field: "treatment" });
  });
});

describe("regime forfettario RF19 (L. 190/2014 c. 54-89)", () => {
  it("no VAT, every line N2.2, bollo above 77.47, the required wording", () => {
    // 500 + 300 = 800 at N2.2 (> 77.47) → bollo 2.00 as N1; total 802.00
    const r = computeVat(
      doc({
        regime: "RF19",
        clientType: "privato",
        clientHasPartitaIva: false,
        lines: [line("1", "500", "22"), line("1", "300", "10", { significantGood: true })],
      }),
    );
    expect(r.vatFreeRegime).toBe(true);
    expect(r.lines.map((l) => [l.rate, l.natura, l.split])).toEqual([
      ["0.00", "N2.2", false],
      ["0.00", "N2.2", false],
    ]);
    expect(r.significantGoods).toBeNull();
    expect(r.summaries.map((s) => [s.natura, s.imponibile, s.imposta, s.riferimentoNormativo])).toEqual([
      ["N1", "2.00", "0.00", "Escluse art. 15 DPR 633/72"],
      ["N2.2", "800.00", "0.00", "art. 1 c. 54-89 L. 190/2014"],
    ]);
    expect(r.totals).toMatchObject({ imposta: "0.00", bollo: "2.00", total: "802.00", netToPay: "802.00" });
    expect(r.notes.map((n) => n.text)).toEqual([
      "Operazione effettuata ai sensi dell'art. 1, commi da 54 a 89, della Legge n. 190/2014 – regime forfettario",
      "Imposta di bollo assolta in modo virtuale ai sensi del DM 17/06/2014",
    ]);
  });

  it.each([
    { amount: "77.47", due: false },
    { amount: "77.48", due: true },
  ])("bollo threshold on $amount", ({ amount, due }) => {
    expect(computeVat(doc({ regime: "RF19", lines: [line("1", amount, "22")] })).bollo.due).toBe(due);
  });

  it("no ritenuta for a condominio (c. 67) and no split payment for a body", () => {
    const c = computeVat(
      doc({ regime: "RF19", clientType: "condominio", clientHasPartitaIva: false, lines: [line("1", "1000", "10")] }),
    );
    expect(c.ritenuta).toBeNull();
    expect(c.notes.map((n) => n.code)).toEqual(["forfettario", "forfettario_no_ritenuta", "bollo"]);
    const e = computeVat(doc({ regime: "RF19", clientType: "ente_pubblico", lines: [line("1", "1000", "22")] }));
    expect(e).toMatchObject({ formato: "FPA12", treatment: "ordinary" });
    expect(e.totals).toMatchObject({ splitPaymentVat: "0.00", netToPay: "1002.00" });
  });

  it("refuses reverse charge", () => {
    expect(vatError(doc({ regime: "RF19", treatment: "reverse_charge" }))).toMatchObject({
      code: "reverse_charge_forfettario",
      field: "treatment",
    });
  });
});

describe("input validation: Italian messages naming the field (SdI 00400, 00401, 00445)", () => {
  it.each([
    {
      name: "natura missing on a 0 % line",
      l: line("1", "10", "0"),
      code: "natura_required",
      field: "natura",
      message: /^Riga 2: con aliquota 0% indica la natura/,
    },
    {
      name: "natura with a positive rate",
      l: line("1", "10", "22", { natura: "N4" }),
      code: "natura_not_allowed",
      field: "natura",
      message: /^Riga 2: la natura si indica solo con aliquota 0%/,
    },
    {
      name: "generic N2",
      l: line("1", "10", "0", { natura: "N2" as never }),
      code: "invalid_natura",
      field: "natura",
      message: /sottocodici/,
    },
    {
      name: "rate 5",
      l: line("1", "10", "5" as never),
      code: "invalid_rate",
      field: "vatRate",
      message: /aliquota IVA non valida/,
    },
    {
      name: "quantity with 4 decimals",
      l: line("1.2345", "10", "22"),
      code: "invalid_quantity",
      field: "quantity",
      message: /quantità non valida/,
    },
    {
      name: "negative quantity",
      l: line("-1", "10", "22"),
      code: "invalid_quantity",
      field: "quantity",
      message: /quantità/,
    },
    {
      name: "price with 5 decimals",
      l: line("1", "1.23456", "22"),
      code: "invalid_unit_price",
      field: "unitPrice",
      message: /prezzo unitario/,
    },
    {
      name: "price with a comma",
      l: line("1", "1,5", "22"),
      code: "invalid_unit_price",
      field: "unitPrice",
      message: /prezzo unitario/,
    },
  ])("$name", ({ l, code, field, message }) => {
    const e = vatError(doc({ lines: [line("1", "1", "22"), l] }));
    expect(e).toMatchObject({ code, field: `lines[1].${field}` });
    expect(e.message).toMatch(message);
  });

  it("refuses an unknown client type, regime or treatment", () => {
    expect(vatError(doc({ clientType: "ditta" as never }))).toMatchObject({ field: "clientType" });
    expect(vatError(doc({ regime: "RF03" as never }))).toMatchObject({ field: "regime" });
    expect(vatError(doc({ treatment: "esente" as never }))).toMatchObject({ field: "treatment" });
  });
});

describe("suggestedVatRate (docs/domain/vat.md: default of new lines)", () => {
  it.each([
    ["privato", "22", "10"],
    ["condominio", "22", "10"],
    ["azienda", "22", "22"],
    ["azienda", "4", "4"],
    ["ente_pubblico", "22", "22"],
  ] as const)("%s with default %s → %s", (clientType, defaultRate, expected) => {
    expect(suggestedVatRate(clientType, defaultRate)).toBe(expected);
  });
});

describe("FatturaPA text limits", () => {
  it("every RiferimentoNormativo is Latin-1 and at most 100 characters (2.2.2.8)", () => {
    for (const text of [...Object.values(NATURA_REFERENCES), FORFETTARIO_REFERENCE]) {
      expect(text.length).toBeLessThanOrEqual(100);
      expect(/^[\x20-\x7e\xa0-\xff]*$/.test(text)).toBe(true);
    }
  });
});

describe("saldo deductions and the beni-significativi cap (issue 24)", () => {
  it("'A dedurre' lines do not lower the cap: every rate of the saldo is the contract's less the acconto's", () => {
    // Contract: goods 7,399.96 + fitting 600 → 10 % on 1,200.00, 22 % on 6,799.96. Acconto 30 %:
    // 360.00 at 10 % and 2,039.99 at 22 %. Saldo: 840.00 at 10 %, 4,759.97 at 22 %.
    const r = computeVat(
      doc({
        lines: [
          line("4", "1849.99", "10", { significantGood: true }),
          line("1", "600.00", "10"),
          line("1", "-360.00", "10"),
          line("1", "-2039.99", "22"),
        ],
      }),
    );
    expect(r.summaries.map((s) => [s.rate, s.imponibile])).toEqual([
      ["22.00", "4759.97"],
      ["10.00", "840.00"],
    ]);
    expect(r.significantGoods).toMatchObject({
      goodsValue: "7399.96",
      restOfWork: "600.00",
      reducedRatePart: "600.00",
    });
  });

  it("a condominio that is not a sostituto d'imposta withholds nothing", () => {
    const r = computeVat(
      doc({
        clientType: "condominio",
        clientHasPartitaIva: false,
        condominioWithholds: false,
        lines: [line("1", "4536.12", "10")],
      }),
    );
    expect(r.ritenuta).toBeNull();
    expect(r.totals.netToPay).toBe("4989.73");
  });
});
