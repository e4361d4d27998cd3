import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  computeEstimateTotals,
  estimateActionRefusal,
  estimateExpiresAt,
  estimateExpiryState,
  estimateInputSchema,
  estimateItemCreateSchema,
  portalAcceptRefusal,
  previewLineTotal,
  serviceLineDescription,
  statusAfterEdit,
} from "./estimates";
import { addMoney, fromCents, sumMoney, toCents } from "./money";

const client = "00000000-0000-4000-8000-000000000001";

/** The engine's context for a company client; "rc" is a 22 % job under reverse charge. */
type Rate = "22" | "10" | "4" | "rc";
const totals = (lines: { quantity: string; unitPrice: string }[], order: string | null | undefined, rate: Rate) => {
  const t = computeEstimateTotals(
    lines,
    order,
    {
      clientType: "azienda",
      clientHasPartitaIva: true,
      withholdingAgent: true,
      regime: "RF01",
      treatment: rate === "rc" ? "reverse_charge" : "ordinary",
    },
    rate === "rc" ? "22" : rate,
  );
  return { ...t, vatAmount: t.vat!.totals.imposta, grossTotal: t.vat!.totals.total, summaries: t.vat!.summaries };
};

describe("computeEstimateTotals", () => {
  it("rounds each line half up to the cent, then sums", () => {
    // 3 × 0.335 = 1.005 → 1.01; 1.5 × 2.33 = 3.495 → 3.50
    const t = totals(
      [
        { quantity: "3", unitPrice: "0.335" },
        { quantity: "1.5", unitPrice: "2.33" },
      ],
      null,
      "22",
    );
    expect(t.lines).toEqual(["1.01", "3.50"]);
    expect(t.linesTotal).toBe("4.51");
    expect(t.totalAmount).toBe("4.51");
  });

  it("adds the attached order, splits 60/40 and applies VAT", () => {
    const t = totals([{ quantity: "120", unitPrice: "35.50" }], "1000.00", "10");
    expect(t).toMatchObject({
      linesTotal: "4260.00",
      orderTotal: "1000.00",
      totalAmount: "5260.00",
      materialsCost: "3156.00",
      laborCost: "2104.00",
      vatAmount: "526.00",
      grossTotal: "5786.00",
    });
  });

  it("splits odd cents so that materials + labour equal the total exactly", () => {
    const t = totals([{ quantity: "1", unitPrice: "0.01" }], null, "22");
    expect(t.materialsCost).toBe("0.01");
    expect(t.laborCost).toBe("0.00");
    const u = totals([{ quantity: "1", unitPrice: "100.05" }], null, "22");
    expect(addMoney(u.materialsCost, u.laborCost)).toBe("100.05");
  });

  it("computes VAT for every treatment, reverse charge included", () => {
    const lines = [{ quantity: "10", unitPrice: "100" }];
    expect(totals(lines, null, "22")).toMatchObject({ vatAmount: "220.00", grossTotal: "1220.00" });
    expect(totals(lines, null, "10")).toMatchObject({ vatAmount: "100.00", grossTotal: "1100.00" });
    expect(totals(lines, null, "4")).toMatchObject({ vatAmount: "40.00", grossTotal: "1040.00" });
    // Reverse charge: N6.3, and never a bollo (issue 24; the first round added 2.00 on invoices).
    const rc = totals(lines, null, "rc");
    expect(rc).toMatchObject({ vatAmount: "0.00", grossTotal: "1000.00" });
    expect(rc.summaries.map((x) => [x.rate, x.natura])).toEqual([["0.00", "N6.3"]]);
  });

  it("treats half-typed lines as zero in the live preview", () => {
    expect(previewLineTotal({ quantity: "", unitPrice: "10" })).toBe("0.00");
    expect(previewLineTotal({ quantity: "2,5", unitPrice: "10" })).toBe("25.00");
    expect(previewLineTotal({ quantity: "abc", unitPrice: "10" })).toBe("0.00");
    expect(totals([], undefined, "22").grossTotal).toBe("0.00");
  });

  it("property: over random lines the figures add up exactly", () => {
    const line = fc.record({
      quantity: fc.integer({ min: 0, max: 100_000 }).map((n) => fromCents(BigInt(n))),
      unitPrice: fc.integer({ min: 0, max: 1_000_000 }).map((n) => fromCents(BigInt(n))),
    });
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 30 }),
        fc.option(
          fc.integer({ min: 0, max: 10_000_000 }).map((n) => fromCents(BigInt(n))),
          { nil: null },
        ),
        fc.constantFrom("22", "10", "4", "rc" as const),
        (lines, order, treatment) => {
          const t = totals(lines, order, treatment);
          // Each line within half a cent of the exact product.
          lines.forEach((l, i) => {
            const exact = toCents(l.quantity) * toCents(l.unitPrice); // in 1/10000 €
            const diff = toCents(t.lines[i]!) * 100n - exact;
            expect(diff > -50n && diff <= 50n).toBe(true);
          });
          expect(t.totalAmount).toBe(sumMoney([...t.lines, order ?? "0"]));
          expect(addMoney(t.materialsCost, t.laborCost)).toBe(t.totalAmount);
          expect(addMoney(t.totalAmount, t.vatAmount)).toBe(t.grossTotal);
          // Materials are 60 % within half a cent.
          const m = toCents(t.materialsCost) * 100n - toCents(t.totalAmount) * 60n;
          expect(m >= -50n && m <= 50n).toBe(true);
        },
      ),
    );
  });
});

describe("estimate input", () => {
  const valid = { clientId: client, title: "Rifacimento tetto", description: "Tetto in coppi", items: [] };

  it("accepts a catalogue line without description and a custom line, ignoring client totals", () => {
    const parsed = estimateInputSchema.parse({
      ...valid,
      validityDays: "45",
      items: [
        {
          serviceId: "00000000-0000-4000-8000-000000000002",
          description: "",
          quantity: "10",
          unitPrice: "12,5",
          totalPrice: "999",
        },
        { description: "Ponteggio", quantity: 1, unitPrice: 800 },
      ],
    });
    expect(parsed.validityDays).toBe(45);
    expect(parsed.treatment).toBe("ordinary");
    expect(parsed.items[0]).toEqual({
      serviceId: "00000000-0000-4000-8000-000000000002",
      description: null,
      quantity: "10",
      unitPrice: "12.5",
      unit: "mq",
      notes: null,
      vatRate: null,
      natura: null,
      significantGood: false,
    });
    expect(parsed.items[1]).toMatchObject({ serviceId: null, description: "Ponteggio", unitPrice: "800" });
    expect(estimateInputSchema.parse(valid).validityDays).toBe(30);
  });

  it("names the field of each error", () => {
    const paths = (input: unknown) =>
      estimateInputSchema.safeParse(input).error?.issues.map((i) => i.path.join(".")) ?? [];
    expect(paths({ ...valid, title: " " })).toContain("title");
    expect(paths({ ...valid, clientId: "" })).toContain("clientId");
    expect(paths({ ...valid, description: "" })).toContain("description");
    expect(paths({ ...valid, validityDays: "abc" })).toContain("validityDays");
    expect(paths({ ...valid, treatment: "rc" })).toContain("treatment");
    expect(paths({ ...valid, items: [{ description: "x", quantity: "1", unitPrice: "1", vatRate: "21" }] })).toContain(
      "items.0.vatRate",
    );
    expect(paths({ ...valid, items: [{ description: "x", quantity: "1", unitPrice: "1", vatRate: "0" }] })).toContain(
      "items.0.natura",
    );
    expect(paths({ ...valid, items: [{ description: "", quantity: "1", unitPrice: "1" }] })).toContain(
      "items.0.description",
    );
    expect(paths({ ...valid, items: [{ description: "x", quantity: "-1", unitPrice: "1" }] })).toContain(
      "items.0.quantity",
    );
    expect(paths({ ...valid, items: [{ description: "x", quantity: "1", unitPrice: "1.23456" }] })).toContain(
      "items.0.unitPrice",
    );
    expect(paths({ ...valid, items: [{ description: "x", quantity: "99999999", unitPrice: "99999999" }] })).toContain(
      "items.0.unitPrice",
    );
    expect(estimateItemCreateSchema.safeParse({ description: "x", quantity: "1", unitPrice: "1" }).success).toBe(false);
  });

  it("fills a catalogue description as name - description", () => {
    expect(serviceLineDescription({ name: "Guaina", description: "bituminosa 4 mm" })).toBe("Guaina - bituminosa 4 mm");
    expect(serviceLineDescription({ name: "Guaina", description: null })).toBe("Guaina");
  });
});

describe("estimate state changes", () => {
  it("allows and refuses actions by status with Italian reasons", () => {
    expect(estimateActionRefusal("bozza", "send")).toBeNull();
    expect(estimateActionRefusal("accettato", "send")).toMatch(/Impossibile inviare/);
    expect(estimateActionRefusal("accettato", "edit")).toBe("Un preventivo accettato non può essere modificato");
    expect(estimateActionRefusal("accettato", "accept")).toBe("Il preventivo è già stato accettato");
    expect(estimateActionRefusal("bozza", "reject")).toMatch(/non è ancora stato inviato/);
    expect(estimateActionRefusal("inviato", "reject")).toBeNull();
    expect(estimateActionRefusal("rifiutato", "edit")).toBeNull();
    expect(statusAfterEdit("inviato")).toBe("bozza");
    expect(statusAfterEdit("rifiutato")).toBe("bozza");
  });

  it("lets the portal accept only a sent estimate that has not expired", () => {
    expect(portalAcceptRefusal({ status: "inviato", expiresAt: "2026-03-10" }, "2026-03-10")).toBeNull();
    expect(portalAcceptRefusal({ status: "inviato", expiresAt: "2026-03-09" }, "2026-03-10")).toMatch(/scaduto/);
    expect(portalAcceptRefusal({ status: "bozza", expiresAt: "2026-04-09" }, "2026-03-10")).toMatch(
      /Impossibile accettare/,
    );
  });

  it("computes expiry from the creation day and shows it only while open", () => {
    expect(estimateExpiresAt("2026-01-31", 30)).toBe("2026-03-02");
    expect(estimateExpiryState({ status: "inviato", expiresAt: "2026-03-05" }, "2026-03-01")).toBe("expiring");
    expect(estimateExpiryState({ status: "accettato", expiresAt: "2026-02-05" }, "2026-03-01")).toBeNull();
  });
});
