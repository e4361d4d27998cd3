import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { declaredRoutes, readManifest, routeKey } from "../../access-manifest";
import type { RouteEntry } from "../../app";
import { ADMIN, buildTestApp, type TestApp } from "../app";
import { moneyKeysIn } from "../money-keys";
import { report } from "./report";
import { targetFor } from "./targets";
import { rowsOf, secretsOf, seedShared, seedWorld, type Shared, type World } from "./world";

// Record-level permissions over the WHOLE route table (a new route cannot be forgotten): every
// route is called with no session, as an administrator, as the office (ufficio), as a technician
// (tecnico), as client A and as client B, on A's and on B's records. The expected answer of each
// cell is declared once, below, by the route's declared access and by the caller's relation to
// the record. No body, header or file of one client reaches the other, and no answer given to a
// technician carries a price, total, budget, contract or invoice (docs/domain/roles.md).

type Caller = "anon" | "admin" | "ufficio" | "tecnico" | "A" | "B";
type Relation = "anon" | "admin" | "ufficio" | "tecnico" | "own" | "other";
type Cell = { statuses: number[]; why: string };

const OK = [200, 201, 204];
const INPUT = [400, 409];
const open = { statuses: [...OK, 400, 403, 404, 409], why: "open to everyone, never 401" };
const anyStaffOnPortal = {
  statuses: [...OK, 403],
  why: "the firm reaches every record (portal-only pages answer 403)",
};
const needsSession = { statuses: [401], why: "a session is required" };
/** The one table of expectations: access level × relation (reads; writes may also refuse the input). */
const EXPECTED: Record<string, Record<Relation, Cell>> = {
  public: { anon: open, admin: open, ufficio: open, tecnico: open, own: open, other: open },
  user: {
    anon: needsSession,
    admin: anyStaffOnPortal,
    ufficio: anyStaffOnPortal,
    tecnico: anyStaffOnPortal,
    own: { statuses: OK, why: "a client reaches its own records" },
    other: { statuses: [404], why: "another client's record does not exist for this client" },
  },
  /** A list or action scoped by the session alone: there is no "other" record to name. */
  "user-session": {
    anon: needsSession,
    admin: anyStaffOnPortal,
    ufficio: anyStaffOnPortal,
    tecnico: anyStaffOnPortal,
    own: { statuses: OK, why: "the client's own list" },
    other: { statuses: OK, why: "a filter naming another client never widens the scope" },
  },
  /** A list whose query names another client's record: empty or 404, never its rows. */
  "user-list": {
    anon: needsSession,
    admin: { statuses: OK, why: "the firm reaches every list" },
    ufficio: { statuses: OK, why: "the firm reaches every list" },
    tecnico: { statuses: OK, why: "the firm reaches every list" },
    own: { statuses: OK, why: "the client's own records" },
    other: { statuses: [200, 404], why: "empty or not found, never another client's rows" },
  },
  /** admin, ufficio and tecnico: what a technician needs in the field (shaped without money). */
  staff: {
    anon: needsSession,
    admin: { statuses: OK, why: "administrators reach everything" },
    ufficio: { statuses: OK, why: "the office reaches every staff route" },
    tecnico: { statuses: OK, why: "a technician reaches the staff routes" },
    own: { statuses: [403], why: "staff-only route" },
    other: { statuses: [403], why: "staff-only route" },
  },
  /** admin and ufficio: estimates, contracts, invoices, catalogue, suppliers, outbox, exports. */
  office: {
    anon: needsSession,
    admin: { statuses: OK, why: "administrators reach everything" },
    ufficio: { statuses: OK, why: "the office reaches every office route" },
    tecnico: { statuses: [403], why: "office route: never a technician" },
    own: { statuses: [403], why: "office route" },
    other: { statuses: [403], why: "office route" },
  },
  /** Company settings (and, elsewhere, users): administrators only. */
  admin: {
    anon: needsSession,
    admin: { statuses: OK, why: "administrators reach everything" },
    ufficio: { statuses: [403], why: "admin-only route: not the office" },
    tecnico: { statuses: [403], why: "admin-only route" },
    own: { statuses: [403], why: "admin-only route" },
    other: { statuses: [403], why: "admin-only route" },
  },
};

const FIRM: Relation[] = ["admin", "ufficio", "tecnico"];

/** Writes by someone allowed may still be refused for their input or the record's state. */
function expected(route: RouteEntry, kind: string, relation: Relation): number[] {
  const cell = EXPECTED[kind]![relation].statuses;
  const write = route.method !== "GET";
  // The office's file: a technician deletes only his own uploads (issue 26).
  if (route.method === "DELETE" && route.url === "/api/attachments/:id" && relation === "tecnico") return [403];
  if (write && (FIRM.includes(relation) || relation === "own") && cell.some((s) => s < 300))
    return [...cell, ...INPUT, 404];
  // A portal client's survey always belongs to its own client: a clientId in the body is overridden.
  if (route.method === "POST" && route.url === "/api/surveys" && relation === "other") return [201, 404];
  // Changing the password with a wrong current one: 400 "Password attuale non corretta", never 401/403.
  if (route.url === "/api/auth/password" && relation !== "anon") return [...cell, 400];
  // An outbox message without attachments: its first attachment does not exist.
  if (route.url.endsWith("/attachments/:index")) return [...cell, 404];
  // The worlds hold no site document: its routes answer 404 past the access check.
  if (route.url.startsWith("/api/site-documents/")) return [...cell, 404];
  // Nor an information request: its routes answer 404 past the access check.
  if (route.url.startsWith("/api/information-requests/:id")) return [...cell, 404];
  return cell;
}

function kindOf(route: RouteEntry, sessionScoped: boolean, hasQueryRecord: boolean) {
  if (route.access !== "user") return route.access;
  if (hasQueryRecord) return "user-list";
  return sessionScoped ? "user-session" : "user";
}

let t: TestApp;
let a: World;
let b: World;
let shared: Shared;
let ufficio: string;
let tecnico: string;
const cells = { tried: 0, leaksChecked: 0, tecnicoAnswersScanned: 0 };

beforeAll(async () => {
  t = await buildTestApp();
  a = await seedWorld(t, "Alfa");
  b = await seedWorld(t, "Beta");
  shared = await seedShared(t.db);
  ufficio = (await t.staffUser("ufficio")).cookie;
  tecnico = (await t.staffUser("tecnico")).cookie;
});
afterAll(async () => {
  report(
    "permessi: matrice per record (rotte × chiamante × proprietario)",
    cells.tried,
    "stato atteso, nessun dato dell'altro cliente",
    {
      routes: declaredRoutes().length,
      leakChecks: cells.leaksChecked,
      tecnicoAnswersScanned: cells.tecnicoAnswersScanned,
    },
  );
  await t.close();
});

function cookieOf(caller: Caller) {
  const cookies: Record<Caller, string | undefined> = {
    anon: undefined,
    admin: t.admin,
    ufficio,
    tecnico,
    A: a.cookie,
    B: b.cookie,
  };
  return cookies[caller];
}

async function fresh(caller: Exclude<Caller, "anon">) {
  if (caller === "admin") return t.login(ADMIN.username, ADMIN.password);
  if (caller === "ufficio" || caller === "tecnico") return (await t.staffUser(caller)).cookie;
  return (await t.clientUser(caller === "A" ? a.clientId : b.clientId)).cookie;
}

/** A technician's JSON answer must carry no money, contract or invoice field (docs/domain/roles.md). */
function expectNoMoney(res: LightMyRequestResponse, what: string) {
  if (res.statusCode !== 200 || !String(res.headers["content-type"]).includes("application/json")) return;
  expect(moneyKeysIn(res.json()), `${what}: money, contract or invoice fields in a technician's answer`).toEqual([]);
  cells.tecnicoAnswersScanned++;
}

function expectNoLeak(res: LightMyRequestResponse, secrets: string[], what: string) {
  const text = res.rawPayload.toString("latin1") + JSON.stringify(res.headers);
  for (const secret of secrets) expect(text.includes(secret), `${what} leaks ${secret}`).toBe(false);
  const total = res.headers["x-total-count"];
  if (total !== undefined && res.statusCode === 200) {
    const rows = res.json() as unknown[];
    if (Array.isArray(rows) && rows.length < 50)
      expect(Number(total), `${what}: X-Total-Count counts rows not shown`).toBe(rows.length);
  }
  cells.leaksChecked++;
}

async function runCell(route: RouteEntry, caller: Caller, target: World) {
  const tg = targetFor(route, target, shared);
  const hasQueryRecord = route.method === "GET" && tg.url.includes("?") && !tg.url.includes("?clientId=");
  const kind = kindOf(route, tg.sessionScoped, hasQueryRecord);
  const relation: Relation =
    caller === "anon" || caller === "admin" || caller === "ufficio" || caller === "tecnico"
      ? caller
      : !tg.owned && kind !== "user-session"
        ? "own"
        : (caller === "A") === (target === a)
          ? "own"
          : "other";
  // Logging out would end the session the other cells use: log out a session of its own.
  let cookie = cookieOf(caller);
  if (route.url === "/api/auth/logout" && caller !== "anon") cookie = await fresh(caller);
  const res = await t.app.inject({
    method: route.method as "GET",
    url: tg.url,
    headers: cookie ? { cookie } : {},
    ...(tg.payload ? { payload: tg.payload } : {}),
  });
  cells.tried++;
  const what = `${caller} → ${route.method} ${tg.url} [${kind}/${relation}]`;
  expect(expected(route, kind, relation), `${what}: ${res.statusCode} ${res.body.slice(0, 300)}`).toContain(
    res.statusCode,
  );
  if (res.statusCode >= 400) expect(typeof res.json().message, `${what}: JSON message`).toBe("string");
  if (caller === "A") expectNoLeak(res, secretsOf(b), what);
  if (caller === "B") expectNoLeak(res, secretsOf(a), what);
  if (caller === "tecnico") expectNoMoney(res, what);
  return res;
}

/** What B owns, as stored: compared before and after A's attempts. */
async function snapshotOf(w: World) {
  const rows = await rowsOf(
    t.db,
    sql`
    select json_build_object(
      'client', (select row_to_json(c) from clients c where c.id = ${w.clientId}),
      'estimates', (select json_agg(e order by e.id) from estimates e where e.client_id = ${w.clientId}),
      'items', (select json_agg(i order by i.id) from estimate_items i join estimates e on e.id = i.estimate_id where e.client_id = ${w.clientId}),
      'contracts', (select json_agg(k order by k.id) from contracts k join estimates e on e.id = k.estimate_id where e.client_id = ${w.clientId}),
      'sites', (select json_agg(s order by s.id) from construction_sites s join estimates e on e.id = s.estimate_id where e.client_id = ${w.clientId}),
      'surveys', (select json_agg(v order by v.id) from surveys v where v.client_id = ${w.clientId}),
      'attachments', (select json_agg(a order by a.id) from attachments a where a.entity_id in (${w.sites.running.id}, ${w.survey.id})),
      'notifications', (select json_agg(n order by n.id) from notifications n where n.client_id = ${w.clientId})
    ) as snapshot`,
  );
  return JSON.stringify(rows[0]);
}

const reads = () => declaredRoutes().filter((r) => r.method === "GET");
// DELETEs last: they remove what the other cells need.
const writes = () =>
  declaredRoutes()
    .filter((r) => r.method !== "GET")
    .sort((x, y) => Number(x.method === "DELETE") - Number(y.method === "DELETE"));

// Each case walks the whole route table (hundreds of requests): a harness limit far above the
// default, so a busy machine does not turn a slow walk into a failure. Nothing here is timed.
describe("permissions matrix over the whole route table", { timeout: 300_000 }, () => {
  it("knows a target for every route", () => {
    // Every route of the committed access manifest, no more, no fewer.
    expect(declaredRoutes().map(routeKey).sort()).toEqual(Object.keys(readManifest()).sort());
    for (const route of declaredRoutes()) expect(() => targetFor(route, a, shared)).not.toThrow();
  });

  it("reads: every caller × every owner answers as declared and leaks nothing", async () => {
    for (const route of reads()) {
      for (const target of [a, b])
        for (const caller of ["anon", "admin", "ufficio", "tecnico", "A", "B"] as const)
          await runCell(route, caller, target);
    }
  });

  it("writes by clients and anonymous callers: as declared, and the other client's data is untouched", async () => {
    for (const route of writes()) await runCell(route, "anon", a);
    // Each client writes to the other's records (its own, when the route is scoped by the session):
    // nothing the other owns may change.
    for (const [caller, victim] of [
      ["A", b],
      ["B", a],
    ] as const) {
      const before = JSON.parse(await snapshotOf(victim));
      for (const route of writes()) await runCell(route, caller, victim);
      expect(JSON.parse(await snapshotOf(victim)), `${caller} changed the other client's records`).toEqual(before);
    }
    for (const route of writes())
      for (const caller of ["A", "B"] as const) await runCell(route, caller, caller === "A" ? a : b);
  });

  it("writes by the technician, the office and an administrator: as declared (refused only for access, input or state)", async () => {
    for (const route of writes())
      for (const target of [a, b])
        for (const caller of ["tecnico", "ufficio", "admin"] as const) await runCell(route, caller, target);
  });

  it("every GET a technician reaches was scanned for money fields", () => {
    // The staff reads (dashboard, clients, contacts, surveys, sites, orders, attachments) × two worlds.
    expect(cells.tecnicoAnswersScanned).toBeGreaterThanOrEqual(20);
  });
});
