/** What every measured run reports, HTTP or database. */
export interface RunStats {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  /** Failed calls, answers ≥ 400 and calls still in flight when the window closed. */
  errors: number;
  /** Of the errors: calls still in flight when the window closed. */
  inFlight: number;
  /** Samples: calls answered inside the window. */
  count: number;
}

export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function summarize(latencies: number[], seconds: number, errors: number, inFlight = 0): RunStats {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    rps: latencies.length / seconds,
    errors,
    inFlight,
    count: latencies.length,
  };
}

/**
 * Runs `task` from `concurrency` loops for `seconds` and times each call: the database floor's
 * load generator (the same closed-loop shape autocannon uses for HTTP). A call that finishes
 * after the window closed counts as an error (in flight at the close), as on the HTTP side.
 */
export async function closedLoop(
  task: () => Promise<unknown>,
  concurrency: number,
  seconds: number,
): Promise<RunStats> {
  const latencies: number[] = [];
  let errors = 0;
  let inFlight = 0;
  const censored: number[] = [];
  const end = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      try {
        await task();
        const t1 = performance.now();
        if (t1 <= end) latencies.push(t1 - t0);
        else {
          // In flight at the close: an error, and its age then joins the samples (as on the HTTP side).
          inFlight++;
          censored.push(end - t0);
        }
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const stats = summarize([...latencies, ...censored], seconds, errors + inFlight, inFlight);
  return { ...stats, rps: latencies.length / seconds, count: latencies.length };
}
