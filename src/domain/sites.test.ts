import { describe, expect, it } from "vitest";
import { siteAlerts, siteCostAnalysis, siteInputSchema } from "./sites";

describe("sites", () => {
  it("cost analysis: orders over estimate with 1 decimal, value done = total × progress", () => {
    expect(siteCostAnalysis("20000.00", "3501.00", 5)).toEqual({
      estimateTotal: "20000.00",
      ordersTotal: "3501.00",
      costPercent: "17.5",
      valueDone: "1000.00",
      valueRemaining: "19000.00",
    });
    expect(siteCostAnalysis("0.00", "100.00", 50).costPercent).toBe("0");
    expect(siteCostAnalysis("999.99", "0.00", 33).valueDone).toBe("330.00");
  });

  it("alerts: late once the estimated end is past (not when completed), slow under 10 % while in corso", () => {
    const today = "2026-06-10";
    expect(
      siteAlerts({ status: "in_corso", progress: 9, estimatedEndDate: "2026-06-09" }, today).map((a) => a.kind),
    ).toEqual(["late", "slow"]);
    expect(siteAlerts({ status: "in_corso", progress: 10, estimatedEndDate: "2026-06-10" }, today)).toEqual([]);
    expect(siteAlerts({ status: "completato", progress: 100, estimatedEndDate: "2026-01-01" }, today)).toEqual([]);
    expect(siteAlerts({ status: "programmato", progress: 0, estimatedEndDate: null }, today)).toEqual([]);
  });

  it("form schema: defaults, empty values dropped, numeric strings accepted", () => {
    const v = siteInputSchema.parse({
      estimateId: "00000000-0000-4000-8000-000000000000",
      name: " Villa ",
      address: "Via 1",
      progress: "20",
      floorsCount: "",
      surfaceArea: "10,5",
      startDate: "",
    });
    expect(v).toMatchObject({
      name: "Villa",
      progress: 20,
      floorsCount: null,
      surfaceArea: "10.50",
      startDate: null,
      status: "programmato",
      workingHours: "08:00-17:00",
    });
    const bad = siteInputSchema.safeParse({ estimateId: "", name: "", address: "", progress: 150, floorsCount: 0 });
    expect(bad.error!.issues.map((i) => i.path[0])).toEqual(
      expect.arrayContaining(["estimateId", "name", "address", "progress", "floorsCount"]),
    );
  });
});
