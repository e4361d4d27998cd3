import { describe, expect, it } from "vitest";
import { countLabel, formatAddress, formatHours, formatNumber, moreLabel, pdfFileName, plural } from "./wording";

describe("plural", () => {
  it.each([
    [0, "fatture"],
    [1, "fattura"],
    [2, "fatture"],
    [-1, "fattura"],
    [1.5, "fatture"],
  ])("%d -> %s", (n, expected) => {
    expect(plural(n, "fattura", "fatture")).toBe(expected);
  });
});

describe("count labels", () => {
  it("agree in number and use Italian digits", () => {
    expect(countLabel(1, "fattura", "fatture")).toBe("1 fattura");
    expect(countLabel(0, "allegato", "allegati")).toBe("0 allegati");
    expect(countLabel(1, "allegato", "allegati")).toBe("1 allegato");
    expect(countLabel(1250, "preventivo", "preventivi")).toBe("1.250 preventivi");
    expect(countLabel(0, "cliente", "clienti")).toBe("0 clienti");
    expect(countLabel(1, "cliente", "clienti")).toBe("1 cliente");
  });

  it("say oltre when the server's count stopped at its cap", () => {
    expect(countLabel(10000, "fattura", "fatture", true)).toBe("oltre 10.000 fatture");
    expect(countLabel(10000, "cliente", "clienti", true)).toBe("oltre 10.000 clienti");
  });

  it("says +1 altro, +2 altri", () => {
    expect(moreLabel(1)).toBe("+1 altro");
    expect(moreLabel(3)).toBe("+3 altri");
    expect(moreLabel(1, "contatto", "contatti")).toBe("+1 altro contatto");
    expect(moreLabel(2, "contatto", "contatti")).toBe("+2 altri contatti");
  });
});

describe("numbers", () => {
  it("formats in it-IT, never with a decimal point", () => {
    expect(formatNumber("49.90")).toBe("49,9");
    expect(formatNumber("49.90", 2)).toBe("49,9");
    expect(formatNumber(1234.5)).toBe("1.234,5");
    expect(formatNumber("3.00")).toBe("3");
    expect(formatHours("0.5")).toBe("0,5 ore");
    expect(formatHours(1)).toBe("1 ora");
    expect(formatHours("8")).toBe("8 ore");
  });
});

describe("formatAddress", () => {
  it("prints one format and skips missing parts", () => {
    expect(formatAddress({ address: "Via Roma 1", zipCode: "20100", city: "Milano", province: "mi" })).toBe(
      "Via Roma 1, 20100 Milano (MI)",
    );
    expect(formatAddress({ address: "Via Roma 1", city: "Milano" })).toBe("Via Roma 1, Milano");
    expect(formatAddress({ city: "Milano", province: "MI" })).toBe("Milano (MI)");
    expect(formatAddress({ address: " ", city: null })).toBe("");
  });
});

describe("pdfFileName", () => {
  it("is Kind-NUMBER.pdf with safe characters", () => {
    expect(pdfFileName("Preventivo", "PRV-2026-001")).toBe("Preventivo-PRV-2026-001.pdf");
    expect(pdfFileName("Fattura", "FAT-2026/001")).toBe("Fattura-FAT-2026-001.pdf");
    expect(pdfFileName("Contratto", null)).toBe("Contratto.pdf");
  });
});
