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
 * window closed (sent, never answered: autocannon drops them, a slow server must not hide them).
 */
export function httpLoad(base: string, call: HttpCall, connections: number, seconds: number): Promise<RunStats> {
  const latencies: number[] = [];
  let answered = 0;
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
        const inFlight = Math.max(0, result.requests.sent - answered - result.errors - result.timeouts);
        // The window is `seconds`: rps over it, not over autocannon's own rounding of the duration.
        resolve(summarize(latencies, seconds, result.errors + result.timeouts + result.non2xx + inFlight, inFlight));
      },
    );
    instance.on("response", (_client: unknown, status: number, _bytes: number, time: number) => {
      answered++;
      if (status < 400) latencies.push(time);
    });
  });
}
