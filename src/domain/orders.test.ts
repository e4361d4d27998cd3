import { describe, expect, it } from "vitest";
import {
  canApply,
  computeOrderTotals,
  isOrderDeletable,
  isOrderEditable,
  orderInputSchema,
  orderStepIndex,
  previewOrderTotals,
  transitionRefusal,
} from "./orders";

const supplierId = "0b8a6f3e-2c4d-4e5f-8a9b-1c2d3e4f5a6b";
const valid = {
  supplierId,
  title: "Coppi e listelli",
  orderDate: "2026-03-10",
  items: [{ description: "Coppi portoghesi", quantity: "120", unitPrice: "1.35" }],
};

describe("order totals", () => {
  it("multiplies and rounds each line half up, then sums exactly", () => {
    const { lines, total } = computeOrderTotals([
      { quantity: "3", unitPrice: "0.335" },
      { quantity: "0.1", unitPrice: "0.2" },
      { quantity: "10", unitPrice: "19.99" },
    ]);
    expect(lines).toEqual(["1.01", "0.02", "199.90"]);
    expect(total).toBe("200.93");
  });

  it("adds 0.1 + 0.2 without floating point drift", () => {
    expect(computeOrderTotals([{ quantity: 1, unitPrice: "0.1" }, { quantity: 1, unitPrice: "0.2" }]).total).toBe("0.30");
  });

  it("is zero for no lines and the preview tolerates half-typed lines", () => {
    expect(computeOrderTotals([]).total).toBe("0.00");
    expect(previewOrderTotals([{ quantity: "2,5", unitPrice: "4" }, { quantity: "", unitPrice: "3" }, { quantity: "x", unitPrice: "1" }])).toEqual({
      lines: ["10.00", "0.00", "0.00"],
      total: "10.00",
    });
  });
});

describe("order input", () => {
  it("normalises amounts, defaults the unit to pz and empties to null", () => {
    const out = orderInputSchema.parse({ ...valid, constructionSiteId: "", expectedDeliveryDate: "", items: [{ ...valid.items[0], unitPrice: "1,35", unit: "" }] });
    expect(out.constructionSiteId).toBeNull();
    expect(out.expectedDeliveryDate).toBeNull();
    expect(out.items[0]).toMatchObject({ quantity: "120.00", unitPrice: "1.35", unit: "pz", notes: null });
  });

  it("names the field of every error", () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, supplierId: "" }, "supplierId"],
      [{ ...valid, title: " " }, "title"],
      [{ ...valid, orderDate: "2026-02-30" }, "orderDate"],
      [{ ...valid, expectedDeliveryDate: "2026-03-01" }, "expectedDeliveryDate"],
      [{ ...valid, items: [] }, "items"],
      [{ ...valid, items: [{ ...valid.items[0], quantity: "0" }] }, "items.0.quantity"],
      [{ ...valid, items: [{ ...valid.items[0], unitPrice: "-1" }] }, "items.0.unitPrice"],
      [{ ...valid, items: [{ ...valid.items[0], description: "" }] }, "items.0.description"],
      [{ ...valid, items: [{ ...valid.items[0], quantity: "99999999", unitPrice: "99999999" }] }, "items.0.unitPrice"],
      [{ ...valid, items: [{ ...valid.items[0], quantity: "1", unitPrice: "60000000" }, { ...valid.items[0], quantity: "1", unitPrice: "60000000" }] }, "items"],
    ];
    for (const [input, field] of cases) {
      const result = orderInputSchema.safeParse(input);
      expect(result.success, field).toBe(false);
      expect(result.error!.issues.map((i) => i.path.join("."))).toContain(field);
    }
  });
});

describe("order lifecycle", () => {
  it("allows only the documented transitions", () => {
    expect(canApply("bozza", "send")).toBe(true);
    expect(canApply("inviato", "send")).toBe(false);
    expect(canApply("inviato", "confirm")).toBe(true);
    expect(canApply("bozza", "confirm")).toBe(false);
    expect(canApply("confermato", "receive")).toBe(true);
    expect(canApply("inviato", "receive")).toBe(false);
    for (const s of ["bozza", "inviato", "confermato"] as const) expect(canApply(s, "cancel")).toBe(true);
    expect(canApply("ricevuto", "cancel")).toBe(false);
    expect(canApply("annullato", "cancel")).toBe(false);
    expect(transitionRefusal("ricevuto", "send")).toBe("Solo un ordine in bozza può essere inviato (stato attuale: Ricevuto)");
  });

  it("edits only drafts and deletes only drafts or cancelled orders", () => {
    expect(isOrderEditable("bozza")).toBe(true);
    expect(isOrderEditable("inviato")).toBe(false);
    expect(isOrderDeletable("annullato")).toBe(true);
    expect(isOrderDeletable("confermato")).toBe(false);
  });

  it("places the tracker, a cancelled order at the step it reached", () => {
    const none = { sentAt: null, confirmedAt: null, receivedAt: null };
    expect(orderStepIndex({ status: "bozza", ...none })).toBe(0);
    expect(orderStepIndex({ status: "confermato", ...none })).toBe(2);
    expect(orderStepIndex({ status: "annullato", ...none, sentAt: "2026-01-01T10:00:00Z" })).toBe(1);
  });
});

describe("order form errors all at once", () => {
  it("reports the delivery date together with the missing fields", () => {
    const r = orderInputSchema.safeParse({
      supplierId: "",
      title: "",
      orderDate: "2026-11-20",
      expectedDeliveryDate: "2026-11-10",
      items: [{ description: "Tegole", quantity: "-5", unitPrice: "1" }],
    });
    const messages = r.error?.issues.map((i) => i.message) ?? [];
    expect(messages).toEqual(
      expect.arrayContaining([
        "Fornitore: campo obbligatorio",
        "Titolo: campo obbligatorio",
        "Quantità: deve essere maggiore di zero",
        "Consegna prevista: non può precedere la data dell'ordine",
      ]),
    );
  });
});
