import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareMoney, fromCents, sumMoney, toCents } from "../money";
import { computeVat, naturaTriggersBollo, type Natura, type VatInput, type VatLineInput } from "./index";

// Invariants every document must keep, whatever its lines: what SdI checks (00419–00423,
// 00429/00430, 00443–00445) and what the client pays.

const decimal = (maxUnits: number, scale: number, min = 0) =>
  fc.integer({ min, max: maxUnits }).map((u) => {
    const negative = u < 0;
    const digits = Math.abs(u).toString().padStart(scale + 1, "0");
    const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
    return (negative ? "-" : "") + text;
  });

const zeroNaturas: Natura[] = ["N1", "N2.1", "N2.2", "N3.5", "N4", "N5", "N6.3", "N7"];

const lineArb = (hasPartitaIva: boolean): fc.Arbitrary<VatLineInput> =>
  fc
    .record({
      quantity: decimal(999_999, 3), // 0 … 999.999
      price: decimal(99_999_999, 4), // 0 … 9999.9999
      negative: fc.boolean(),
      vatRate: fc.constantFrom("22", "10", "10", "4", "0" as const),
      natura: fc.constantFrom(...zeroNaturas.filter((n) => hasPartitaIva || !n.startsWith("N6"))),
      significantGood: fc.boolean(),
    })
    .map(({ quantity, price, negative, vatRate, natura, significantGood }) => ({
      description: "Riga",
      quantity,
      // Deductions are negative lines; significant goods never are.
      unitPrice: negative && !significantGood && price !== "0.0000" ? `-${price}` : price,
      vatRate,
      natura: vatRate === "0" ? natura : null,
      significantGood,
    }));

const inputArb: fc.Arbitrary<VatInput> = fc
  .record({
    clientType: fc.constantFrom("privato", "azienda", "condominio", "ente_pubblico" as const),
    clientHasPartitaIva: fc.boolean(),
    regime: fc.constantFrom("RF01", "RF19" as const),
    treatment: fc.constantFrom("ordinary", "reverse_charge", "split_payment" as const),
    sellerIsNaturalPerson: fc.boolean(),
  })
  .chain((doc) => {
    // Only valid combinations: the invalid ones have their own tests.
    let treatment = doc.treatment;
    if (treatment === "reverse_charge" && (!doc.clientHasPartitaIva || doc.regime === "RF19")) treatment = "ordinary";
    if (treatment === "split_payment" && (doc.clientType === "privato" || doc.clientType === "condominio")) treatment = "ordinary";
    return fc.array(lineArb(doc.clientHasPartitaIva), { maxLength: 8 }).map((lines): VatInput => ({ ...doc, treatment, lines }));
  });

/** quantity × price in 10^-7 units, rounded half away from zero to cents, independently of money.ts. */
function expectedLineCents(quantity: string, unitPrice: string): bigint {
  const units = (s: string, scale: number) => {
    const [i = "0", f = ""] = s.replace("-", "").split(".");
    const v = BigInt(i + f.padEnd(scale, "0"));
    return s.startsWith("-") ? -v : v;
  };
  const product = units(quantity, 3) * units(unitPrice, 4); // scale 7
  const abs = product < 0n ? -product : product;
  const cents = (abs + 50_000n) / 100_000n;
  return product < 0n ? -cents : cents;
}

describe("VAT engine invariants (fast-check)", () => {
  it("line totals are exact and the parts of a line add back to it (SdI 00423)", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const r = computeVat(input);
        r.lines.forEach((l, i) => {
          expect(toCents(l.lineTotal)).toBe(expectedLineCents(input.lines[i]!.quantity, input.lines[i]!.unitPrice));
          expect(sumMoney(l.parts.map((p) => p.amount))).toBe(l.lineTotal);
        });
      }),
    );
  });

  it("summaries: one per (rate, natura), Σ imponibile = Σ lines + bollo, natura iff rate 0, imposta within tolerance", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const r = computeVat(input);
        const keys = r.summaries.map((s) => `${s.rate}|${s.natura}`);
        expect(new Set(keys).size).toBe(keys.length);
        // 00419/00443/00444: every (rate, natura) of the lines has its summary, with their exact sum (00422).
        for (const part of r.lines.flatMap((l) => l.parts)) expect(keys).toContain(`${part.rate}|${part.natura}`);
        for (const s of r.summaries) {
          const parts = r.lines.flatMap((l) => l.parts).filter((p) => p.rate === s.rate && p.natura === s.natura);
          const bollo = s.natura === "N1" ? r.bollo.amount : "0.00";
          expect(s.imponibile).toBe(sumMoney([...parts.map((p) => p.amount), bollo]));
          // 00429/00430
          expect(s.natura === null).toBe(s.rate !== "0.00");
          // 00421: |imposta − imponibile × rate / 100| ≤ 0.01 (ours is within half a cent)
          const exactTimes100 = toCents(s.imponibile) * toCents(s.rate); // 10^-4 cents
          const diff = toCents(s.imposta) * 10_000n - exactTimes100;
          expect(diff >= -5_000n && diff <= 5_000n).toBe(true);
          // 00420: never S with N6.x
          if (s.natura?.startsWith("N6")) expect(s.esigibilita).toBe("I");
        }
        expect(sumMoney(r.summaries.map((s) => s.imponibile))).toBe(sumMoney([...r.lines.map((l) => l.lineTotal), r.bollo.amount]));
      }),
    );
  });

  it("totals are exact and the net to pay is consistent", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const r = computeVat(input);
        const t = r.totals;
        expect(t.imponibile).toBe(sumMoney(r.lines.map((l) => l.lineTotal)));
        expect(t.imposta).toBe(sumMoney(r.summaries.map((s) => s.imposta)));
        expect(t.total).toBe(sumMoney([t.imponibile, t.imposta, t.bollo]));
        expect(t.total).toBe(sumMoney(r.summaries.flatMap((s) => [s.imponibile, s.imposta])));
        expect(toCents(t.netToPay)).toBe(toCents(t.total) - toCents(t.ritenuta) - toCents(t.splitPaymentVat));
        // ritenuta only for a condominio outside forfettario, 4 % of its base half up
        if (r.ritenuta) {
          expect(input.clientType).toBe("condominio");
          expect(input.regime).toBe("RF01");
          expect(toCents(r.ritenuta.importo)).toBe((toCents(r.ritenuta.base) * 4n + 50n) / 100n);
        } else expect(t.ritenuta).toBe("0.00");
        // split payment: the body transfers everything but the VAT charged
        if (r.treatment === "split_payment") expect(t.splitPaymentVat).toBe(t.imposta);
        else expect(t.splitPaymentVat).toBe("0.00");
        if (r.vatFreeRegime) {
          expect(t.imposta).toBe("0.00");
          for (const l of r.lines) expect(["N1", "N2.2"]).toContain(l.natura);
        }
      }),
    );
  });

  it("bollo is 2.00 iff the N1–N4 lines exceed 77.47", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const r = computeVat(input);
        const base = sumMoney(r.lines.flatMap((l) => l.parts).filter((p) => naturaTriggersBollo(p.natura)).map((p) => p.amount));
        const due = compareMoney(base, "77.47") > 0;
        expect(r.bollo).toMatchObject({ due, base, amount: due ? "2.00" : "0.00" });
        expect(r.notes.some((n) => n.code === "bollo")).toBe(due);
      }),
    );
  });

  it("significant goods: 22 % on exactly the goods beyond the rest of the 10 % work", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const r = computeVat(input);
        const excess = sumMoney(r.lines.flatMap((l) => l.parts).filter((p) => p.kind === "significant_excess").map((p) => p.amount));
        const s = r.significantGoods;
        if (!s) {
          expect(excess).toBe("0.00");
          return;
        }
        const cap = toCents(s.restOfWork) > 0n ? toCents(s.restOfWork) : 0n;
        const goods = toCents(s.goodsValue);
        expect(toCents(s.fullRatePart)).toBe(goods > cap ? goods - cap : 0n);
        expect(excess).toBe(s.fullRatePart);
        expect(fromCents(toCents(s.reducedRatePart) + toCents(s.fullRatePart))).toBe(s.goodsValue);
      }),
    );
  });
});
