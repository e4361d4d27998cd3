import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  addDays,
  daysBetween,
  dueState,
  expiryState,
  isSiteLate,
  isSlowProgress,
  isValidIsoDate,
  isoDateSchema,
  optionalIsoDate,
  parseTimestamp,
  todayIso,
} from "./dates";

describe("todayIso", () => {
  it("uses the calendar day in Rome, not UTC", () => {
    // 23:30 UTC on 21 November is already 00:30 on the 22nd in Rome (CET, UTC+1).
    expect(todayIso(new Date("2026-11-21T23:30:00Z"))).toBe("2026-11-22");
    expect(todayIso(new Date("2026-11-21T22:59:59Z"))).toBe("2026-11-21");
    // Summer time (CEST, UTC+2).
    expect(todayIso(new Date("2026-07-14T22:00:00Z"))).toBe("2026-07-15");
    expect(todayIso(new Date("2026-07-14T21:59:59Z"))).toBe("2026-07-14");
  });

  it("handles New Year in Rome", () => {
    expect(todayIso(new Date("2026-12-31T23:00:00Z"))).toBe("2027-01-01");
  });

  it("defaults to now", () => {
    expect(todayIso()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("changes day at Rome's midnight though the last answer is kept for its minute", () => {
    // The last millisecond of a day, then the first of the next: one minute apart by the cache's key.
    expect(todayIso(new Date("2026-11-26T22:59:59.999Z"))).toBe("2026-11-26");
    expect(todayIso(new Date("2026-11-26T23:00:00.000Z"))).toBe("2026-11-27");
    expect(todayIso(new Date("2026-11-26T22:59:00.000Z"))).toBe("2026-11-26");
    // The night summer time starts (02:00 CET → 03:00 CEST) and the night it ends.
    expect(todayIso(new Date("2026-03-28T22:59:59.999Z"))).toBe("2026-03-28");
    expect(todayIso(new Date("2026-03-28T23:00:00.000Z"))).toBe("2026-03-29");
    expect(todayIso(new Date("2026-10-24T21:59:59.999Z"))).toBe("2026-10-24");
    expect(todayIso(new Date("2026-10-24T22:00:00.000Z"))).toBe("2026-10-25");
  });
});

describe("addDays / daysBetween", () => {
  it("adds days across months, years and leap days", () => {
    expect(addDays("2026-01-31", 1)).toBe("2026-02-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-11-22", 0)).toBe("2026-11-22");
    expect(addDays("2026-11-22", 30)).toBe("2026-12-22");
  });

  it("is not disturbed by DST changes in Rome", () => {
    // Clocks go forward on 29 March 2026 and back on 25 October 2026.
    expect(addDays("2026-03-28", 1)).toBe("2026-03-29");
    expect(addDays("2026-03-29", 1)).toBe("2026-03-30");
    expect(addDays("2026-10-25", 1)).toBe("2026-10-26");
    expect(daysBetween("2026-03-28", "2026-03-30")).toBe(2);
    expect(daysBetween("2026-10-24", "2026-10-26")).toBe(2);
    expect(daysBetween("2026-01-01", "2027-01-01")).toBe(365);
    expect(daysBetween("2028-01-01", "2029-01-01")).toBe(366);
  });

  it("counts signed calendar days", () => {
    expect(daysBetween("2026-11-22", "2026-11-22")).toBe(0);
    expect(daysBetween("2026-11-22", "2026-11-29")).toBe(7);
    expect(daysBetween("2026-11-29", "2026-11-22")).toBe(-7);
  });

  it("addDays and daysBetween are inverse", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 36_500 }), fc.integer({ min: -5000, max: 5000 }), (offset, n) => {
        const start = addDays("1950-01-01", offset);
        expect(daysBetween(start, addDays(start, n))).toBe(n);
      }),
    );
  });

  it("throws on invalid input", () => {
    expect(() => addDays("2026-02-30", 1)).toThrow();
    expect(() => addDays("2026-11-22", 1.5)).toThrow();
    expect(() => daysBetween("22/11/2026", "2026-11-22")).toThrow();
  });
});

describe("isoDateSchema", () => {
  it.each(["2026-11-22", "2028-02-29", "2026-12-31", " 2026-01-01 "])("accepts %j", (value) => {
    expect(isoDateSchema.parse(value)).toBe(value.trim());
  });

  it.each([
    "2026-02-29",
    "2026-02-30",
    "2026-13-01",
    "2026-00-10",
    "2026-04-31",
    "22/11/2026",
    "2026-1-1",
    "",
    "0226-11-22",
    "2026-11-22T10:00:00Z",
  ])("rejects %j", (value) => {
    expect(isValidIsoDate(value)).toBe(false);
    const result = isoDateSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Data non valida");
  });

  it("rejects non-strings in Italian", () => {
    expect(isoDateSchema.safeParse(null).error?.issues[0]?.message).toBe("Data non valida");
  });
});

describe("optionalIsoDate", () => {
  it("turns empty values into null", () => {
    expect(optionalIsoDate.parse("")).toBeNull();
    expect(optionalIsoDate.parse("   ")).toBeNull();
    expect(optionalIsoDate.parse(null)).toBeNull();
    expect(optionalIsoDate.parse(undefined)).toBeNull();
  });

  it("keeps valid dates and rejects invalid ones", () => {
    expect(optionalIsoDate.parse("2026-11-22")).toBe("2026-11-22");
    expect(optionalIsoDate.safeParse("2026-02-30").error?.issues[0]?.message).toBe("Data non valida");
    expect(optionalIsoDate.safeParse(42).error?.issues[0]?.message).toBe("Data non valida");
  });
});

describe("parseTimestamp", () => {
  it("reads ISO strings, PostgreSQL text and Dates", () => {
    expect(parseTimestamp("2026-11-22T13:05:00Z")?.toISOString()).toBe("2026-11-22T13:05:00.000Z");
    expect(parseTimestamp("2026-11-22 13:05:00.123456+00")?.toISOString()).toBe("2026-11-22T13:05:00.123Z");
    expect(parseTimestamp("2026-11-22 14:05:00+01")?.toISOString()).toBe("2026-11-22T13:05:00.000Z");
    expect(parseTimestamp("2026-11-22T14:05:00+01:00")?.toISOString()).toBe("2026-11-22T13:05:00.000Z");
    const date = new Date("2026-11-22T13:05:00Z");
    expect(parseTimestamp(date)).toBe(date);
  });

  it("returns null for anything else", () => {
    for (const value of [null, undefined, "", "ieri", "2026-11-22", "2026-02-30T10:00:00Z", new Date("x")]) {
      expect(parseTimestamp(value)).toBeNull();
    }
  });
});

describe("dueState", () => {
  const today = "2026-11-22";

  it.each([
    ["2026-11-21", "overdue"], // 1 day past
    ["2026-10-01", "overdue"],
    ["2026-11-22", null], // due today: neither overdue nor due-soon
    ["2026-11-23", "due-soon"], // 1 day left
    ["2026-11-29", "due-soon"], // 7 days left
    ["2026-11-30", null], // 8 days left
  ] as const)("due %s -> %s", (dueDate, expected) => {
    expect(dueState(dueDate, today, false)).toBe(expected);
  });

  it("ignores settled invoices and missing due dates", () => {
    expect(dueState("2026-11-01", today, true)).toBeNull();
    expect(dueState("2026-11-23", today, true)).toBeNull();
    expect(dueState(null, today, false)).toBeNull();
  });

  it("counts across a DST change and a year end", () => {
    expect(dueState("2026-11-01", "2026-10-25", false)).toBe("due-soon"); // 7 days
    expect(dueState("2027-01-05", "2026-12-29", false)).toBe("due-soon"); // 7 days
    expect(dueState("2027-01-06", "2026-12-29", false)).toBeNull(); // 8 days
  });
});

describe("expiryState", () => {
  const today = "2026-11-22";

  it.each([
    ["2026-11-21", "expired"],
    ["2026-11-22", null],
    ["2026-11-23", "expiring"],
    ["2026-11-29", "expiring"],
    ["2026-11-30", null],
    [null, null],
  ] as const)("expires %s -> %s", (expiresAt, expected) => {
    expect(expiryState(expiresAt, today)).toBe(expected);
  });
});

describe("isSiteLate", () => {
  const today = "2026-11-22";

  it("is late only after the estimated end and while not completed", () => {
    expect(isSiteLate("2026-11-21", "in_corso", today)).toBe(true);
    expect(isSiteLate("2026-11-21", "programmato", today)).toBe(true);
    expect(isSiteLate("2026-11-21", "sospeso", today)).toBe(true);
    expect(isSiteLate("2026-11-21", "completato", today)).toBe(false);
    expect(isSiteLate("2026-11-22", "in_corso", today)).toBe(false); // ends today
    expect(isSiteLate("2026-11-23", "in_corso", today)).toBe(false);
    expect(isSiteLate(null, "in_corso", today)).toBe(false);
  });
});

describe("isSlowProgress", () => {
  it("flags running sites below 10 %", () => {
    expect(isSlowProgress(0, "in_corso")).toBe(true);
    expect(isSlowProgress(9, "in_corso")).toBe(true);
    expect(isSlowProgress(9.99, "in_corso")).toBe(true);
    expect(isSlowProgress(10, "in_corso")).toBe(false);
    expect(isSlowProgress(50, "in_corso")).toBe(false);
  });

  it("ignores sites that are not running", () => {
    expect(isSlowProgress(0, "programmato")).toBe(false);
    expect(isSlowProgress(0, "sospeso")).toBe(false);
    expect(isSlowProgress(0, "completato")).toBe(false);
  });
});
