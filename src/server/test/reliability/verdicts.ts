// The pass/fail rules of the process-level reliability scenarios (scripts/reliability/*), kept
// apart from the scenarios so that a unit test can feed each rule a broken outcome and see it fail.

export interface Verdict {
  ok: boolean;
  problems: string[];
}

const verdict = (problems: string[]): Verdict => ({ ok: problems.length === 0, problems });

/** One round of kill -9 during saves: what the workers were answered before the process died. */
export interface CrashRound {
  /** Saves the server acknowledged with 201. */
  acknowledged: number;
  /** Any other HTTP answer (a refused save is not a crash outcome: it means the scenario tests nothing). */
  otherAnswers: number[];
  /** Acknowledged documents missing or incomplete after the restart. */
  lost: string[];
  /** Documents found with fewer lines than saved (never acknowledged or not). */
  partial: string[];
}

/**
 * kill -9 holds when every round acknowledged real saves, none of them was lost, no document is
 * partial, and the server answered nothing but 201 before dying.
 */
export function crashVerdict(rounds: CrashRound[]): Verdict {
  const problems: string[] = [];
  if (rounds.length === 0) problems.push("no round was run");
  rounds.forEach((r, i) => {
    if (r.acknowledged === 0) problems.push(`round ${i + 1}: no save was acknowledged before the kill`);
    if (r.otherAnswers.length)
      problems.push(`round ${i + 1}: unexpected answers ${[...new Set(r.otherAnswers)].join(", ")}`);
    for (const id of r.lost) problems.push(`round ${i + 1}: acknowledged ${id} lost`);
    for (const id of r.partial) problems.push(`round ${i + 1}: partial document ${id}`);
  });
  return verdict(problems);
}

/** One PostgreSQL restart under traffic. */
export interface FaultRound {
  /** When PostgreSQL accepted connections again (ms). */
  backAt: number;
  /** When the app first answered 200 afterwards, or null when it never did. */
  recoveredAt: number | null;
  answers: { status: number; message?: string | undefined; ms: number }[];
}

export const UNAVAILABLE = "Database temporaneamente non disponibile. Riprova tra poco.";

/**
 * A database restart holds when the app comes back by itself within the limit after every
 * restart, answers only successes or the Italian 503 meanwhile, and no request hangs.
 */
export function faultVerdict(
  rounds: FaultRound[],
  limits: { recoveryMs: number; slowestMs: number },
): Verdict & { maxRecoveryMs: number; slowestMs: number } {
  const problems: string[] = [];
  let maxRecoveryMs = 0;
  let slowestMs = 0;
  if (rounds.length === 0) problems.push("no restart was run");
  rounds.forEach((r, i) => {
    if (r.recoveredAt === null) problems.push(`restart ${i + 1}: the service never came back`);
    else {
      const recovery = r.recoveredAt - r.backAt;
      maxRecoveryMs = Math.max(maxRecoveryMs, recovery);
      if (recovery > limits.recoveryMs)
        problems.push(`restart ${i + 1}: back after ${recovery} ms (limit ${limits.recoveryMs})`);
    }
    if (r.answers.length === 0) problems.push(`restart ${i + 1}: no traffic was measured`);
    for (const a of r.answers) {
      slowestMs = Math.max(slowestMs, a.ms);
      const expected = a.status === 200 || a.status === 201 || (a.status === 503 && a.message === UNAVAILABLE);
      if (!expected) problems.push(`restart ${i + 1}: unexpected answer ${a.status} ${a.message ?? ""}`.trim());
    }
  });
  if (slowestMs > limits.slowestMs) problems.push(`a request hung for ${slowestMs} ms (limit ${limits.slowestMs})`);
  return { ...verdict([...new Set(problems)]), maxRecoveryMs, slowestMs };
}
