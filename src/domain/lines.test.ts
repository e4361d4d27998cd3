import { describe, expect, it } from "vitest";
import { estimateItemInputSchema } from "./estimates";
import { invoiceLineInputSchema } from "./invoices";
import { documentLineSchema, LINE_TOTAL_ERROR } from "./lines";
import { NATURA_NOT_ALLOWED_ERROR, NATURA_REQUIRED_ERROR } from "./vat/index";

const base = { description: "Posa coppi", quantity: "2", unitPrice: "10" };
const issues = (schema: { safeParse: (v: unknown) => { error?: { issues: { path: PropertyKey[]; message: string }[] } } }, v: unknown) =>
  (schema.safeParse(v).error?.issues ?? []).map((i) => [i.path.join("."), i.message]);

describe("one document line schema (estimate items and invoice lines)", () => {
  it("is the invoice line schema itself", () => {
    expect(invoiceLineInputSchema).toBe(documentLineSchema);
  });

  it.each([
    ["natura missing at 0 %", { ...base, vatRate: "0" }, ["natura", NATURA_REQUIRED_ERROR]],
    ["natura with a rate", { ...base, vatRate: "22", natura: "N4" }, ["natura", NATURA_NOT_ALLOWED_ERROR]],
    ["unit beyond FatturaPA's 10", { ...base, unit: "metri quadri" }, ["unit", "Unità: massimo 10 caratteri (limite della fattura elettronica)"]],
    ["line total beyond the column", { ...base, quantity: "10", unitPrice: "99999999.99" }, ["unitPrice", LINE_TOTAL_ERROR]],
    ["quantity with 4 decimals", { ...base, quantity: "1.2345" }, ["quantity", "Quantità non valida (numero non negativo, max 3 decimali)"]],
    ["description beyond Descrizione", { ...base, description: "x".repeat(1001) }, ["description", "Descrizione: massimo 1000 caratteri (limite della fattura elettronica)"]],
  ])("estimate and invoice refuse the same way: %s", (_name, line, expected) => {
    expect(issues(estimateItemInputSchema, line)).toContainEqual(expected);
    expect(issues(invoiceLineInputSchema, line)).toContainEqual(expected);
  });

  it("keeps what is each document's own", () => {
    // An estimate refuses a negative price and defaults its unit; an invoice takes a deduction line.
    expect(issues(estimateItemInputSchema, { ...base, unitPrice: "-5" })).toContainEqual([
      "unitPrice",
      "Prezzo unitario: non può essere negativo",
    ]);
    expect(invoiceLineInputSchema.parse({ ...base, unitPrice: "-5" })).toMatchObject({ unitPrice: "-5", unit: null });
    expect(estimateItemInputSchema.parse(base)).toMatchObject({ unit: "mq", vatRate: null, natura: null });
    expect(issues(invoiceLineInputSchema, { ...base, description: " " })).toContainEqual([
      "description",
      "Descrizione: campo obbligatorio",
    ]);
    expect(estimateItemInputSchema.parse({ ...base, quantity: "1,5", vatRate: "0", natura: "N2.2" })).toMatchObject({
      quantity: "1.5",
      natura: "N2.2",
    });
  });
});
