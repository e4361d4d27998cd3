import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "../db/schema";
import { buildTestApp, type TestApp } from "../test/app";
import { targetFor } from "../test/reliability/targets";
import { seedShared, seedWorld } from "../test/reliability/world";
import { declaredRoutes } from "../access-manifest";

// Issue 26, finding 1: an administrator's one-time link (invitation, password reset by e-mail)
// must never be readable by anyone but its recipient (docs/domain/invoices.md). The
// office reads "Posta in uscita": no answer it can get, on any route, may carry such a link.

const STRONG = "Colmo-Lucernario-Rame-77";
let t: TestApp;
let ufficio: string;
const tokens: string[] = [];

const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

beforeAll(async () => {
  t = await buildTestApp();
  const post = (url: string, payload: object) =>
    t.app.inject({ method: "POST", url, payload, headers: { cookie: t.admin } });
  const invited = await post("/api/users", {
    username: "nuovo.admin",
    name: "Nuovo Admin",
    email: "nuovo.admin@example.it",
    role: "admin",
    sendEmail: true,
  });
  expect(invited.statusCode, invited.body).toBe(201);
  expect(invited.json().emailedTo).toBe("nuovo.admin@example.it");
  tokens.push(tokenOf(invited.json().activationUrl));
  const other = await post("/api/users", {
    username: "altro.admin",
    name: "Altro Admin",
    email: "altro.admin@example.it",
    role: "admin",
    password: STRONG,
  });
  const reset = await post(`/api/users/${other.json().id}/reset-password`, { sendEmail: true });
  expect(reset.statusCode, reset.body).toBe(200);
  tokens.push(tokenOf(reset.json().activationUrl));
  await seedWorld(t, "Alfa");
  ufficio = (await t.staffUser("ufficio")).cookie;
});
afterAll(async () => t.close());

function expectNoLink(body: string, what: string) {
  for (const token of tokens) {
    expect(body.includes(token), `${what} carries a one-time token`).toBe(false);
    expect(body.includes(encodeURIComponent(token)), `${what} carries a one-time token`).toBe(false);
  }
  expect(body, `${what} carries an activation link`).not.toMatch(/activate\?token=/);
}

describe("one-time links: never readable by the office", () => {
  it("the stored message has the link redacted; the office does not even see that it exists", async () => {
    const rows = await t.db.select().from(outbox).where(eq(outbox.to, "nuovo.admin@example.it"));
    expect(rows).toHaveLength(1);
    expectNoLink(rows[0]!.text, "the stored text");
    expect(rows[0]!.text).toContain("[link riservato al destinatario]");

    const list = await t.app.inject({ url: "/api/outbox?limit=100", headers: { cookie: ufficio } });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((m: { to: string }) => m.to)).not.toContain("nuovo.admin@example.it");
    expectNoLink(list.body, "ufficio GET /api/outbox");
    const detail = await t.app.inject({ url: `/api/outbox/${rows[0]!.id}`, headers: { cookie: ufficio } });
    expect(detail.statusCode).toBe(404);
    expectNoLink(detail.body, "ufficio GET /api/outbox/:id");

    // The administrator sees that it exists, with the link redacted.
    const adminList = await t.app.inject({ url: "/api/outbox?limit=100", headers: { cookie: t.admin } });
    expect(adminList.json().map((m: { to: string }) => m.to)).toContain("nuovo.admin@example.it");
    const adminDetail = await t.app.inject({ url: `/api/outbox/${rows[0]!.id}`, headers: { cookie: t.admin } });
    expect(adminDetail.json().text).toContain("[link riservato al destinatario]");
    expectNoLink(adminDetail.body, "admin GET /api/outbox/:id");
  });

  it("no GET route the office may call answers a one-time link (every route of the route table)", async () => {
    const shared = await seedShared(t.db);
    const world = await seedWorld(t, "Beta");
    let scanned = 0;
    for (const route of declaredRoutes()) {
      if (route.method !== "GET" || route.access === "admin") continue;
      const { url } = targetFor(route, world, shared);
      const res = await t.app.inject({ url, headers: { cookie: ufficio } });
      expectNoLink(res.rawPayload.toString("latin1") + JSON.stringify(res.headers), `ufficio GET ${url}`);
      scanned++;
    }
    // Every outbox message the office can list, opened one by one.
    const list = await t.app.inject({ url: "/api/outbox?limit=100", headers: { cookie: ufficio } });
    for (const m of list.json() as { id: string }[]) {
      const res = await t.app.inject({ url: `/api/outbox/${m.id}`, headers: { cookie: ufficio } });
      expectNoLink(res.body, `ufficio GET /api/outbox/${m.id}`);
      scanned++;
    }
    expect(scanned).toBeGreaterThan(50);
  });

  it("the links still work for their recipients", async () => {
    for (const token of tokens) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/activate",
        payload: { token, password: STRONG },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});
