import { describe, expect, it } from "vitest";
import {
  exceedsContract,
  invoiceAmount,
  invoiceCreateSchema,
  invoiceDueState,
  invoiceTransitionError,
} from "./invoices";

const situation = { contractValue: "10000.00", invoiced: "0.00", siteProgress: 40 };

describe("invoice amounts", () => {
  it("acconto: a percentage of the contract value, or an amount, never both", () => {
    expect(invoiceAmount({ kind: "acconto", percent: "30.00" }, situation)).toEqual({ ok: true, amount: "3000.00" });
    expect(invoiceAmount({ kind: "acconto", percent: "33.33" }, { ...situation, contractValue: "1000.01" })).toEqual({
      ok: true,
      amount: "333.30",
    });
    expect(invoiceAmount({ kind: "acconto", amount: "1500.00" }, situation)).toEqual({ ok: true, amount: "1500.00" });
    expect(invoiceAmount({ kind: "acconto", percent: "10.00", amount: "1.00" }, situation)).toMatchObject({
      ok: false,
      field: "percent",
    });
    expect(invoiceAmount({ kind: "acconto" }, situation)).toMatchObject({ ok: false, field: "percent" });
    expect(invoiceAmount({ kind: "acconto", percent: "0.00" }, situation)).toMatchObject({ ok: false });
  });

  it("SAL: progress × contract value less what is already invoiced", () => {
    expect(invoiceAmount({ kind: "sal" }, situation)).toEqual({ ok: true, amount: "4000.00" });
    expect(invoiceAmount({ kind: "sal" }, { ...situation, invoiced: "2500.00" })).toEqual({
      ok: true,
      amount: "1500.00",
    });
    expect(invoiceAmount({ kind: "sal" }, { contractValue: "9999.99", invoiced: "0.00", siteProgress: 33 })).toEqual({
      ok: true,
      amount: "3300.00",
    });
    expect(invoiceAmount({ kind: "sal" }, { ...situation, invoiced: "4000.00" })).toMatchObject({
      ok: false,
      field: "kind",
    });
    expect(invoiceAmount({ kind: "sal" }, { ...situation, siteProgress: null })).toMatchObject({
      ok: false,
      field: "kind",
    });
  });

  it("saldo: the remainder after acconti and SAL, to the cent", () => {
    expect(invoiceAmount({ kind: "saldo" }, { ...situation, invoiced: "6999.99" })).toEqual({
      ok: true,
      amount: "3000.01",
    });
    expect(invoiceAmount({ kind: "saldo" }, { ...situation, invoiced: "10000.00" })).toMatchObject({ ok: false });
    expect(invoiceAmount({ kind: "saldo" }, { ...situation, invoiced: "12000.00" })).toMatchObject({ ok: false });
  });

  it("libera: the amount given, positive", () => {
    expect(invoiceAmount({ kind: "libera", amount: "12.50" }, situation)).toEqual({ ok: true, amount: "12.50" });
    expect(invoiceAmount({ kind: "libera" }, situation)).toMatchObject({ ok: false, field: "amount" });
  });

  it("caps the invoiced total at the contract value (equal is fine)", () => {
    expect(exceedsContract("4000.00", { contractValue: "10000.00", invoiced: "6000.00" })).toBe(false);
    expect(exceedsContract("4000.01", { contractValue: "10000.00", invoiced: "6000.00" })).toBe(true);
  });
});

describe("invoice states", () => {
  it("derives overdue and due-soon at the 0/1/7/8-day edges; paid invoices have neither", () => {
    const today = "2026-03-10";
    const at = (dueDate: string, status: "bozza" | "inviata" | "pagata" = "inviata") =>
      invoiceDueState({ dueDate, status }, today);
    expect(at("2026-03-09")).toBe("overdue");
    expect(at("2026-03-10")).toBeNull();
    expect(at("2026-03-11")).toBe("due-soon");
    expect(at("2026-03-17")).toBe("due-soon");
    expect(at("2026-03-18")).toBeNull();
    expect(at("2026-03-01", "pagata")).toBeNull();
    expect(at("2026-03-01", "bozza")).toBe("overdue");
  });

  it("allows only bozza → inviata → pagata", () => {
    expect(invoiceTransitionError("bozza", "send")).toBeNull();
    expect(invoiceTransitionError("inviata", "pay")).toBeNull();
    expect(invoiceTransitionError("bozza", "pay")).toContain("Impossibile");
    expect(invoiceTransitionError("pagata", "send")).toContain("Impossibile");
  });

  it("validates the creation input with Italian messages", () => {
    const r = invoiceCreateSchema.safeParse({
      contractId: "",
      kind: "acconto",
      dueDate: "2026-01-01",
      issueDate: "2026-02-01",
    });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["contractId", "dueDate"]));
    const ok = invoiceCreateSchema.parse({
      contractId: "00000000-0000-4000-8000-000000000000",
      kind: "acconto",
      percent: "20",
      amount: "",
    });
    expect(ok).toMatchObject({ percent: "20.00", amount: null, issueDate: null, override: false });
  });
});

describe("invoiceCreateSchema messages", () => {
  const base = { contractId: "00000000-0000-4000-8000-000000000000", kind: "acconto" };
  it("names the percent field in plain Italian for 150 %", () => {
    const r = invoiceCreateSchema.safeParse({ ...base, percent: "150" });
    expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["percent", "Percentuale: deve essere tra 0 e 100"],
    ]);
  });
  it("still takes an empty percent as not given", () => {
    const r = invoiceCreateSchema.safeParse({ ...base, percent: "", amount: "100" });
    expect(r.success && r.data.percent).toBe(null);
  });
});
