import { describe, expect, it } from "vitest";
import { lastMonths, monthLabel, monthRange } from "./dashboard";

describe("dashboard month helpers", () => {
  it("gives the half-open range of a month, across the year end", () => {
    expect(monthRange("2026-03-15")).toEqual({ start: "2026-03-01", end: "2026-04-01" });
    expect(monthRange("2026-12-31")).toEqual({ start: "2026-12-01", end: "2027-01-01" });
    expect(monthRange("2024-02-29")).toEqual({ start: "2024-02-01", end: "2024-03-01" });
  });

  it("lists the twelve months ending with the current one, oldest first", () => {
    expect(lastMonths("2026-03-01")).toEqual([
      "2025-04",
      "2025-05",
      "2025-06",
      "2025-07",
      "2025-08",
      "2025-09",
      "2025-10",
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
    ]);
    expect(lastMonths("2026-12-31", 2)).toEqual(["2026-11", "2026-12"]);
    expect(lastMonths("2026-01-10", 1)).toEqual(["2026-01"]);
  });

  it("labels months in Italian", () => {
    expect(monthLabel("2026-03")).toBe("mar 26");
    expect(monthLabel("2025-12")).toBe("dic 25");
  });
});
