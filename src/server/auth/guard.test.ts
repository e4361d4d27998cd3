import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients } from "../db/schema";
import { buildTestApp, type TestApp } from "../test/app";
import { declaredAccess } from "./guard";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.app.inject({
    method: "POST",
    url: "/api/clients",
    headers: { cookie: t.admin },
    payload: {
      name: "Cliente Riservato",
      type: "privato",
      address: "Via Riservata 1",
      email: "riservato@example.it",
      phone: "0391234567",
    },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
});
afterAll(async () => t.close());

describe("declared access", () => {
  it("defaults API routes to admin and keeps what a route declares", () => {
    expect(declaredAccess({ url: "/api/clients", config: {} })).toEqual({ access: "admin", sessionless: false });
    expect(declaredAccess({ url: "/api/health", config: { access: "public" } })).toEqual({
      access: "public",
      sessionless: false,
    });
    expect(declaredAccess({ url: "/api/estimates", config: { access: "user" } })).toEqual({
      access: "user",
      sessionless: false,
    });
  });

  it("makes files and documentation public and sessionless, whatever they claim", () => {
    expect(declaredAccess({ url: "/assets/index.js", config: {} })).toEqual({ access: "public", sessionless: true });
    expect(declaredAccess({ url: "/api/docs/json", config: {} })).toEqual({ access: "public", sessionless: true });
  });
});

describe("access follows the matched route, not the URL text", () => {
  // The hole an outside test found: the guard looked for "/api/" in the raw URL while the router
  // matched the decoded path, so these spellings skipped session, CSRF and access checks.
  for (const url of ["/%61pi/clients", "/ap%69/clients", "/%61%70%69/clients"]) {
    it(`${url}: 401 without a session, the same answer as /api/clients with one`, async () => {
      const anonymous = await t.app.inject({ method: "GET", url });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.body).not.toContain("Cliente Riservato");
      const admin = await t.app.inject({ method: "GET", url, headers: { cookie: t.admin } });
      const canonical = await t.app.inject({ method: "GET", url: "/api/clients", headers: { cookie: t.admin } });
      expect(admin.statusCode).toBe(canonical.statusCode);
    });
  }

  it("refuses an anonymous write under an encoded spelling and creates nothing", async () => {
    const before = (await t.db.select().from(clients)).length;
    const res = await t.app.inject({
      method: "POST",
      url: "/%61pi/clients",
      payload: { name: "Intruso", type: "privato" },
    });
    expect(res.statusCode).toBe(401);
    expect((await t.db.select().from(clients)).length).toBe(before);
  });

  it("refuses a portal client an admin route under an encoded spelling", async () => {
    const { cookie } = await t.clientUser();
    const res = await t.app.inject({ method: "GET", url: "/%61pi/settings", headers: { cookie } });
    expect(res.statusCode).toBe(403);
  });

  it("applies the CSRF check to writes on any path, even unmatched ones", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/anything",
      headers: { cookie: t.admin, origin: "https://evil.example" },
      payload: "x",
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("caching of authenticated answers", () => {
  it("marks API answers no-store, errors included", async () => {
    const list = await t.app.inject({ method: "GET", url: "/api/clients", headers: { cookie: t.admin } });
    expect(list.headers["cache-control"]).toBe("no-store");
    const denied = await t.app.inject({ method: "GET", url: "/api/clients" });
    expect(denied.headers["cache-control"]).toBe("no-store");
    const missing = await t.app.inject({ method: "GET", url: "/api/nothing", headers: { cookie: t.admin } });
    expect(missing.headers["cache-control"]).toBe("no-store");
  });
});
