import { describe, it, expect } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatDecimal,
  formatEuro,
  formatEuroAxis,
  formatEuroNoDecimals,
  formatLongDate,
  formatPercent,
} from "./format";

describe("formatEuro", () => {
  it.each([
    ["1234.5", "1.234,50 €"],
    ["-1234.5", "-1.234,50 €"],
    ["0", "0,00 €"],
    ["0.05", "0,05 €"],
    ["999.99", "999,99 €"],
    ["1000", "1.000,00 €"],
    ["12345678.9", "12.345.678,90 €"],
    ["-0.00", "0,00 €"],
    ["1.005", "1,01 €"], // rounded half up, not 1,00 as toFixed would print
  ])("%s -> %s", (value, expected) => {
    expect(formatEuro(value)).toBe(expected);
  });

  it("accepts numbers and prints a dash for missing or invalid values", () => {
    expect(formatEuro(19.99)).toBe("19,99 €");
    expect(formatEuro(null)).toBe("—");
    expect(formatEuro(undefined)).toBe("—");
    expect(formatEuro("")).toBe("—");
    expect(formatEuro("abc")).toBe("—");
    expect(formatEuro(Number.NaN)).toBe("—");
  });
});

describe("formatEuroAxis", () => {
  it.each([
    [0, "0 €"],
    [500, "500 €"],
    [1500, "1,5 mila €"],
    [18000, "18 mila €"],
    [999_949, "999,9 mila €"],
    [1_800_000, "1,8 Mln €"],
    [18_000_000, "18 Mln €"],
    [-250_000, "-250 mila €"],
  ])("%s -> %s, never wrapped", (value, label) => {
    expect(formatEuroAxis(value)).toBe(label.replaceAll(" ", "\u00a0"));
  });
});

describe("formatEuroNoDecimals", () => {
  it("rounds half up to the euro", () => {
    expect(formatEuroNoDecimals("1234.5")).toBe("1.235 €");
    expect(formatEuroNoDecimals("1234.49")).toBe("1.234 €");
    expect(formatEuroNoDecimals("-1234.5")).toBe("-1.235 €");
    expect(formatEuroNoDecimals("0.4")).toBe("0 €");
    expect(formatEuroNoDecimals("999999.5")).toBe("1.000.000 €");
    expect(formatEuroNoDecimals("x")).toBe("—");
  });
});

describe("formatDecimal", () => {
  it("keeps at most two decimals and drops trailing zeros", () => {
    expect(formatDecimal("1.50")).toBe("1,5");
    expect(formatDecimal("3.00")).toBe("3");
    expect(formatDecimal("0.25")).toBe("0,25");
    expect(formatDecimal("1234.5")).toBe("1.234,5");
    expect(formatDecimal("2.125")).toBe("2,13");
    expect(formatDecimal("-0.5")).toBe("-0,5");
    expect(formatDecimal("10")).toBe("10");
    expect(formatDecimal(null)).toBe("—");
  });

  it("honours a different number of decimals", () => {
    expect(formatDecimal("2.125", 3)).toBe("2,125");
    expect(formatDecimal("2.5", 0)).toBe("3");
  });
});

describe("formatPercent", () => {
  it("prints Italian percentages", () => {
    expect(formatPercent("12.5")).toBe("12,5%");
    expect(formatPercent("22.00")).toBe("22%");
    expect(formatPercent("0")).toBe("0%");
    expect(formatPercent(33.333)).toBe("33,33%");
    expect(formatPercent("100")).toBe("100%");
    expect(formatPercent(undefined)).toBe("—");
  });
});

describe("formatDate", () => {
  it("reformats a calendar date without any time-zone shift", () => {
    expect(formatDate("2026-11-22")).toBe("22/11/2026");
    expect(formatDate("2026-01-01")).toBe("01/01/2026");
  });

  it("reads timestamps and Dates in Rome", () => {
    expect(formatDate("2026-11-22T14:05:00Z")).toBe("22/11/2026");
    expect(formatDate("2026-11-21T23:30:00Z")).toBe("22/11/2026"); // already the 22nd in Rome
    expect(formatDate("2026-11-22 13:05:00.123456+00")).toBe("22/11/2026");
    expect(formatDate(new Date("2026-07-14T22:30:00Z"))).toBe("15/07/2026");
  });

  it("prints a dash for missing or invalid values", () => {
    for (const value of [null, undefined, "", "2026-02-30", "ieri", new Date("x")]) {
      expect(formatDate(value)).toBe("—");
    }
  });
});

describe("formatDateTime", () => {
  it("prints Rome time in winter and summer", () => {
    expect(formatDateTime("2026-11-22T13:05:00Z")).toBe("22/11/2026, 14:05");
    expect(formatDateTime("2026-07-14T13:05:00Z")).toBe("14/07/2026, 15:05");
    expect(formatDateTime("2026-11-21T23:00:00Z")).toBe("22/11/2026, 00:00");
    expect(formatDateTime("2026-11-22 13:05:00+00")).toBe("22/11/2026, 14:05");
    expect(formatDateTime(new Date("2026-11-22T13:05:00Z"))).toBe("22/11/2026, 14:05");
  });

  it("prints a bare date without inventing a time", () => {
    expect(formatDateTime("2026-11-22")).toBe("22/11/2026");
  });

  it("prints a dash for missing or invalid values", () => {
    expect(formatDateTime(null)).toBe("—");
    expect(formatDateTime("nope")).toBe("—");
  });
});

describe("formatLongDate", () => {
  it("spells out the day in Italian", () => {
    expect(formatLongDate("2026-11-22")).toBe("domenica 22 novembre 2026");
    expect(formatLongDate("2026-03-02")).toBe("lunedì 2 marzo 2026");
    expect(formatLongDate(new Date("2026-11-21T23:30:00Z"))).toBe("domenica 22 novembre 2026");
    expect(formatLongDate("2026-11-22T10:00:00+01:00")).toBe("domenica 22 novembre 2026");
    expect(formatLongDate(null)).toBe("—");
  });
});
