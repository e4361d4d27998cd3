import autocannon from "autocannon";
import { summarize, type RunStats } from "./stats";

export interface HttpCall {
  method: "GET" | "POST";
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * autocannon at a fixed concurrency and duration; percentiles from every response's own time.
 * Errors: failed and timed-out requests, answers ≥ 400, and the requests still in flight when the
 * window closed (autocannon drops them: a server that stalls must not hide its slowest answers).
 * Each of those also joins the latency samples with its age at the close, a lower bound of its
 * latency, so a stall shows in the percentiles too; `inFlight` says how many there were.
 */
export function httpLoad(base: string, call: HttpCall, connections: number, seconds: number): Promise<RunStats> {
  const latencies: number[] = [];
  let answered = 0;
  // Per connection (pipelining 1: at most one request in flight each), when its last answer came.
  const lastAnswer = new Map<unknown, number>();
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base + call.path,
        method: call.method,
        connections,
        duration: seconds,
        timeout: 30,
        headers: { ...(call.body ? { "content-type": "application/json" } : {}), ...call.headers },
        ...(call.body ? { body: JSON.stringify(call.body) } : {}),
      },
      (err, result) => {
        if (err) return reject(err);
        const closed = performance.now();
        const inFlight = Math.max(0, result.requests.sent - answered - result.errors - result.timeouts);
        // Ages at the close: connections that never answered have waited since the start; the
        // others since their last answer (the oldest first, as many as were in flight).
        const ages = [
          ...Array.from({ length: Math.max(0, connections - lastAnswer.size) }, () => closed - started),
          ...[...lastAnswer.values()].map((t) => closed - t).sort((a, b) => b - a),
        ].slice(0, inFlight);
        const samples = [...latencies, ...ages];
        // The window is `seconds`: rps over it (answered requests only), not over autocannon's rounding.
        const stats = summarize(samples, seconds, result.errors + result.timeouts + result.non2xx + inFlight, inFlight);
        resolve({ ...stats, rps: latencies.length / seconds, count: latencies.length });
      },
    );
    instance.on("response", (client: unknown, status: number, _bytes: number, time: number) => {
      answered++;
      lastAnswer.set(client, performance.now());
      if (status < 400) latencies.push(time);
    });
  });
}
