import { describe, expect, it } from "vitest";
import { serviceDeleteQuestion, serviceInputSchema, serviceInUseMessage } from "./services";

describe("service input", () => {
  it("keeps prices exact, with unit mq and status attivo by default", () => {
    expect(serviceInputSchema.parse({ name: "Gronda", unitPrice: "12,5" })).toMatchObject({ unitPrice: "12.50", unit: "mq", status: "attivo", category: null });
    expect(serviceInputSchema.parse({ name: "Gronda", unitPrice: "0.3" }).unitPrice).toBe("0.30");
  });
  it("refuses negative prices, unknown units and categories", () => {
    for (const bad of [{ unitPrice: "-1" }, { unitPrice: "1" , unit: "litri" }, { unitPrice: "1", category: "Giardini" }]) {
      expect(serviceInputSchema.safeParse({ name: "X", ...bad }).success).toBe(false);
    }
  });
  it("names the service in the confirmation and suggests inattivo when it is in use", () => {
    expect(serviceDeleteQuestion("Gronda")).toBe('Sei sicuro di voler eliminare il servizio "Gronda"?');
    expect(serviceInUseMessage(1)).toContain("1 riga di preventivo");
    expect(serviceInUseMessage(3)).toContain("3 righe");
  });
});
