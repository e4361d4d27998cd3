import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { declaredRoutes, readManifest, routeKey } from "./access-manifest";
import { buildTestApp, type TestApp } from "./test/app";

// Enumerates every declared endpoint (src/server/modules/index.ts), and checks that the server
// registers exactly those: a new route cannot escape these checks, declared or not.
let t: TestApp;
let portal: { cookie: string };
let ufficio: string;
let tecnico: string;
beforeAll(async () => {
  t = await buildTestApp();
  portal = await t.clientUser();
  ufficio = (await t.staffUser("ufficio")).cookie;
  tecnico = (await t.staffUser("tecnico")).cookie;
});
afterAll(async () => t.close());

const SAMPLE_ID = "00000000-0000-4000-8000-000000000000";
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, SAMPLE_ID);
const call = (method: string, url: string, cookie?: string) =>
  t.app.inject({
    method: method as "GET",
    url: concrete(url),
    headers: cookie ? { cookie } : {},
    ...(method === "GET" || method === "DELETE" ? {} : { payload: {} }),
  });

describe("access matrix over the whole route table", () => {
  it("registers exactly the declared endpoints: no route outside the one loop (http/register.ts)", () => {
    const entry = (r: { method: string; url: string; access: string }) => `${routeKey(r)} ${r.access}`;
    expect(t.app.routeTable.map(entry).sort()).toEqual(declaredRoutes().map(entry).sort());
  });

  it("enumerates exactly the routes of the committed access manifest", () => {
    const manifest = Object.keys(readManifest()).sort();
    expect(manifest.length).toBeGreaterThan(0);
    expect(declaredRoutes().map(routeKey).sort()).toEqual(manifest);
  });

  it("answers 401 without a session on every non-public route", async () => {
    for (const route of declaredRoutes().filter((r) => r.access !== "public")) {
      const res = await call(route.method, route.url);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it("declares one of the known access levels on every route", () => {
    for (const route of declaredRoutes())
      expect(["public", "user", "staff", "office", "admin"], `${route.method} ${route.url}`).toContain(route.access);
  });

  it("answers 403 to a portal client on every staff, office and admin route", async () => {
    for (const route of declaredRoutes().filter((r) => ["staff", "office", "admin"].includes(r.access))) {
      const res = await call(route.method, route.url, portal.cookie);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it("answers 403 to a technician on every office and admin route, and to the office on every admin route", async () => {
    for (const route of declaredRoutes().filter((r) => r.access === "office" || r.access === "admin")) {
      const res = await call(route.method, route.url, tecnico);
      expect(res.statusCode, `tecnico ${route.method} ${route.url}`).toBe(403);
    }
    for (const route of declaredRoutes().filter((r) => r.access === "admin")) {
      const res = await call(route.method, route.url, ufficio);
      expect(res.statusCode, `ufficio ${route.method} ${route.url}`).toBe(403);
    }
  });

  it("lets the office past the guard on every staff and office route, and the technician on every staff route", async () => {
    for (const route of declaredRoutes().filter((r) => r.access === "staff" || r.access === "office")) {
      const res = await call(route.method, route.url, ufficio);
      expect([401, 403], `ufficio ${route.method} ${route.url}: ${res.body}`).not.toContain(res.statusCode);
    }
    for (const route of declaredRoutes().filter((r) => r.access === "staff")) {
      const res = await call(route.method, route.url, tecnico);
      expect([401, 403], `tecnico ${route.method} ${route.url}: ${res.body}`).not.toContain(res.statusCode);
    }
  });

  it("never answers 5xx to the firm's people sending an empty body or an unknown id", async () => {
    for (const [who, cookie] of [
      ["admin", t.admin],
      ["ufficio", ufficio],
      ["tecnico", tecnico],
    ] as const) {
      for (const route of declaredRoutes()) {
        const res = await call(route.method, route.url, cookie);
        expect(res.statusCode, `${who} ${route.method} ${route.url}: ${res.body}`).toBeLessThan(500);
      }
    }
  });
});
