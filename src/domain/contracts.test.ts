import { describe, expect, it } from "vitest";
import { contractFinancials, contractTransitionError, nextContractAction } from "./contracts";

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
});
