import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteEntry } from "../../app";
import { buildTestApp, type TestApp } from "../app";
import { applyMutations, italianMessage, mutation, queryString, rawPayload, schemaKeys } from "./bad-input";
import { FULL, report, RUNS, SEED } from "./report";
import { targetFor } from "./targets";
import { randomSpelling } from "./spellings";
import { rowCounts, secretsOf, seedShared, seedWorld, type Shared, type World } from "./world";
import { declaredRoutes } from "../../access-manifest";

// Property-based fuzzing of every JSON body (POST/PUT/PATCH) and every query string of the route
// table: the answer is never a 5xx; a refusal is a 4xx with an Italian JSON message and leaves
// every table's row count as it was. RELIABILITY_RUNS sets the cases per route (200+ in the full run).

let t: TestApp;
let a: World;
let shared: Shared;
const tally = { bodies: 0, bodyRoutes: 0, queries: 0, queryRoutes: 0, refused: 0, accepted: 0, spellings: 0, spellingRoutes: 0 };

beforeAll(async () => {
  t = await buildTestApp();
  a = await seedWorld(t, "Alfa");
  shared = await seedShared(t.db);
});
afterAll(async () => {
  report("input errati: corpi JSON (fast-check)", tally.bodies, "mai 5xx, 4xx con messaggio italiano, righe invariate", {
    routes: tally.bodyRoutes,
    refused: tally.refused,
    acceptedAsValid: tally.accepted,
  });
  report("input errati: query string (fast-check)", tally.queries, "mai 5xx, 4xx con messaggio italiano", { routes: tally.queryRoutes });
  report("accesso: grafie casuali dei percorsi (fast-check), anonimo e cliente", tally.spellings, "anonimo 401/404, cliente mai 2xx su rotte admin, nessun dato, righe invariate", {
    routes: tally.spellingRoutes,
  });
  await t.close();
});

const isMultipart = (r: RouteEntry) => (r.schema?.consumes ?? []).includes("multipart/form-data");
const bodyRoutes = () => declaredRoutes().filter((r) => ["POST", "PUT", "PATCH"].includes(r.method) && !isMultipart(r) && r.url !== "/api/auth/logout");
const queryRoutes = () => declaredRoutes().filter((r) => r.method === "GET");

/** A body that passes validation, when one can be read back from the API: the fuzzer then reaches the services. */
async function baseline(route: RouteEntry, url: string): Promise<Record<string, unknown>> {
  const known = targetFor(route, a, shared).payload;
  if (known && Object.keys(known).length) return known as Record<string, unknown>;
  let readUrl = url;
  if (route.method === "POST" && !route.url.includes(":")) {
    try {
      readUrl = targetFor({ ...route, method: "GET", url: `${route.url}/:id` }, a, shared).url;
    } catch {
      return {};
    }
  }
  if (route.method === "POST" && route.url.includes(":id/")) return {};
  const res = await t.app.inject({ method: "GET", url: readUrl.split("?")[0]!, headers: { cookie: t.admin } });
  if (res.statusCode !== 200) return {};
  const body = res.json() as unknown;
  return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

function safeTarget(route: RouteEntry) {
  try {
    return targetFor(route, a, shared);
  } catch {
    return { url: route.url.replace(/:[a-z]+/gi, "00000000-0000-4000-8000-000000000000") };
  }
}

async function checkRefusal(what: string, res: { statusCode: number; body: string }, before: Record<string, number>) {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    tally.refused++;
    expect(italianMessage(res.body), what).toBeNull();
    expect(await rowCounts(t.db), `${what}: rows changed after a refusal`).toEqual(before);
  } else tally.accepted++;
}

describe("bad input never breaks the server", () => {
  it("every JSON body route: mutated valid bodies, random values, invalid JSON, oversized bodies", async () => {
    for (const route of bodyRoutes()) {
      tally.bodyRoutes++;
      const target = safeTarget(route);
      const keys = schemaKeys(route.schema?.body);
      const callers = route.access === "user" && FULL ? [t.admin, a.cookie] : [t.admin];
      for (const cookie of callers) {
        const base = await baseline(route, target.url);
        const allKeys = [...new Set([...keys, ...Object.keys(base)])];
        await fc.assert(
          fc.asyncProperty(
            fc.oneof(
              { weight: 6, arbitrary: fc.array(mutation(allKeys), { minLength: 1, maxLength: 3 }).map((ms) => ({ json: applyMutations(base, ms) })) },
              { weight: 2, arbitrary: rawPayload.map((raw) => ({ raw })) },
              { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }).map((json) => ({ json })) },
            ),
            async (input) => {
              const before = await rowCounts(t.db);
              const res =
                "raw" in input
                  ? await t.app.inject({ method: route.method as "POST", url: target.url, headers: { cookie, "content-type": input.raw.contentType }, payload: input.raw.payload })
                  : await t.app.inject({ method: route.method as "POST", url: target.url, headers: { cookie }, payload: JSON.stringify(input.json) ?? "null" });
              tally.bodies++;
              await checkRefusal(`${route.method} ${target.url} ${JSON.stringify(input).slice(0, 200)}`, res, before);
            },
          ),
          { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
        );
      }
      // Over the 1 MB limit: 413, in Italian, nothing stored.
      const before = await rowCounts(t.db);
      const huge = await t.app.inject({
        method: route.method as "POST",
        url: target.url,
        headers: { cookie: t.admin, "content-type": "application/json" },
        payload: JSON.stringify({ name: "x".repeat(1_100_000) }),
      });
      tally.bodies++;
      expect(huge.statusCode, `${route.method} ${route.url} oversized`).toBe(413);
      await checkRefusal(`${route.method} ${route.url} oversized`, huge, before);
    }
  }, 3_600_000);

  it("every GET route: hostile query strings", async () => {
    for (const route of queryRoutes()) {
      tally.queryRoutes++;
      const target = safeTarget(route);
      const path = target.url.split("?")[0]!;
      const keys = schemaKeys(route.schema?.querystring);
      const callers = route.access === "user" && FULL ? [t.admin, a.cookie] : [t.admin];
      for (const cookie of callers) {
        await fc.assert(
          fc.asyncProperty(queryString(keys), async (qs) => {
            const res = await t.app.inject({ method: "GET", url: `${path}?${qs}`, headers: { cookie } });
            tally.queries++;
            expect(res.statusCode, `GET ${path}?${qs}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
            if (res.statusCode >= 400) expect(italianMessage(res.body), `GET ${path}?${qs}`).toBeNull();
          }),
          { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
        );
      }
    }
  }, 3_600_000);

  it("every route under random spellings of its path: anonymous and a portal client get nothing more", async () => {
    const secrets = secretsOf(a);
    for (const route of declaredRoutes().filter((r) => r.url !== "/api/auth/logout")) {
      tally.spellingRoutes++;
      const target = safeTarget(route);
      const [path, query] = [target.url.split("?")[0]!, target.url.includes("?") ? target.url.slice(target.url.indexOf("?")) : ""];
      const payload = "payload" in target && target.payload ? target.payload : route.method === "GET" || route.method === "DELETE" ? undefined : {};
      const before = await rowCounts(t.db);
      await fc.assert(
        fc.asyncProperty(randomSpelling(path), fc.boolean(), async (spelled, asClient) => {
          // A client's own writes may legitimately change its records: clients try admin routes only.
          if (asClient && !["staff", "office", "admin"].includes(route.access)) return;
          const res = await t.app.inject({
            method: route.method as "GET",
            url: spelled + query,
            headers: asClient ? { cookie: a.cookie } : {},
            ...(payload ? { payload } : {}),
          });
          tally.spellings++;
          const what = `${asClient ? "client" : "anon"} → ${route.method} ${spelled + query} [${route.access}]: ${res.statusCode} ${res.body.slice(0, 200)}`;
          if (!asClient && route.access !== "public") expect([401, 404], what).toContain(res.statusCode);
          if (asClient) expect(res.statusCode >= 200 && res.statusCode < 300, what).toBe(false);
          if (!asClient) for (const secret of secrets) expect(res.body.includes(secret), `${what} leaks ${secret}`).toBe(false);
        }),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
      expect(await rowCounts(t.db), `${route.method} ${route.url}: rows changed`).toEqual(before);
    }
  }, 3_600_000);
});
