import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../auth/passwords";
import { clients, users } from "../../db/schema";
import { buildTestApp, type TestApp } from "../../test/app";
import { pdfLimiter, TOO_MANY_PDFS } from "./limits";
import { pdfPoolStats } from "./pool";
import { workerNice } from "./render-worker";

// PDF rendering runs in the worker pool with a per-user limit: a user asking for many large
// PDFs neither stalls the server nor delays other users behind all of them. Asserted by order
// of completion, never by timing.

let t: TestApp;
let estimateId: string;
let adminId: string;
let otherAdmin: string;

const pdfBy = (cookie: string) => t.app.inject({ url: `/api/estimates/${estimateId}/pdf`, headers: { cookie } });
/** Yields to the event loop until a render has started in a worker thread. */
async function untilRenderStarted(count: number) {
  while (pdfPoolStats().started < count) await new Promise((resolve) => setImmediate(resolve));
}

beforeAll(async () => {
  t = await buildTestApp();
  const [client] = await t.db.insert(clients).values({ name: "Condominio Aurora", type: "condominio", address: "Via Roma 1" }).returning();
  // A large estimate: 100 lines with long descriptions, about fifteen pages.
  const items = Array.from({ length: 100 }, (_, i) => ({
    description: `Voce ${i + 1}: rimozione e smaltimento del manto esistente, posa di guaina e tegole portoghesi. ${"Descrizione dettagliata dei lavori. ".repeat(8)}`,
    quantity: "12.5",
    unitPrice: "45.50",
    unit: "mq",
  }));
  const res = await t.app.inject({
    method: "POST",
    url: "/api/estimates",
    headers: { cookie: t.admin },
    payload: { clientId: client!.id, title: "Rifacimento coperture", description: "Lavori su tutti i corpi di fabbrica. ".repeat(20), items },
  });
  expect(res.statusCode, res.body).toBe(201);
  estimateId = res.json().id;
  adminId = (await t.db.select({ id: users.id }).from(users).where(eq(users.username, "admin")))[0]!.id;
  await t.db.insert(users).values({ username: "ufficio2", passwordHash: await hashPassword("password-ufficio-2"), role: "admin" });
  otherAdmin = await t.login("ufficio2", "password-ufficio-2");
  // Start the worker thread once, so the tests below measure rendering, not start-up.
  expect((await pdfBy(t.admin)).statusCode).toBe(200);
}, 120_000);
afterAll(async () => t.close());

describe("PDF rendering under load", () => {
  it("ten PDFs of one user: health and another user's PDF answer before the ten are done", async () => {
    const started = pdfPoolStats().started;
    let done = 0;
    const ten = Array.from({ length: 10 }, () => pdfBy(t.admin).then((res) => (done++, res)));

    await untilRenderStarted(started + 1);
    const health = await t.app.inject({ url: "/api/health" });
    expect(health.statusCode).toBe(200);
    // The server answered while a render was still running in the worker thread.
    const stats = pdfPoolStats();
    expect(stats.finished).toBeLessThan(stats.started);
    expect(done).toBeLessThan(10);

    // The other user's PDF waits behind at most the first user's two running renders.
    const other = await pdfBy(otherAdmin);
    expect(other.statusCode).toBe(200);
    expect(other.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(done).toBeLessThan(10);

    const all = await Promise.all(ten);
    expect(all.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    for (const res of all) {
      expect(res.headers["content-type"]).toBe("application/pdf");
      expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    }
    expect(pdfLimiter.pending(`user:${adminId}`)).toEqual({ running: 0, waiting: 0 });
  }, 180_000);

  it.runIf(process.platform === "linux")("the render thread runs at a lower priority than the request thread", () => {
    // /proc/<pid>/task/<tid>/stat: field 19 is the thread's nice value (the name in field 2 is in parentheses).
    const niceOf = (tid: string) =>
      Number(fs.readFileSync(`/proc/${process.pid}/task/${tid}/stat`, "utf8").split(") ")[1]!.split(" ")[16]);
    const threads = fs.readdirSync(`/proc/${process.pid}/task`);
    const main = niceOf(String(process.pid));
    expect(main).toBeLessThan(19);
    // The worker started in beforeAll is still alive (idle timeout one minute).
    expect(threads.map(niceOf)).toContain(workerNice(main));
  });

  it("beyond 2 running and 8 waiting, a user's PDF request is refused with 429, Italian message and Retry-After", async () => {
    const twelve = await Promise.all(Array.from({ length: 12 }, () => pdfBy(t.admin)));
    const refused = twelve.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(2);
    for (const res of refused) {
      expect(res.json()).toEqual({ message: TOO_MANY_PDFS });
      expect(res.json().message).toBe("Troppe richieste di PDF in corso, riprova tra poco");
      expect(res.headers["retry-after"]).toBe("5");
    }
    expect(twelve.filter((r) => r.statusCode === 200)).toHaveLength(10);
    // The slots are given back: the next request is served.
    expect(pdfLimiter.pending(`user:${adminId}`)).toEqual({ running: 0, waiting: 0 });
    expect((await pdfBy(t.admin)).statusCode).toBe(200);
  }, 180_000);
});
