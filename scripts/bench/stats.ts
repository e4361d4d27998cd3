/** What every measured run reports, HTTP or database. */
export interface RunStats {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  errors: number;
  count: number;
}

export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function summarize(latencies: number[], seconds: number, errors: number): RunStats {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    rps: latencies.length / seconds,
    errors,
    count: latencies.length,
  };
}

/**
 * Runs `task` from `concurrency` loops for `seconds` and times each call: the database floor's
 * load generator (the same closed-loop shape autocannon uses for HTTP).
 */
export async function closedLoop(task: () => Promise<unknown>, concurrency: number, seconds: number): Promise<RunStats> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      try {
        await task();
        latencies.push(performance.now() - t0);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return summarize(latencies, (performance.now() - started) / 1000, errors);
}
