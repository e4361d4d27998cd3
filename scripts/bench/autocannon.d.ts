// Minimal types for the parts of autocannon the benchmark uses (the package ships none).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    timeout?: number;
  }
  interface Result {
    requests: { total: number; average: number; sent: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }
  interface Instance extends EventEmitter {
    stop(): void;
  }
  function autocannon(opts: Options, cb: (err: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
