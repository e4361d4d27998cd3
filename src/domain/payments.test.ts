import { describe, expect, it } from "vitest";
import { fatturaProgressive } from "./fatturapa";
import { agingBucket, paymentCreateSchema, reminderSubject, reminderText, remainderOf } from "./payments";

describe("money that comes in", () => {
  it("remainder is total less payments and credit notes, never below zero", () => {
    expect(remainderOf({ netToPay: "4308.50", paidAmount: "100.00", creditedAmount: "0.00" })).toBe("4208.50");
    expect(remainderOf({ netToPay: "1220.00", paidAmount: "915.00", creditedAmount: "305.00" })).toBe("0.00");
    expect(remainderOf({ netToPay: "100.00", paidAmount: "100.00", creditedAmount: "50.00" })).toBe("0.00");
  });

  it("ages by days past due at the 0/1/30/31/60/61/90/91 edges", () => {
    expect([0, 1, 30, 31, 60, 61, 90, 91].map(agingBucket)).toEqual([
      "non_scaduto",
      "1_30",
      "1_30",
      "31_60",
      "31_60",
      "61_90",
      "61_90",
      "oltre_90",
    ]);
  });

  it("validates a payment: positive amount with the decimal comma, a known method, a real date", () => {
    expect(paymentCreateSchema.parse({ date: "2026-03-01", amount: "12,5", method: "riba" })).toEqual({
      date: "2026-03-01",
      amount: "12.50",
      method: "riba",
    });
    expect(paymentCreateSchema.safeParse({ date: "2026-03-01", amount: "0", method: "riba" }).success).toBe(false);
    expect(paymentCreateSchema.safeParse({ date: "2026-03-01", amount: "1", method: "bitcoin" }).success).toBe(false);
  });

  it("words the reminder as docs/domain/invoices.md asks, firmer at each level", () => {
    expect(reminderSubject("FAT-2026-007", "2026-02-03")).toBe(
      "Sollecito di pagamento – Fattura FAT-2026-007 del 03/02/2026",
    );
    const facts = {
      number: "FAT-2026-007",
      issueDate: "2026-02-03",
      dueDate: "2026-03-05",
      remainder: "600.00",
      daysPastDue: 1,
      iban: "IT60X0542811101000000123456",
      causale: "Pagamento fattura n. FAT-2026-007 del 03/02/2026",
      companyName: "Colmo",
      clientName: "Rossi",
    };
    const first = reminderText({ ...facts, level: 1 });
    expect(first).toContain("600,00");
    expect(first).toContain("scaduta da 1 giorno");
    expect(first).toContain("IT60X0542811101000000123456");
    expect(first).toContain("Causale del bonifico: Pagamento fattura n. FAT-2026-007");
    expect(reminderText({ ...facts, level: 2 })).toContain("precedente sollecito");
    expect(reminderText({ ...facts, level: 5 })).toBe(reminderText({ ...facts, level: 3 }));
  });

  it("gives a re-issued invoice a new progressive that no other invoice of the year has", () => {
    expect(fatturaProgressive(2026, 1)).toBe("Q0001");
    expect(fatturaProgressive(2026, 1, 2)).not.toBe(fatturaProgressive(2026, 1));
    const seen = new Set<string>();
    for (const t of [1, 2, 8]) for (const s of [1, 2, 199_999]) seen.add(fatturaProgressive(2026, s, t));
    expect(seen.size).toBe(9);
    for (const p of seen) expect(p).toMatch(/^[0-9A-Z]{5}$/);
  });
});
