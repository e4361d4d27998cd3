import { describe, expect, it } from "vitest";
import { crashVerdict, faultVerdict, UNAVAILABLE, type CrashRound, type FaultRound } from "./verdicts";

// Each rule fed a broken outcome must fail: a check that cannot fail proves nothing.

const goodCrash: CrashRound = { acknowledged: 12, otherAnswers: [], lost: [], partial: [] };

describe("crashVerdict", () => {
  it("holds when every acknowledged save survived whole", () => {
    expect(crashVerdict([goodCrash, goodCrash]).ok).toBe(true);
  });

  it("fails when the server answered 400 to everything (nothing was ever saved)", () => {
    const v = crashVerdict([{ acknowledged: 0, otherAnswers: [400, 400, 400], lost: [], partial: [] }]);
    expect(v.ok).toBe(false);
    expect(v.problems.join()).toMatch(/no save was acknowledged/);
    expect(v.problems.join()).toMatch(/unexpected answers 400/);
  });

  it("fails on a lost acknowledged save, a partial document, or no round at all", () => {
    expect(crashVerdict([{ ...goodCrash, lost: ["estimate e1"] }]).ok).toBe(false);
    expect(crashVerdict([{ ...goodCrash, partial: ["CRASH-1-0-3"] }]).ok).toBe(false);
    expect(crashVerdict([]).ok).toBe(false);
  });
});

const ok200 = { status: 200, ms: 12 };
const goodFault: FaultRound = {
  backAt: 1000,
  recoveredAt: 1200,
  answers: [ok200, { status: 503, message: UNAVAILABLE, ms: 40 }],
};
const limits = { recoveryMs: 5000, slowestMs: 6000 };

describe("faultVerdict", () => {
  it("holds when the service comes back in time and answers only 200/201 or the Italian 503", () => {
    const v = faultVerdict([goodFault], limits);
    expect(v.ok).toBe(true);
    expect(v.maxRecoveryMs).toBe(200);
  });

  it("fails when the service never recovers", () => {
    const v = faultVerdict([{ ...goodFault, recoveredAt: null }], limits);
    expect(v.ok).toBe(false);
    expect(v.problems.join()).toMatch(/never came back/);
  });

  it("fails on a slow recovery, a raw 500, an English 503, a hung request, or no traffic", () => {
    expect(faultVerdict([{ ...goodFault, recoveredAt: 7000 }], limits).ok).toBe(false);
    expect(faultVerdict([{ ...goodFault, answers: [{ status: 500, ms: 5 }] }], limits).ok).toBe(false);
    expect(
      faultVerdict([{ ...goodFault, answers: [{ status: 503, message: "Service Unavailable", ms: 5 }] }], limits).ok,
    ).toBe(false);
    expect(faultVerdict([{ ...goodFault, answers: [{ status: 200, ms: 9000 }] }], limits).ok).toBe(false);
    expect(faultVerdict([{ ...goodFault, answers: [] }], limits).ok).toBe(false);
    expect(faultVerdict([], limits).ok).toBe(false);
  });
});
