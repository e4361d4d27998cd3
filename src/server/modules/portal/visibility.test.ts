import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { declaredRoutes, readManifest, routeKey } from "../../access-manifest";
import type { RouteEntry } from "../../app";
import { activityLog, clients, estimates, orders, suppliers } from "../../db/schema";
import { buildTestApp, type TestApp } from "../../test/app";
import { seedPortalWorld, type PortalWorld } from "../../test/fixtures/portal";

// Client vs portal visibility (docs/domain/portal.md): a client user sees through every route exactly what
// the portal shows. Drafts, supplier orders and their costs, internal notes and the office's
// activity never reach a client, whatever the route; the generic routes are the office's (403).
let t: TestApp;
let a: PortalWorld;
let b: PortalWorld;
let cookie: string;

/** Strings only the office may see: a client's body containing any of them is a leak. */
const SECRET = {
  orderNumber: "ORD-SEGRETO-77",
  orderTitle: "Coppi da fornitore riservato",
  orderCost: "777.77",
  orderNotes: "Sconto fornitore riservato",
  supplier: "Fornitore Riservato Srl",
  clientNotes: "Nota interna: cliente che paga tardi",
  activity: "Attività interna dell'ufficio",
};

beforeAll(async () => {
  t = await buildTestApp();
  a = await seedPortalWorld(t.db, "Alfa");
  b = await seedPortalWorld(t.db, "Beta");
  cookie = (await t.clientUser(a.clientId)).cookie;
  // A's accepted estimate carries a supplier order at cost; A's record has internal notes; the
  // office's log has an entry about A.
  const [supplier] = await t.db.insert(suppliers).values({ name: SECRET.supplier, city: "Roma" }).returning();
  const [order] = await t.db
    .insert(orders)
    .values({
      number: SECRET.orderNumber,
      supplierId: supplier!.id,
      title: SECRET.orderTitle,
      orderDate: "2025-01-10",
      totalAmount: SECRET.orderCost,
      status: "confermato",
      notes: SECRET.orderNotes,
    })
    .returning();
  for (const e of [a.estimates.sent, a.estimates.accepted]) await t.db.update(estimates).set({ orderId: order!.id }).where(eq(estimates.id, e.id));
  await t.db.update(clients).set({ notes: SECRET.clientNotes }).where(eq(clients.id, a.clientId));
  await t.db.insert(activityLog).values({ action: "update", entityType: "client", entityId: a.clientId, clientId: a.clientId, description: SECRET.activity });
});
afterAll(async () => t.close());

const get = (url: string, c = cookie) => t.app.inject({ url, headers: { cookie: c } });
const SAMPLE = "00000000-0000-4000-8000-000000000000";

/** Every id of A's world: a GET route with an :id is tried with each of them. */
const idsOf = (w: PortalWorld) => [
  ...Object.values(w.estimates).map((e) => e.id),
  ...Object.values(w.invoices).map((i) => i.id),
  ...Object.values(w.sites).map((s) => s.id),
  ...Object.values(w.photos).map((p) => p.id),
  w.contract.id,
  w.clientId,
];

/** Client-readable routes that never answer 200 here, each for the reason given. */
const SILENT_READS = [
  // No logo was uploaded in this world: 404, like any missing file.
  "GET /api/company/logo",
  // The world's photos are rows without stored bytes (seedPortalWorld): their file is 404.
  "GET /api/portal/attachments/:id/file",
];

function urlsFor(route: RouteEntry, ids: string[]): string[] {
  if (!route.url.includes(":")) return [route.url, `${route.url}?status=bozza`, `${route.url}?clientId=${a.clientId}`];
  return ids.map((id) => route.url.replace(/:[A-Za-z]+/g, id));
}

function expectNoSecrets(body: string, what: string) {
  const draftNumbers = [a.estimates.draft.number, a.invoices.draft.number].filter((n): n is string => Boolean(n));
  for (const secret of [...Object.values(SECRET), ...draftNumbers, a.invoices.draft.id]) {
    expect(body.includes(secret), `${what} shows ${secret}`).toBe(false);
  }
  for (const field of ['"orderId"', '"order"', '"materialsCostOrder"', '"acceptedIp"', '"activity"', '"actorName"']) {
    expect(body.includes(field), `${what} carries ${field}`).toBe(false);
  }
}

describe("client vs portal visibility", () => {
  it("the generic (office) routes answer 403 to a client, whatever the id or filter", async () => {
    // The firm's routes (staff, office, admin: docs/domain/roles.md) are never a client's.
    const generic = declaredRoutes().filter((r) => ["staff", "office", "admin"].includes(r.access) && r.method === "GET");
    // Exactly the GET routes the committed manifest gives to the firm.
    const firmReads = Object.entries(readManifest()).filter(
      ([key, e]) => key.startsWith("GET ") && ["staff", "office", "admin"].includes(e.access),
    );
    expect(generic.map(routeKey).sort()).toEqual(firmReads.map(([key]) => key).sort());
    for (const url of [
      "/api/estimates?status=bozza",
      `/api/estimates/${a.estimates.draft.id}`,
      `/api/estimates/${a.estimates.draft.id}/pdf`,
      `/api/estimates/${a.estimates.sent.id}`,
      `/api/estimate-items?estimateId=${a.estimates.sent.id}`,
      "/api/invoices?status=bozza",
      `/api/invoices/${a.invoices.draft.id}`,
      `/api/invoices/${a.invoices.draft.id}/pdf`,
      "/api/activity",
      `/api/activity?clientId=${a.clientId}`,
      "/api/notifications",
      `/api/clients/${a.clientId}`,
      "/api/construction-sites",
      "/api/contracts",
      "/api/surveys",
      `/api/attachments?entityType=site&entityId=${a.sites.running.id}`,
      `/api/attachments/${a.photos.shared.id}/file`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, `${url} → ${res.statusCode}`).toBe(403);
      expectNoSecrets(res.body, url);
    }
    for (const route of generic) {
      const res = await get(route.url.replace(/:[A-Za-z]+/g, a.estimates.sent.id));
      expect(res.statusCode, `${route.url} → ${res.statusCode}`).toBe(403);
    }
    for (const [method, url, payload] of [
      ["POST", `/api/estimates/${a.estimates.sent.id}/accept`, { signedBy: "Mario Alfa", version: 1 }],
      ["POST", `/api/estimates/${a.estimates.sent.id}/request-changes`, { message: "Più economico" }],
      ["POST", "/api/surveys", { clientId: a.clientId, address: "Via Alfa 1", date: "2030-01-01" }],
      ["POST", "/api/notifications/read-all", {}],
    ] as const) {
      const res = await t.app.inject({ method, url, payload, headers: { cookie } });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it("drafts are 404 on every portal route that could show them (detail, PDF, actions)", async () => {
    for (const url of [
      `/api/portal/estimates/${a.estimates.draft.id}`,
      `/api/portal/estimates/${a.estimates.draft.id}/pdf`,
      `/api/portal/estimates/${a.estimates.draft.id}/pdf?download=1`,
      `/api/portal/invoices/${a.invoices.draft.id}`,
      `/api/portal/invoices/${a.invoices.draft.id}/pdf`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"]).not.toContain("application/pdf");
    }
    const accept = await t.app.inject({
      method: "POST",
      url: `/api/portal/estimates/${a.estimates.draft.id}/accept`,
      payload: { signedBy: "Mario Alfa", version: a.estimates.draft.version },
      headers: { cookie },
    });
    expect(accept.statusCode).toBe(404);
    const changes = await t.app.inject({
      method: "POST",
      url: `/api/portal/estimates/${a.estimates.draft.id}/request-changes`,
      payload: { message: "Più economico" },
      headers: { cookie },
    });
    expect(changes.statusCode).toBe(404);
    const [draft] = await t.db.select().from(estimates).where(eq(estimates.id, a.estimates.draft.id));
    expect(draft!.status).toBe("bozza");
  });

  it("lists never hold drafts, even when asked for them", async () => {
    const dashboard = (await get("/api/portal/dashboard")).json();
    expect(dashboard.estimates.map((e: { status: string }) => e.status)).not.toContain("bozza");
    expect(dashboard.invoices.map((i: { id: string }) => i.id)).not.toContain(a.invoices.draft.id);
    const invoices = await get("/api/portal/invoices?status=bozza&limit=100");
    expect(invoices.statusCode).toBe(200);
    expect(invoices.json().map((i: { id: string }) => i.id)).not.toContain(a.invoices.draft.id);
  });

  it("no body a client can reach carries order costs, internal notes, activity or drafts", async () => {
    const reachable = declaredRoutes().filter((r) => r.method === "GET" && !["staff", "office", "admin"].includes(r.access));
    const answered = new Set<string>();
    for (const route of reachable) {
      for (const url of urlsFor(route, idsOf(a))) {
        const res = await get(url);
        expect(res.statusCode, `${url} → ${res.statusCode}`).toBeLessThan(500);
        const text = res.headers["content-type"]?.toString().includes("application/pdf") ? "" : res.body;
        expectNoSecrets(text + JSON.stringify(res.headers), url);
        if (res.statusCode === 200) answered.add(routeKey(route));
      }
    }
    // Not vacuous: every route a client can read answered 200 at least once with A's own data,
    // but those that need an id this world does not give them.
    const silent = reachable.map(routeKey).filter((key) => !answered.has(key));
    expect(silent.sort()).toEqual(SILENT_READS);
  });

  it("the portal still shows A's sent estimates and issued invoices, with their PDFs and shared photos", async () => {
    const sent = await get(`/api/portal/estimates/${a.estimates.sent.id}`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ status: "inviato", version: a.estimates.sent.version, grossTotal: "1100.00" });
    for (const url of [
      `/api/portal/estimates/${a.estimates.sent.id}/pdf`,
      `/api/portal/estimates/${a.estimates.accepted.id}/pdf?download=1`,
      `/api/portal/invoices/${a.invoices.pending.id}/pdf`,
      `/api/portal/invoices/${a.invoices.paid.id}/pdf`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toContain("application/pdf");
      // Frozen documents (accepted, issued) are revalidated by ETag; views are never kept.
      expect(res.headers["cache-control"], url).toMatch(/^private, no-(store|cache)$/);
    }
    const list = (await get("/api/portal/invoices")).json();
    expect(list.map((i: { id: string }) => i.id).sort()).toEqual([a.invoices.pending.id, a.invoices.paid.id].sort());
    const project = (await get(`/api/portal/projects/${a.sites.running.id}`)).json();
    expect(project.photos.map((p: { url: string }) => p.url)).toEqual([`/api/portal/attachments/${a.photos.shared.id}/file`]);
    // The photo's bytes are not stored in this fixture: the route reaches the storage (404 "File
    // non trovato nell'archivio"), not the visibility refusal.
    const photo = await get(`/api/portal/attachments/${a.photos.shared.id}/file`);
    expect(photo.json().message).toBe("File non trovato nell'archivio");
    const hidden = await get(`/api/portal/attachments/${a.photos.private.id}/file`);
    expect(hidden.json().message).toBe("Allegato non trovato");
    expect((await get("/api/portal/notifications")).statusCode).toBe(200);
  });

  it("client A with client B's ids → 404 on every portal route, nothing of B shown", async () => {
    for (const url of [
      `/api/portal/estimates/${b.estimates.sent.id}`,
      `/api/portal/estimates/${b.estimates.sent.id}/pdf`,
      `/api/portal/invoices/${b.invoices.pending.id}`,
      `/api/portal/invoices/${b.invoices.pending.id}/pdf`,
      `/api/portal/projects/${b.sites.running.id}`,
      `/api/portal/attachments/${b.photos.shared.id}/file`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain("Beta");
    }
    for (const [url, payload] of [
      [`/api/portal/estimates/${b.estimates.sent.id}/accept`, { signedBy: "Mario Alfa", version: b.estimates.sent.version }],
      [`/api/portal/estimates/${b.estimates.sent.id}/request-changes`, { message: "Più economico" }],
      [`/api/portal/notifications/${SAMPLE}/read`, {}],
    ] as const) {
      const res = await t.app.inject({ method: "POST", url, payload, headers: { cookie } });
      expect(res.statusCode, url).toBe(404);
    }
    const [row] = await t.db.select().from(estimates).where(eq(estimates.id, b.estimates.sent.id));
    expect(row!.status).toBe("inviato");
  });

  it("an administrator is refused by the portal (403) and keeps the generic routes", async () => {
    expect((await get(`/api/portal/estimates/${a.estimates.sent.id}/pdf`, t.admin)).statusCode).toBe(403);
    expect((await get(`/api/estimates/${a.estimates.draft.id}`, t.admin)).statusCode).toBe(200);
    expect((await get(`/api/invoices/${a.invoices.draft.id}/pdf`, t.admin)).statusCode).toBe(200);
    expect((await get("/api/activity", t.admin)).body).toContain(SECRET.activity);
  });
});
