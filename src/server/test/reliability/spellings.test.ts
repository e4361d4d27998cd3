import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteEntry } from "../../app";
import { buildTestApp, type TestApp } from "../app";
import { report } from "./report";
import { targetFor } from "./targets";
import { spellingsOf } from "./spellings";
import { rowCounts, secretsOf, seedShared, seedWorld, type Shared, type World } from "./world";
import { declaredRoutes } from "../../access-manifest";

// Every route of the route table, called under the spellings an attacker tries instead of the
// canonical path (percent-encoded letters, double slashes, dot segments, case, trailing slash,
// `;` parameters, encoded slashes). Access is decided by the matched route, so a variant either
// reaches the same route through the same checks or answers 404 — never more than the canonical
// path gives the same caller, and never another client's data. Real HTTP with raw request
// targets: nothing between the test and the server normalises the path.

interface Answer {
  status: number;
  body: string;
}

let t: TestApp;
let base: { port: number };
let a: World;
let b: World;
let shared: Shared;
const cases = { requests: 0, routes: 0 };

beforeAll(async () => {
  t = await buildTestApp();
  a = await seedWorld(t, "Alfa");
  b = await seedWorld(t, "Beta");
  shared = await seedShared(t.db);
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = { port: (t.app.server.address() as AddressInfo).port };
});
afterAll(async () => {
  report(
    "accesso: grafie non canoniche dei percorsi (rotte × grafie × chiamante)",
    cases.requests,
    "stessa risposta della rotta canonica o 404, nessun dato",
    {
      routes: cases.routes,
    },
  );
  await t.close();
});

/** One request with the request target exactly as given (node's http client does not normalise it). */
function send(
  method: string,
  target: string,
  headers: Record<string, string>,
  payload?: object | string,
): Promise<Answer> {
  cases.requests++;
  return new Promise((resolve, reject) => {
    const body = payload === undefined ? undefined : typeof payload === "string" ? payload : JSON.stringify(payload);
    const req = http.request(
      {
        host: "127.0.0.1",
        port: base.port,
        method,
        path: target,
        agent: false,
        headers: {
          ...(body !== undefined
            ? {
                "content-type": typeof payload === "string" ? "text/plain" : "application/json",
                "content-length": String(Buffer.byteLength(body)),
              }
            : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("latin1") }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

function split(url: string) {
  const q = url.indexOf("?");
  return q < 0 ? { path: url, query: "" } : { path: url.slice(0, q), query: url.slice(q) };
}

function expectNoSecrets(answer: Answer, secrets: string[], what: string) {
  for (const secret of secrets) expect(answer.body.includes(secret), `${what} leaks ${secret}`).toBe(false);
}

/**
 * The property: a variant answers what the canonical path answers the same caller, or 404, or
 * (when the variant changed a path parameter's value) the 400 of its validation. Never a 2xx
 * that the canonical path did not give.
 */
function expectSameChecks(canonical: Answer, variant: Answer, what: string) {
  const allowed = new Set([canonical.status, 404, 400]);
  expect(
    allowed.has(variant.status),
    `${what}: ${variant.status} (canonical ${canonical.status}) ${variant.body.slice(0, 200)}`,
  ).toBe(true);
  if (variant.status < 300)
    expect(canonical.status, `${what}: a variant succeeded where the canonical path did not`).toBeLessThan(300);
}

const cookieHeader = (cookie?: string): Record<string, string> => (cookie ? { cookie } : {});

async function tryRoute(route: RouteEntry, caller: "anon" | "A" | "B") {
  // Each client aims at the other's records; the anonymous caller at A's.
  const victim = caller === "A" ? b : a;
  const cookie = caller === "anon" ? undefined : caller === "A" ? a.cookie : b.cookie;
  const tg = targetFor(route, victim, shared);
  const { path, query } = split(tg.url);
  const payload = tg.payload ?? (route.method === "GET" || route.method === "DELETE" ? undefined : {});
  const canonical = await send(route.method, path + query, cookieHeader(cookie), payload);
  if (caller === "anon" && route.access !== "public")
    expect(canonical.status, `anon → ${route.method} ${path}`).toBe(401);
  if (caller !== "anon" && ["staff", "office", "admin"].includes(route.access))
    expect(canonical.status, `${caller} → ${route.method} ${path}`).toBe(403);
  const secrets = caller === "anon" ? [...secretsOf(a), ...secretsOf(b)] : secretsOf(victim);
  for (const variant of spellingsOf(path)) {
    const what = `${caller} → ${route.method} ${variant + query} [${route.access}]`;
    const answer = await send(route.method, variant + query, cookieHeader(cookie), payload);
    expectSameChecks(canonical, answer, what);
    if (caller === "anon" && route.access !== "public")
      expect([401, 404], `${what}: ${answer.status}`).toContain(answer.status);
    expectNoSecrets(answer, secrets, what);
  }
}

const routes = () => declaredRoutes().filter((r) => r.url !== "/api/auth/logout");
const reads = () => routes().filter((r) => r.method === "GET");
const writes = () => routes().filter((r) => r.method !== "GET");

describe("non-canonical spellings of every route", () => {
  it("builds the variants an attacker tries", () => {
    const variants = spellingsOf("/api/clients/1");
    expect(variants).toContain("/%61pi/clients/1");
    expect(variants).toContain("/api//clients/1");
    expect(variants).toContain("/api/clients/1/");
    expect(variants).toContain("/api/clients/1;x=1");
    expect(new Set(variants).size).toBe(variants.length);
  });

  it("reads: anonymous, and each client on the other's records, get no more than the canonical path", async () => {
    for (const route of reads()) for (const caller of ["anon", "A", "B"] as const) await tryRoute(route, caller);
    cases.routes = routes().length;
  }, 600_000);

  it("writes: anonymous and clients get no more than the canonical path, and nothing changes", async () => {
    const before = await rowCounts(t.db);
    for (const route of writes())
      for (const caller of ["anon", "A", "B"] as const)
        if (caller === "anon" || route.access === "admin") await tryRoute(route, caller);
    expect(await rowCounts(t.db)).toEqual(before);
  }, 600_000);

  it("refuses every cross-origin write, whatever its spelling or content type, even with an administrator's session", async () => {
    const before = await rowCounts(t.db);
    for (const route of writes()) {
      const { path, query } = split(targetFor(route, a, shared).url);
      for (const target of [path, ...spellingsOf(path)]) {
        for (const payload of [{}, "x"]) {
          const answer = await send(
            route.method,
            target + query,
            { cookie: t.admin, origin: "https://attacker.example" },
            payload,
          );
          expect([403, 404], `${route.method} ${target} (${typeof payload}): ${answer.status}`).toContain(
            answer.status,
          );
        }
      }
    }
    expect(await rowCounts(t.db)).toEqual(before);
  }, 600_000);

  it("answers 404 without any handler to a path no route matches", async () => {
    for (const target of [
      "/api/nothing",
      "/%61pi/nothing",
      "/API/clients",
      "//api/clients",
      "/api/clients;x=1",
      "/api/./clients",
    ]) {
      const answer = await send("GET", target, { cookie: t.admin, accept: "application/json" });
      expect(answer.status, target).toBe(404);
      expect(JSON.parse(answer.body)).toEqual({ message: "Risorsa non trovata" });
    }
  });
});
