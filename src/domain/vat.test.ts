import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addMoney, fromCents, toCents } from "./money";
import {
  defaultVatTreatment,
  documentTotals,
  REVERSE_CHARGE_NOTE,
  stampDutyAmount,
  stampDutyDue,
  vatLegalNote,
  vatNatura,
  vatRate,
  vatRowLabel,
  vatTreatmentSchema,
} from "./vat";

describe("VAT treatments", () => {
  it("maps each treatment to its rate and natura", () => {
    expect(vatRate("22")).toBe("22.00");
    expect(vatRate("10")).toBe("10.00");
    expect(vatRate("4")).toBe("4.00");
    expect(vatRate("rc")).toBe("0.00");
    expect(vatNatura("rc")).toBe("N6.3");
    expect(vatNatura("22")).toBeNull();
  });

  it("cites the law only for reverse charge", () => {
    expect(vatLegalNote("rc")).toBe(REVERSE_CHARGE_NOTE);
    expect(REVERSE_CHARGE_NOTE).toContain("art. 17, comma 6");
    expect(vatLegalNote("10")).toBeNull();
    expect(vatRowLabel("22")).toBe("IVA 22%");
    expect(vatRowLabel("rc")).toContain("N6.3");
  });

  it("defaults to 22% for companies and 10% for homes", () => {
    expect(defaultVatTreatment("azienda")).toBe("22");
    expect(defaultVatTreatment("privato")).toBe("10");
    expect(defaultVatTreatment("condominio")).toBe("10");
  });

  it("validates the treatment with an Italian message", () => {
    expect(vatTreatmentSchema.parse("rc")).toBe("rc");
    const bad = vatTreatmentSchema.safeParse("21");
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/^Trattamento IVA/);
  });
});

describe("documentTotals", () => {
  it("computes VAT per rate, rounded half up to the cent", () => {
    expect(documentTotals("1000", "22")).toEqual({ imponibile: "1000.00", vatRate: "22.00", vatAmount: "220.00", natura: null, total: "1220.00" });
    expect(documentTotals("1000.00", "10")).toMatchObject({ vatAmount: "100.00", total: "1100.00" });
    expect(documentTotals("1000.00", "4")).toMatchObject({ vatAmount: "40.00", total: "1040.00" });
    // 0.05 × 22% = 0.011 → 0.01; 0.25 × 22% = 0.055 → 0.06 (half up)
    expect(documentTotals("0.05", "22").vatAmount).toBe("0.01");
    expect(documentTotals("0.25", "22").vatAmount).toBe("0.06");
    expect(documentTotals("0.15", "10").vatAmount).toBe("0.02");
    expect(documentTotals("12345678.99", "22")).toMatchObject({ vatAmount: "2716049.38", total: "15061728.37" });
  });

  it("reverse charge: zero VAT, natura N6.3, total equals imponibile", () => {
    expect(documentTotals("5000.50", "rc")).toEqual({ imponibile: "5000.50", vatRate: "0.00", vatAmount: "0.00", natura: "N6.3", total: "5000.50" });
  });

  it("total is always imponibile + VAT, and VAT is within half a cent of the exact value", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 9_999_999_999n }), fc.constantFrom("22", "10", "4", "rc" as const), (cents, treatment) => {
        const t = documentTotals(fromCents(cents), treatment);
        expect(t.total).toBe(addMoney(t.imponibile, t.vatAmount));
        const rate = BigInt(Number(treatment === "rc" ? 0 : treatment));
        const exactTimes100 = cents * rate; // VAT in 1/100 of a cent
        const diff = toCents(t.vatAmount) * 100n - exactTimes100;
        expect(diff >= -50n && diff <= 50n).toBe(true);
      }),
    );
  });
});

describe("stamp duty", () => {
  it("is due only without VAT and strictly above 77.47 €", () => {
    expect(stampDutyDue(documentTotals("77.48", "rc"))).toBe(true);
    expect(stampDutyAmount(documentTotals("77.48", "rc"))).toBe("2.00");
    expect(stampDutyDue(documentTotals("77.47", "rc"))).toBe(false);
    expect(stampDutyAmount(documentTotals("77.47", "rc"))).toBe("0.00");
    expect(stampDutyDue(documentTotals("10000", "22"))).toBe(false);
    expect(stampDutyDue({ vatAmount: "0.00", total: "100.00" })).toBe(true);
    expect(stampDutyDue({ vatAmount: "0.00", total: "0.00" })).toBe(false);
  });
});
