import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIso } from "@domain/dates";
import { companySettings, constructionSites, notifications, outbox, surveys } from "../../db/schema";
import { buildTestApp, type TestApp } from "../../test/app";
import { getSettings } from "../settings/queries";
import { seedPortalWorld, type PortalWorld } from "../../test/fixtures/portal";

// docs/domain/portal.md and the client's notifications: what each answer carries.

let t: TestApp;
let a: PortalWorld;
let b: PortalWorld;
let cookie: string;
let cookieB: string;

beforeAll(async () => {
  t = await buildTestApp();
  a = await seedPortalWorld(t.db, "Alfa");
  b = await seedPortalWorld(t.db, "Beta");
  cookie = (await t.clientUser(a.clientId)).cookie;
  cookieB = (await t.clientUser(b.clientId)).cookie;
  await getSettings(t.db);
  await t.db.update(companySettings).set({ email: "ufficio@colmo.it" });
});
afterAll(async () => t.close());

const get = (url: string, c = cookie) => t.app.inject({ url, headers: { cookie: c } });
const send = (method: "POST" | "PUT", url: string, payload: object, c = cookie) =>
  t.app.inject({ method, url, payload, headers: { cookie: c } });
const bellOf = (clientId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.audience, "client"), eq(notifications.clientId, clientId)));
const COST_KEYS = ["materialsCost", "laborCost", "margin", "estimatedBudget", "orderId", "notes", "supplier"];

describe("GET /api/portal/estimates", () => {
  it("lists the client's own sent estimates, never a draft, another client's or a cost", async () => {
    const res = await get("/api/portal/estimates");
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-total-count"]).toBe("3");
    const rows = res.json() as { id: string; status: string }[];
    expect(rows.map((r) => r.id).sort()).toEqual([a.estimates.sent.id, a.estimates.expired.id, a.estimates.accepted.id].sort());
    expect(res.body).not.toContain(a.estimates.draft.id);
    expect(res.body).not.toContain(a.estimates.draft.number);
    expect(res.body).not.toContain("Beta");
    for (const key of COST_KEYS) expect(Object.keys(rows[0]!)).not.toContain(key);
    expect(res.body).not.toContain("600.00");
  });

  it("filters by state in SQL (scaduto is a sent estimate past its date), searches and sorts", async () => {
    const expired = await get("/api/portal/estimates?status=scaduto");
    expect(expired.json().map((r: { id: string }) => r.id)).toEqual([a.estimates.expired.id]);
    const open = await get("/api/portal/estimates?status=inviato");
    expect(open.json().map((r: { id: string }) => r.id)).toEqual([a.estimates.sent.id]);
    const drafts = await get("/api/portal/estimates?status=bozza");
    expect(drafts.statusCode).toBe(400);
    expect(drafts.json().message).toContain("Stato non valido");
    const found = await get(`/api/portal/estimates?q=${encodeURIComponent(a.estimates.accepted.number)}`);
    expect(found.json().map((r: { id: string }) => r.id)).toEqual([a.estimates.accepted.id]);
    const byNumber = (await get("/api/portal/estimates?sort=number")).json().map((r: { number: string }) => r.number);
    expect(byNumber).toEqual([...byNumber].sort());
    const desc = (await get("/api/portal/estimates?sort=-number")).json().map((r: { number: string }) => r.number);
    expect(desc).toEqual([...byNumber].reverse());
    const page = await get("/api/portal/estimates?sort=number&limit=1&offset=1");
    expect(page.json().map((r: { number: string }) => r.number)).toEqual([byNumber[1]]);
    expect(page.headers["x-total-count"]).toBe("3");
    const badSort = await get("/api/portal/estimates?sort=materialsCost");
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().message).toContain("Ordinamento non valido");
  });

  it("answers 401 without a session and 403 to the office", async () => {
    expect((await t.app.inject({ url: "/api/portal/estimates" })).statusCode).toBe(401);
    for (const url of ["/api/portal/estimates", "/api/portal/projects", "/api/portal/survey-requests", "/api/portal/information-requests"]) {
      const res = await get(url, t.admin);
      expect(res.statusCode, url).toBe(403);
      expect(res.body).not.toContain("Alfa");
    }
  });
});

describe("GET /api/portal/projects", () => {
  it("lists every site of the client's estimates (not only the dashboard's 3), without internal notes or budget", async () => {
    const res = await get("/api/portal/projects");
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-total-count"]).toBe("3");
    const rows = res.json() as { name: string; estimate: { id: string } }[];
    expect(rows.map((r) => r.name)).toEqual(["Cantiere Alfa Tetto", "Cantiere Alfa Lucernari", "Cantiere Alfa Grondaie"]);
    expect(rows[0]!.estimate.id).toBe(a.estimates.accepted.id);
    expect(res.body).not.toContain("Note Alfa");
    expect(res.body).not.toContain("Beta");
    for (const key of COST_KEYS) expect(Object.keys(rows[0]!)).not.toContain(key);
  });

  it("filters by status and text, sorts by progress", async () => {
    expect((await get("/api/portal/projects?status=completato")).json().map((r: { name: string }) => r.name)).toEqual([
      "Cantiere Alfa Grondaie",
    ]);
    expect((await get("/api/portal/projects?q=lucern")).json().map((r: { name: string }) => r.name)).toEqual([
      "Cantiere Alfa Lucernari",
    ]);
    expect((await get("/api/portal/projects?sort=-progress")).json().map((r: { progress: number }) => r.progress)).toEqual([100, 45, 0]);
    // A suspended site reads "Programmato" in the portal, and is found under that filter.
    expect((await get("/api/portal/projects?status=programmato")).json().map((r: { name: string }) => r.name)).toEqual([
      "Cantiere Alfa Lucernari",
    ]);
    expect((await get("/api/portal/projects?status=sospeso")).statusCode).toBe(400);
  });
});

describe("GET /api/portal/survey-requests and the client's notice when it is scheduled", () => {
  const request = (over: object = {}) => ({
    address: "Via Verdi 3, Monza",
    description: "Infiltrazioni dal tetto",
    preferredDate: addDays(todayIso(), 3),
    preferredTimeSlot: "pomeriggio",
    urgency: "alta",
    notes: "Citofono Rossi",
    ...over,
  });

  it("lists the requests the client sent, not the office's surveys, another client's or the notes", async () => {
    const mine = (await send("POST", "/api/portal/survey-requests", request())).json();
    await send("POST", "/api/portal/survey-requests", request({ address: "Via Beta 9" }), cookieB);
    // A survey the office planned on its own is not one of the client's requests.
    await t.db.insert(surveys).values({ clientId: a.clientId, date: todayIso(), address: "Via Ufficio 1", notes: "Interna" });
    const res = await get("/api/portal/survey-requests");
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-total-count"]).toBe("1");
    expect(res.json()).toEqual([
      {
        id: mine.id,
        createdAt: expect.any(String),
        date: request().preferredDate,
        time: null,
        address: "Via Verdi 3, Monza",
        description: "Infiltrazioni dal tetto",
        urgency: "alta",
        status: "programmato",
      },
    ]);
    expect(res.body).not.toContain("Via Ufficio");
    expect(res.body).not.toContain("Via Beta");
    expect(res.body).not.toContain("Citofono");
    expect((await get("/api/portal/survey-requests?status=completato")).json()).toEqual([]);
    expect((await get("/api/portal/survey-requests?sort=-date")).statusCode).toBe(200);
    expect((await get("/api/portal/survey-requests?sort=notes")).statusCode).toBe(400);
  });

  it("tells the client (bell and e-mail) when the office fixes the time, not when it edits something else", async () => {
    const mine = (await send("POST", "/api/portal/survey-requests", request({ address: "Via Orari 5" }))).json();
    const base = { clientId: a.clientId, date: mine.date, address: "Via Orari 5", description: "Infiltrazioni dal tetto", status: "programmato" };
    const noTime = await send("PUT", `/api/surveys/${mine.id}`, { ...base, version: 1 }, t.admin);
    expect(noTime.statusCode).toBe(200);
    expect((await bellOf(a.clientId)).filter((n) => n.kind === "survey_scheduled")).toHaveLength(0);
    const fixed = await send("PUT", `/api/surveys/${mine.id}`, { ...base, time: "09:30", version: 2 }, t.admin);
    expect(fixed.statusCode).toBe(200);
    const bell = (await bellOf(a.clientId)).filter((n) => n.kind === "survey_scheduled");
    expect(bell).toHaveLength(1);
    expect(bell[0]!.title).toContain("09:30");
    expect(bell[0]!.link).toBe("/client/richieste");
    expect((await bellOf(b.clientId)).filter((n) => n.kind === "survey_scheduled")).toHaveLength(0);
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, "alfa@example.it"));
    expect(mails.some((m) => m.subject.startsWith("Sopralluogo fissato") && m.text.includes("09:30"))).toBe(true);
    // The client's list shows the time the office fixed.
    const listed = (await get("/api/portal/survey-requests")).json().find((r: { id: string }) => r.id === mine.id);
    expect(listed.time).toBe("09:30");
    // The portal bell carries it.
    const portalBell = (await get("/api/portal/notifications")).json();
    expect(portalBell.items.some((n: { kind: string }) => n.kind === "survey_scheduled")).toBe(true);
    // Cancelled by the office: the client is told too.
    const cancelled = await send("PUT", `/api/surveys/${mine.id}`, { ...base, time: "09:30", status: "annullato", version: 3 }, t.admin);
    expect(cancelled.statusCode).toBe(200);
    const notices = (await bellOf(a.clientId)).filter((n) => n.kind === "survey_cancelled");
    expect(notices).toHaveLength(1);
    expect(notices[0]!.entityId).toBe(mine.id);
  });
});

describe("information requests: the office replies, the client reads the reply", () => {
  it("stores the request, the office lists it and replies; the client is told and reads it, another client sees nothing", async () => {
    const asked = await send("POST", "/api/portal/information-requests", {
      subject: "Tempi di consegna",
      message: "Quando iniziate?",
      entityType: "site",
      entityId: a.sites.running.id,
    });
    expect(asked.statusCode).toBe(204);
    const office = await get("/api/information-requests?state=aperta", t.admin);
    expect(office.statusCode).toBe(200);
    const row = office.json().find((r: { subject: string }) => r.subject === "Tempi di consegna");
    expect(row).toMatchObject({ client: { id: a.clientId, name: "Cliente Alfa" }, entityType: "site", entityLabel: "Cantiere Alfa Tetto", reply: null, version: 1 });
    // The office's bell opens the request to answer it.
    const [officeBell] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.audience, "admin"), eq(notifications.entityId, row.id)));
    expect(officeBell!.link).toBe(`/admin/information-requests/${row.id}`);

    const empty = await send("POST", `/api/information-requests/${row.id}/reply`, { reply: "  ", version: 1 }, t.admin);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain("Risposta");
    const replied = await send("POST", `/api/information-requests/${row.id}/reply`, { reply: "Lunedì prossimo.", version: 1 }, t.admin);
    expect(replied.statusCode).toBe(200);
    expect(replied.json()).toMatchObject({ reply: "Lunedì prossimo.", repliedByName: "admin", version: 2 });
    const stale = await send("POST", `/api/information-requests/${row.id}/reply`, { reply: "Altro", version: 1 }, t.admin);
    expect(stale.statusCode).toBe(409);
    expect((await get("/api/information-requests?state=aperta", t.admin)).json().map((r: { id: string }) => r.id)).not.toContain(row.id);

    const portal = await get("/api/portal/information-requests");
    expect(portal.statusCode).toBe(200);
    const mine = portal.json().find((r: { id: string }) => r.id === row.id);
    expect(mine).toMatchObject({ reply: "Lunedì prossimo.", subject: "Tempi di consegna", entityLabel: "Cantiere Alfa Tetto" });
    // The office's side (who answered, the version) stays in the office.
    expect(Object.keys(mine)).not.toContain("repliedByName");
    expect(Object.keys(mine)).not.toContain("client");
    const bell = (await bellOf(a.clientId)).filter((n) => n.kind === "information_reply");
    expect(bell).toHaveLength(1);
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, "alfa@example.it"));
    expect(mails.some((m) => m.text.includes("Lunedì prossimo."))).toBe(true);

    const other = await get("/api/portal/information-requests", cookieB);
    expect(other.json()).toEqual([]);
    expect((await bellOf(b.clientId)).filter((n) => n.kind === "information_reply")).toHaveLength(0);
  });

  it("closes the office's routes to a client user (403) and a missing request is 404", async () => {
    expect((await get("/api/information-requests", cookie)).statusCode).toBe(403);
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await get(`/api/information-requests/${missing}`, t.admin)).statusCode).toBe(404);
    const reply = await send("POST", `/api/information-requests/${missing}/reply`, { reply: "x", version: 1 }, t.admin);
    expect(reply.statusCode).toBe(404);
  });
});

describe("client notifications written by the office's actions", () => {
  it("a sent estimate reaches the client's bell (its e-mail is the estimate's own)", async () => {
    const res = await send("POST", `/api/estimates/${a.estimates.draft.id}/send`, { version: 1 }, t.admin);
    expect(res.statusCode).toBe(200);
    const bell = (await bellOf(a.clientId)).filter((n) => n.kind === "estimate_sent");
    expect(bell).toHaveLength(1);
    expect(bell[0]!.link).toBe(`/client/estimates/${a.estimates.draft.id}`);
    expect(bell[0]!.body).not.toContain("600");
    expect((await bellOf(b.clientId)).filter((n) => n.kind === "estimate_sent")).toHaveLength(0);
  });

  it("a site completed by the office tells its client (bell and e-mail); a change of notes does not", async () => {
    const [site] = await t.db.select().from(constructionSites).where(eq(constructionSites.id, a.sites.running.id));
    const notes = await send("PUT", `/api/construction-sites/${site!.id}/progress`, { progress: 50, notes: "x", version: site!.version }, t.admin);
    expect(notes.statusCode).toBe(200);
    expect((await bellOf(a.clientId)).filter((n) => n.kind === "site_status")).toHaveLength(0);
    const done = await send(
      "PUT",
      `/api/construction-sites/${site!.id}/progress`,
      { progress: 50, status: "completato", version: notes.json().version },
      t.admin,
    );
    expect(done.statusCode).toBe(200);
    const bell = (await bellOf(a.clientId)).filter((n) => n.kind === "site_status");
    expect(bell).toHaveLength(1);
    expect(bell[0]!.title).toBe("Cantiere Cantiere Alfa Tetto: Completato");
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, "alfa@example.it"));
    expect(mails.some((m) => m.text.includes("i lavori sono stati completati"))).toBe(true);
  });
});
