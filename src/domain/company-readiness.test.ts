import { describe, expect, it } from "vitest";
import { companyGapsMessage, companyInvoicingGaps } from "./company-readiness";

const complete = {
  companyName: "Colmo Coperture S.r.l.",
  vatNumber: "86419840789",
  address: "Via dell'Artigianato 4",
  zipCode: "20900",
  city: "Monza",
  province: "MB",
  iban: "IT60X0542811101000000123456",
};

describe("company readiness for invoicing", () => {
  it("names every missing field in Italian, nothing when complete", () => {
    expect(companyInvoicingGaps(complete)).toEqual([]);
    expect(companyInvoicingGaps({ ...complete, vatNumber: null, iban: " ", province: null })).toEqual([
      "partita IVA",
      "provincia",
      "IBAN",
    ]);
  });
  it("sends the admin to Impostazioni and the office to an administrator", () => {
    expect(companyGapsMessage(["IBAN"], "admin")).toBe(
      "Per emettere fatture mancano i dati aziendali: IBAN. Completali in Impostazioni → Dati aziendali.",
    );
    expect(companyGapsMessage(["partita IVA", "IBAN"], "office")).toContain("Chiedi a un amministratore");
  });
});
