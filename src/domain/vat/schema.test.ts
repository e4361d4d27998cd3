import { describe, expect, it } from "vitest";
import { lineQuantitySchema, lineUnitPriceSchema, naturaSchema, vatLineFieldsSchema } from "./schema";

describe("VAT line schemas", () => {
  it.each([
    ["1,5", "1.5"],
    ["2.125", "2.125"],
    [3, "3"],
  ])("quantity %s → %s", (input, out) => expect(lineQuantitySchema.parse(input)).toBe(out));

  it.each(["1.2345", "-1", "abc", ""])("refuses quantity %s in Italian", (input) => {
    expect(lineQuantitySchema.safeParse(input).error?.issues[0]?.message).toMatch(/^Quantità non valida/);
  });

  it("unit price: 4 decimals, negative allowed, 5 decimals refused", () => {
    expect(lineUnitPriceSchema.parse("12,3456")).toBe("12.3456");
    expect(lineUnitPriceSchema.parse("-300")).toBe("-300");
    expect(lineUnitPriceSchema.safeParse("1.23456").error?.issues[0]?.message).toMatch(/^Prezzo unitario/);
  });

  it("natura: only SdI sub-codes (00445)", () => {
    expect(naturaSchema.parse("N6.3")).toBe("N6.3");
    expect(naturaSchema.safeParse("N6").error?.issues[0]?.message).toMatch(/sottocodici/);
  });

  it("natura iff rate 0 (00400/00401), error on the natura field", () => {
    expect(vatLineFieldsSchema.parse({ vatRate: "10" })).toEqual({ vatRate: "10", natura: null, significantGood: false });
    expect(vatLineFieldsSchema.parse({ vatRate: "0", natura: "N2.2", significantGood: false })).toMatchObject({ natura: "N2.2" });
    const missing = vatLineFieldsSchema.safeParse({ vatRate: "0" });
    expect(missing.error?.issues[0]).toMatchObject({ path: ["natura"], message: expect.stringMatching(/^Natura IVA: con aliquota 0% indica la natura/) });
    const extra = vatLineFieldsSchema.safeParse({ vatRate: "22", natura: "N4" });
    expect(extra.error?.issues[0]).toMatchObject({ path: ["natura"], message: "Natura IVA: si indica solo con aliquota 0%" });
    expect(vatLineFieldsSchema.safeParse({ vatRate: "5" }).error?.issues[0]?.message).toMatch(/^Aliquota IVA/);
  });
});
