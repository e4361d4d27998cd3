import autocannon from "autocannon";
import { summarize, type RunStats } from "./stats";

export interface HttpCall {
  method: "GET" | "POST";
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** autocannon at a fixed concurrency and duration; percentiles from every response's own time. */
export function httpLoad(base: string, call: HttpCall, connections: number, seconds: number): Promise<RunStats> {
  const latencies: number[] = [];
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
        resolve(summarize(latencies, result.duration, result.errors + result.timeouts + result.non2xx));
      },
    );
    instance.on("response", (_client: unknown, status: number, _bytes: number, time: number) => {
      if (status < 400) latencies.push(time);
    });
  });
}
