import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  addMoney,
  compareMoney,
  fromCents,
  isZeroMoney,
  lineTotal,
  maxMoney,
  minMoney,
  moneySchema,
  normalizeMoney,
  percentOf,
  percentSchema,
  quantitySchema,
  ratio,
  roundDecimal,
  roundMoney,
  splitMaterialsLabour,
  subMoney,
  sumMoney,
  toCents,
  vatOf,
} from "./money";

describe("toCents / fromCents", () => {
  it("parses decimal strings exactly", () => {
    expect(toCents("1234.5")).toBe(123450n);
    expect(toCents("1234.50")).toBe(123450n);
    expect(toCents("1234")).toBe(123400n);
    expect(toCents("-3.10")).toBe(-310n);
    expect(toCents("0.01")).toBe(1n);
    expect(toCents(" 7.5 ")).toBe(750n);
    expect(toCents("1.500")).toBe(150n);
  });

  it("parses numbers through their shortest string form", () => {
    expect(toCents(12.3)).toBe(1230n);
    expect(toCents(0)).toBe(0n);
    expect(toCents(-0.5)).toBe(-50n);
  });

  it.each(["", "abc", "1,5", "1.2.3", ".5", "5.", "+1", "1e3", "--1", "1 000", "0x10"])("rejects %j", (value) => {
    expect(() => toCents(value)).toThrow();
  });

  it("rejects non-finite numbers, exponent forms and sub-cent digits", () => {
    expect(() => toCents(Number.NaN)).toThrow();
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow();
    expect(() => toCents(1e21)).toThrow();
    expect(() => toCents("1.005")).toThrow();
    expect(() => toCents(0.1 + 0.2)).toThrow();
  });

  it("formats cents with two decimals", () => {
    expect(fromCents(123450n)).toBe("1234.50");
    expect(fromCents(-310n)).toBe("-3.10");
    expect(fromCents(0n)).toBe("0.00");
    expect(fromCents(5n)).toBe("0.05");
    expect(fromCents(-5n)).toBe("-0.05");
  });

  it("round-trips any amount of cents", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 14n), max: 10n ** 14n }), (cents) => {
        expect(toCents(fromCents(cents))).toBe(cents);
      }),
    );
  });
});

describe("normalizeMoney / roundMoney / roundDecimal", () => {
  it("normalizes to two decimals", () => {
    expect(normalizeMoney("12.5")).toBe("12.50");
    expect(normalizeMoney(12)).toBe("12.00");
    expect(normalizeMoney("-0")).toBe("0.00");
    expect(normalizeMoney("007.1")).toBe("7.10");
  });

  it("rounds extra precision half away from zero", () => {
    expect(roundMoney("1.005")).toBe("1.01");
    expect(roundMoney("1.0049")).toBe("1.00");
    expect(roundMoney("-1.005")).toBe("-1.01");
    expect(roundDecimal("1234.5", 0)).toBe("1235");
    expect(roundDecimal("1.5", 2)).toBe("1.50");
    expect(() => roundDecimal("1", -1)).toThrow();
  });
});

describe("addition, comparison, extremes", () => {
  it("adds and subtracts exactly where floats drift", () => {
    expect(addMoney("0.1", "0.2")).toBe("0.30");
    expect(addMoney()).toBe("0.00");
    expect(subMoney("10", "0.01")).toBe("9.99");
    expect(subMoney("1", "3.5")).toBe("-2.50");
  });

  it("sums many lines without drift", () => {
    const lines = Array.from({ length: 1000 }, () => "0.10");
    expect(sumMoney(lines)).toBe("100.00");
    expect(sumMoney([])).toBe("0.00");
    expect(sumMoney(["1234.56", "-0.56", "99.99", "0.01"])).toBe("1334.00");
  });

  it("sum equals the exact sum of cents", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -99_999_999, max: 99_999_999 }), { maxLength: 50 }), (cents) => {
        const expected = cents.reduce((a, b) => a + BigInt(b), 0n);
        expect(toCents(sumMoney(cents.map((c) => fromCents(BigInt(c)))))).toBe(expected);
      }),
    );
  });

  it("compares numerically, not lexically", () => {
    expect(compareMoney("9.99", "10")).toBe(-1);
    expect(compareMoney("10.0", "10.00")).toBe(0);
    expect(compareMoney("-1", "-2")).toBe(1);
  });

  it("detects zero", () => {
    expect(isZeroMoney("0.00")).toBe(true);
    expect(isZeroMoney("-0")).toBe(true);
    expect(isZeroMoney("0.01")).toBe(false);
  });

  it("finds min and max", () => {
    expect(minMoney("10", "9.99", "100")).toBe("9.99");
    expect(maxMoney("10", "9.99", "100")).toBe("100.00");
    expect(minMoney("-1", "0")).toBe("-1.00");
    expect(maxMoney("5")).toBe("5.00");
  });
});

describe("lineTotal", () => {
  it("rounds half up at the half-cent", () => {
    expect(lineTotal("3", "0.335")).toBe("1.01"); // 1.005
    expect(lineTotal("0.5", "0.01")).toBe("0.01"); // 0.005
    expect(lineTotal("0.5", "0.03")).toBe("0.02"); // 0.015
    expect(lineTotal("1", "0.0049")).toBe("0.00");
    expect(lineTotal("-0.5", "0.01")).toBe("-0.01"); // away from zero
  });

  it("multiplies quantities with decimals exactly", () => {
    expect(lineTotal("1.5", "10")).toBe("15.00");
    expect(lineTotal("2.125", "4.00")).toBe("8.50");
    expect(lineTotal("1.333", "3")).toBe("4.00"); // 3.999
    expect(lineTotal("12.35", "18.90")).toBe("233.42"); // 233.415
    expect(lineTotal(3, 19.99)).toBe("59.97");
    expect(lineTotal("99999999.99", "99999999.99")).toBe("9999999998000000.00");
    expect(lineTotal("0", "123.45")).toBe("0.00");
  });

  it("rejects invalid factors", () => {
    expect(() => lineTotal("x", "1")).toThrow();
    expect(() => lineTotal("1", "1,5")).toThrow();
  });

  it("matches a rational reference on random integers", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), (qMilli, pCents) => {
        // q has 3 decimals and p 2: the product has 5, rounded to 2 by hand here.
        const product = BigInt(qMilli) * BigInt(pCents);
        const expected = product / 1000n + ((product % 1000n) * 2n >= 1000n ? 1n : 0n);
        const q = `${Math.floor(qMilli / 1000)}.${String(qMilli % 1000).padStart(3, "0")}`;
        expect(lineTotal(q, fromCents(BigInt(pCents)))).toBe(fromCents(expected));
      }),
    );
  });
});

describe("percentOf / vatOf", () => {
  it("computes VAT at the Italian rates", () => {
    expect(vatOf("100.00", 22)).toBe("22.00");
    expect(vatOf("100.00", "10")).toBe("10.00");
    expect(vatOf("100.00", "4")).toBe("4.00");
    expect(vatOf("100.00", 0)).toBe("0.00");
    expect(vatOf("1234.56", "22")).toBe("271.60"); // 271.6032
    expect(vatOf("0.02", "22")).toBe("0.00"); // 0.0044
    expect(vatOf("0.25", "22")).toBe("0.06"); // 0.055
    expect(vatOf("10.05", "10")).toBe("1.01"); // 1.005
    expect(vatOf("12.50", "4")).toBe("0.50");
    expect(vatOf("-10.05", "10")).toBe("-1.01");
  });

  it("supports decimal percentages", () => {
    expect(percentOf("200", "33.5")).toBe("67.00");
    expect(percentOf("1", "33.5")).toBe("0.34"); // 0.335
    expect(percentOf("100", "12.345")).toBe("12.35"); // 12.345
    expect(percentOf("50", 100)).toBe("50.00");
  });
});

describe("splitMaterialsLabour", () => {
  it("splits 60/40 with materials rounded half up", () => {
    expect(splitMaterialsLabour("100.00")).toEqual({ materials: "60.00", labour: "40.00" });
    expect(splitMaterialsLabour("0.01")).toEqual({ materials: "0.01", labour: "0.00" }); // 0.006
    expect(splitMaterialsLabour("0.05")).toEqual({ materials: "0.03", labour: "0.02" }); // 0.03
    expect(splitMaterialsLabour("10.01")).toEqual({ materials: "6.01", labour: "4.00" }); // 6.006
    expect(splitMaterialsLabour("0.00")).toEqual({ materials: "0.00", labour: "0.00" });
  });

  it("always adds back to the total exactly", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), (cents) => {
        const total = fromCents(cents);
        const { materials, labour } = splitMaterialsLabour(total);
        expect(addMoney(materials, labour)).toBe(total);
        // Materials never drift more than half a cent from the exact 60 %.
        const error = toCents(materials) * 100n - cents * 60n;
        expect(error <= 50n && error >= -50n).toBe(true);
      }),
    );
  });
});

describe("ratio", () => {
  it("returns a percentage rounded half up without trailing zeros", () => {
    expect(ratio("1", "8", 1)).toBe("12.5");
    expect(ratio("1", "4", 2)).toBe("25");
    expect(ratio("1", "3", 2)).toBe("33.33");
    expect(ratio("2", "3", 2)).toBe("66.67");
    expect(ratio("1", "8", 0)).toBe("13"); // 12.5
    expect(ratio("150", "100", 1)).toBe("150");
    expect(ratio("-1", "8", 1)).toBe("-12.5");
    expect(ratio("0", "8", 2)).toBe("0");
  });

  it("returns 0 when the whole is zero", () => {
    expect(ratio("5", "0", 2)).toBe("0");
    expect(ratio("0", "0.00", 1)).toBe("0");
  });

  it("rejects an invalid number of decimals", () => {
    expect(() => ratio("1", "2", 1.5)).toThrow();
  });
});

describe("moneySchema", () => {
  it("accepts strings, comma decimals and numbers, returning the canonical form", () => {
    expect(moneySchema.parse("12,50")).toBe("12.50");
    expect(moneySchema.parse("12,5")).toBe("12.50");
    expect(moneySchema.parse(" 1234.5 ")).toBe("1234.50");
    expect(moneySchema.parse("0")).toBe("0.00");
    expect(moneySchema.parse(12.5)).toBe("12.50");
    expect(moneySchema.parse(0)).toBe("0.00");
    expect(moneySchema.parse("99999999.99")).toBe("99999999.99");
  });

  it.each(["-1", "-0.01"])("rejects the negative %j saying so", (value) => {
    expect(moneySchema.safeParse(value).error?.issues[0]?.message).toBe("Importo: non può essere negativo");
  });

  it.each(["", "123456789", "1.234", "1.234,50", "abc", "1,2,3", "1e3", "€ 10"])(
    "rejects %j with the Italian message",
    (value) => {
      const result = moneySchema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Importo non valido (max 8 cifre intere e 2 decimali)");
    },
  );

  it("rejects negative, fractional-cent and non-numeric inputs", () => {
    expect(moneySchema.safeParse(-1).error?.issues[0]?.message).toBe("Importo: non può essere negativo");
    for (const value of [0.125, Number.NaN, Number.POSITIVE_INFINITY, 1e9, null, undefined, true, {}]) {
      const result = moneySchema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Importo non valido (max 8 cifre intere e 2 decimali)");
    }
  });
});

describe("quantitySchema", () => {
  it("accepts non-negative quantities with up to 2 decimals", () => {
    expect(quantitySchema.parse("1,5")).toBe("1.50");
    expect(quantitySchema.parse(3)).toBe("3.00");
    expect(quantitySchema.parse("0")).toBe("0.00");
  });

  it("rejects negatives, 3 decimals and 9 integer digits", () => {
    expect(quantitySchema.safeParse("-5").error?.issues[0]?.message).toBe("Quantità: deve essere maggiore di zero");
    for (const value of ["1.555", "123456789", ""]) {
      const result = quantitySchema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Quantità non valida (max 8 cifre intere e 2 decimali)");
    }
  });
});

describe("percentSchema", () => {
  it("accepts 0 to 100 with up to 2 decimals", () => {
    expect(percentSchema.parse("22")).toBe("22.00");
    expect(percentSchema.parse("33,5")).toBe("33.50");
    expect(percentSchema.parse(0)).toBe("0.00");
    expect(percentSchema.parse("100")).toBe("100.00");
    expect(percentSchema.parse("100.00")).toBe("100.00");
  });

  it("rejects out-of-range or over-precise values", () => {
    for (const value of ["100.01", "101", "150", "-1"]) {
      expect(percentSchema.safeParse(value).error?.issues[0]?.message).toBe("Percentuale: deve essere tra 0 e 100");
    }
    for (const value of ["12.345", "", "x"]) {
      const result = percentSchema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Percentuale non valida (da 0 a 100, max 2 decimali)");
    }
  });
});
