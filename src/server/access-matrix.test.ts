import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./test/app";

// Enumerates every API route the server registers: a new route cannot escape these checks.
let t: TestApp;
let portal: { cookie: string };
beforeAll(async () => {
  t = await buildTestApp();
  portal = await t.clientUser();
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
  it("has a sizeable route table", () => {
    expect(t.app.routeTable.length).toBeGreaterThan(8);
  });

  it("answers 401 without a session on every non-public route", async () => {
    for (const route of t.app.routeTable.filter((r) => r.access !== "public")) {
      const res = await call(route.method, route.url);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it("answers 403 to a portal client on every admin route", async () => {
    for (const route of t.app.routeTable.filter((r) => r.access === "admin")) {
      const res = await call(route.method, route.url, portal.cookie);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it("never answers 5xx to an administrator sending an empty body or an unknown id", async () => {
    for (const route of t.app.routeTable) {
      const res = await call(route.method, route.url, t.admin);
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBeLessThan(500);
    }
  });
});
