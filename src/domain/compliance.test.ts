import { describe, expect, it } from "vitest";
import { blockingLines, documentState, effectiveExpiry, mentionsScaffolding } from "./compliance";

describe("site compliance rules", () => {
  const today = "2026-03-10";
  it("derives the state around the 15-day threshold and the expiry day itself", () => {
    expect(documentState("2026-03-26", today)).toBe("valido");
    expect(documentState("2026-03-25", today)).toBe("in_scadenza");
    expect(documentState(today, today)).toBe("in_scadenza");
    expect(documentState("2026-03-09", today)).toBe("scaduto");
    expect(documentState(null, today)).toBe("valido");
  });

  it("gives a DURC 120 days from issue unless it has an expiry; other papers have none by default", () => {
    expect(effectiveExpiry("durc", "2026-01-01", null)).toBe("2026-05-01");
    expect(effectiveExpiry("durc", "2026-01-01", "2026-02-01")).toBe("2026-02-01");
    expect(effectiveExpiry("pos", "2026-01-01", null)).toBeNull();
    expect(effectiveExpiry("durc", null, null)).toBeNull();
  });

  it("names what blocks a site in Italian and reads scaffolding from the equipment text", () => {
    expect(
      blockingLines([
        { kind: "pos", supplierName: null, state: "mancante", validUntil: null },
        { kind: "durc", supplierName: "Edil Rossi", state: "scaduto", validUntil: "2026-03-01" },
        { kind: "psc", supplierName: null, state: "in_scadenza", validUntil: "2026-03-12" },
      ]),
    ).toEqual(["POS mancante", "DURC di Edil Rossi scaduto il 01/03/2026"]);
    expect(mentionsScaffolding("Ponteggio su due lati")).toBe(true);
    expect(mentionsScaffolding("Gru e cestello")).toBe(false);
  });
});
