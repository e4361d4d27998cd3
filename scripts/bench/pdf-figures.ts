import { DEMO_LOGINS } from "../../src/server/demo/run";
import { httpLoad } from "./http-load";
import { closedLoop, type RunStats } from "./stats";

export interface PdfFigures {
  /** A draft estimate's PDF, rendered at every request (drafts are never stored), one connection. */
  fresh: RunStats;
  /**
   * The first of those renders, timed alone and left out of `fresh` (every scenario gets one
   * warm-up call): it starts the render worker when the worker had exited after its idle minute
   * (docs/decisions/017-pglite-memory.md), a cost a user pays once after a quiet spell.
   */
  firstRenderMs: number;
  /** /api/health at one connection with nothing else running, then while 20 renders are in flight. */
  healthIdle: RunStats;
  healthDuringRenders: RunStats;
  /** Renders finished and refused (429: a user's queue full) while health was measured. */
  rendered: number;
  refused: number;
}

export async function loginAs(base: string, who: { username: string; password: string }) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(who),
  });
  if (!res.ok) throw new Error(`login ${who.username}: ${res.status}`);
  return res.headers.get("set-cookie")!.split(";")[0]!;
}

/** The two users whose renders fill the PDF queues; logged in before the login scenario's burst throttles the address. */
export const pdfUsers = (base: string) =>
  Promise.all([loginAs(base, DEMO_LOGINS.admin), loginAs(base, DEMO_LOGINS.ufficio)]) as Promise<[string, string]>;

/**
 * The PDF targets: a fresh render ≤ 300 ms at one connection, and the server staying
 * responsive (health p95 ≤ 2× idle) while 20 PDFs render — two users, ten renders each (a user's
 * PDF slot runs two and queues eight: docs/decisions/007-expensive-work-bounded.md), always refilled.
 */
export async function pdfFigures(base: string, seconds: number, cookies: [string, string]): Promise<PdfFigures> {
  const drafts = (await (
    await fetch(`${base}/api/estimates?status=bozza&limit=20`, { headers: { cookie: cookies[0]! } })
  ).json()) as { id: string }[];
  if (!drafts.length) throw new Error("no draft estimate to render");
  let next = 0;
  const render = async (cookie: string) => {
    const id = drafts[next++ % drafts.length]!.id;
    const res = await fetch(`${base}/api/estimates/${id}/pdf`, { headers: { cookie } });
    await res.arrayBuffer();
    return res.status;
  };
  const started = performance.now();
  if ((await render(cookies[0]!)) !== 200) throw new Error("render refused");
  const firstRenderMs = performance.now() - started;
  const fresh = await closedLoop(
    async () => {
      if ((await render(cookies[0]!)) !== 200) throw new Error("render refused");
    },
    1,
    seconds,
  );
  const health = { method: "GET" as const, path: "/api/health" };
  const healthIdle = await httpLoad(base, health, 1, seconds);
  let running = true;
  let rendered = 0;
  let refused = 0;
  const worker = async (cookie: string) => {
    while (running) {
      const status = await render(cookie);
      if (status === 200) rendered++;
      else if (status === 429) refused++;
    }
  };
  const workers = Array.from({ length: 20 }, (_, i) => worker(cookies[i % 2]!));
  await new Promise((r) => setTimeout(r, 500)); // the queues fill
  const healthDuringRenders = await httpLoad(base, health, 1, seconds);
  running = false;
  await Promise.all(workers);
  return { fresh, firstRenderMs, healthIdle, healthDuringRenders, rendered, refused };
}
