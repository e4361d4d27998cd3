import { describe, expect, it } from "vitest";
import { periodProblem, previousMonth, quarterOf } from "./vat-register-period";

describe("VAT register periods", () => {
  it("the previous month, across a year and a leap February", () => {
    expect(previousMonth("2026-11-26")).toEqual({ from: "2026-10-01", to: "2026-10-31" });
    expect(previousMonth("2026-01-05")).toEqual({ from: "2025-12-01", to: "2025-12-31" });
    expect(previousMonth("2024-03-01")).toEqual({ from: "2024-02-01", to: "2024-02-29" });
  });

  it("the calendar quarter of a day", () => {
    expect(quarterOf("2026-11-26")).toEqual({ from: "2026-10-01", to: "2026-12-31" });
    expect(quarterOf("2026-01-01")).toEqual({ from: "2026-01-01", to: "2026-03-31" });
    expect(quarterOf("2026-06-30")).toEqual({ from: "2026-04-01", to: "2026-06-30" });
    expect(quarterOf("2026-09-15")).toEqual({ from: "2026-07-01", to: "2026-09-30" });
  });

  it("names the field the server would refuse", () => {
    expect(periodProblem({ from: "2026-10-01", to: "2026-10-31" })).toBeNull();
    expect(periodProblem({ from: "2026-10-01", to: "2026-10-01" })).toBeNull();
    expect(periodProblem({ from: "2026-11-01", to: "2026-10-31" })).toBe("Al: non può precedere la data iniziale");
    expect(periodProblem({ from: "", to: "2026-10-31" })).toBe("Dal: inserisci una data valida");
    expect(periodProblem({ from: "2026-10-01", to: "2026-02-30" })).toBe("Al: inserisci una data valida");
  });
});
