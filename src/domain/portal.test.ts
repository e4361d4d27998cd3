import { describe, expect, it } from "vitest";
import { addDays, todayIso } from "./dates";
import { foldSurveyRequestNotes, paymentCausale, portalSiteStatusLabel, surveyRequestSchema } from "./portal";

describe("survey request", () => {
  it("folds urgency and time slot into the notes as docs/domain/api.md says", () => {
    expect(foldSurveyRequestNotes("Citofono Rossi", "alta", "sera")).toBe("Citofono Rossi\n\nUrgenza: alta\nFascia oraria preferita: sera");
    expect(foldSurveyRequestNotes(null, "media", "mattina")).toBe("Urgenza: media\nFascia oraria preferita: mattina");
  });

  it("defaults to mattina and media, drops clientId and status, refuses a past date", () => {
    const ok = surveyRequestSchema.parse({ address: "Via Po 1", description: "Grondaia", preferredDate: todayIso(), clientId: "x", status: "completato" });
    expect(ok).toEqual({ address: "Via Po 1", description: "Grondaia", preferredDate: todayIso(), preferredTimeSlot: "mattina", urgency: "media", notes: null });
    const past = surveyRequestSchema.safeParse({ address: "Via Po 1", description: "Grondaia", preferredDate: addDays(todayIso(), -1) });
    expect(past.success).toBe(false);
    expect(past.error!.issues[0]!.path).toEqual(["preferredDate"]);
  });
});

describe("payment causale", () => {
  const base = { invoiceNumber: "FAT-2026-007", issueDate: "2026-03-15", clientFiscalCode: "RSSMRA80A01H501U", companyVatNumber: "12345678903" };

  it("is a bonifico parlante for private clients and condominiums", () => {
    const { causale, taxDeduction } = paymentCausale({ ...base, clientType: "privato" });
    expect(taxDeduction).toBe(true);
    expect(causale).toBe(
      "Bonifico relativo a lavori edilizi che danno diritto alla detrazione prevista dall'art. 16-bis del DPR 917/1986 - Pagamento fattura n. FAT-2026-007 del 15/03/2026 - C.F. beneficiario della detrazione RSSMRA80A01H501U - P.IVA beneficiario del bonifico 12345678903",
    );
    expect(paymentCausale({ ...base, clientType: "condominio" }).taxDeduction).toBe(true);
  });

  it("marks a missing codice fiscale, and is a plain causale for companies", () => {
    const missing = paymentCausale({ ...base, clientType: "privato", clientFiscalCode: null });
    expect(missing.missingFiscalCode).toBe(true);
    expect(missing.causale).toContain("[codice fiscale]");
    expect(paymentCausale({ ...base, clientType: "azienda" })).toEqual({ causale: "Pagamento fattura n. FAT-2026-007 del 15/03/2026", taxDeduction: false, missingFiscalCode: false });
  });
});

it("labels every site status other than in_corso and completato as Programmato", () => {
  expect(["programmato", "sospeso", "pianificato"].map(portalSiteStatusLabel)).toEqual(["Programmato", "Programmato", "Programmato"]);
  expect(portalSiteStatusLabel("in_corso")).toBe("In Corso");
  expect(portalSiteStatusLabel("completato")).toBe("Completato");
});
