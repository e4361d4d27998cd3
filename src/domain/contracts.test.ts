import { describe, expect, it } from "vitest";
import { contractFinancials, contractTransitionError, nextContractAction, paidImponibile } from "./contracts";

describe("contracts", () => {
  it("moves only bozza → firmato → attivo → completato", () => {
    expect(nextContractAction("bozza")).toBe("sign");
    expect(nextContractAction("firmato")).toBe("activate");
    expect(nextContractAction("attivo")).toBe("complete");
    expect(nextContractAction("completato")).toBeNull();
    expect(contractTransitionError("bozza", "sign")).toBeNull();
    expect(contractTransitionError("bozza", "activate")).toBe(
      'Impossibile passare il contratto da "Bozza" a "Attivo": serve lo stato "Firmato"',
    );
    expect(contractTransitionError("completato", "complete")).not.toBeNull();
  });

  it("computes the financial situation: invoiced, paid, remaining, bar capped at 100", () => {
    expect(
      contractFinancials("10000.00", [
        { amount: "2500.00", status: "pagata" },
        { amount: "1000.00", status: "inviata" },
      ]),
    ).toEqual({
      value: "10000.00",
      invoiced: "3500.00",
      paid: "2500.00",
      collected: "0.00",
      remaining: "6500.00",
      invoicedPercent: "35",
      barPercent: 35,
      overInvoiced: false,
      toCollect: "1000.00",
    });
    const over = contractFinancials("1000.00", [{ amount: "1500.00", status: "bozza" }]);
    expect(over).toMatchObject({ invoicedPercent: "150", barPercent: 100, overInvoiced: true, remaining: "0.00" });
    expect(contractFinancials("0.00", [])).toMatchObject({ invoicedPercent: "0", barPercent: 0 });
  });

  it("counts partial payments in the paid imponibile, credit notes negative (docs/domain/invoices.md)", () => {
    // 1000.00 + 22 % VAT = 1220.00; 610.00 received is half of it: 500.00 of imponibile.
    const half = { amount: "1000.00", status: "inviata", kind: "acconto", netToPay: "1220.00", paidAmount: "610.00" };
    expect(paidImponibile(half)).toBe("500.00");
    // Rounded half up to the cent: 100.00 of 4308.50 (imponibile 3531.56) covers 81.97.
    expect(paidImponibile({ amount: "3531.56", status: "inviata", netToPay: "4308.50", paidAmount: "100.00" })).toBe(
      "81.97",
    );
    expect(paidImponibile({ amount: "1000.00", status: "inviata", netToPay: "1220.00", paidAmount: "0" })).toBe("0.00");
    expect(paidImponibile({ amount: "1000.00", status: "pagata", netToPay: "1220.00", paidAmount: "1220.00" })).toBe(
      "1000.00",
    );
    const credit = { amount: "-200.00", status: "inviata", kind: "nota_credito", netToPay: "-244.00", paidAmount: "0" };
    expect(paidImponibile(credit)).toBe("0.00");
    expect(contractFinancials("10000.00", [half, credit])).toMatchObject({
      invoiced: "800.00",
      paid: "500.00",
      collected: "610.00",
      toCollect: "300.00",
      remaining: "9200.00",
    });
  });
});
