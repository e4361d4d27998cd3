import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIso } from "@domain/dates";
import { ASSIGNEE_INVALID } from "@domain/team";
import { hashPassword } from "../../auth/passwords";
import { constructionSites, contacts, surveys, users } from "../../db/schema";
import { buildTestApp, type TestApp } from "../../test/app";
import { insertClient, insertEstimate } from "../../test/fixtures/contracts";

let t: TestApp;
let tech: { id: string; cookie: string };
let other: { id: string; cookie: string };
let office: { id: string; cookie: string };
let n = 0;

async function staffUser(role: "tecnico" | "ufficio" | "admin", values: Partial<typeof users.$inferInsert> = {}) {
  const username = `staff${++n}_${role}`;
  const [user] = await t.db
    .insert(users)
    .values({ username, passwordHash: await hashPassword("password-staff-1"), role, ...values })
    .returning();
  return { id: user!.id, cookie: values.active === false ? "" : await t.login(username, "password-staff-1") };
}

beforeAll(async () => {
  t = await buildTestApp();
  tech = await staffUser("tecnico", { name: "Bruno Tetti", color: "#123456" });
  other = await staffUser("tecnico", { name: "Aldo Gronde" });
  office = await staffUser("ufficio", { name: "Carla Uffici" });
});
afterAll(async () => t.close());

const MISSING = "00000000-0000-4000-8000-000000000000";
const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });
const send = (method: "POST" | "PUT", url: string, payload: unknown, cookie: string) =>
  t.app.inject({ method, url, payload: payload as object, headers: { cookie } });
const post = (url: string, payload: unknown, cookie: string) => send("POST", url, payload, cookie);

async function insertSurvey(values: Partial<typeof surveys.$inferInsert> = {}) {
  const client = await insertClient(t.db, { phone: "+39 333 111 2222" });
  const [row] = await t.db
    .insert(surveys)
    .values({ clientId: client.id, date: todayIso(), address: "Via dei Tetti 5, Monza", ...values })
    .returning();
  return row!;
}

async function insertSite(values: Partial<typeof constructionSites.$inferInsert> = {}) {
  const client = await insertClient(t.db, { phone: "039 123456" });
  const estimate = await insertEstimate(t.db, { clientId: client.id });
  const [row] = await t.db
    .insert(constructionSites)
    .values({
      estimateId: estimate.id,
      name: `Cantiere ${++n}`,
      address: "Via Cantiere 1, Lecco",
      status: "in_corso",
      ...values,
    })
    .returning();
  return row!;
}

describe("GET /api/team", () => {
  it("lists active staff by name with a colour, never portal users or disabled accounts", async () => {
    await t.clientUser();
    const disabled = await staffUser("tecnico", { name: "Zeno Disattivo", active: false });
    // The office's list: user names and roles (a technician's has neither, issue 26).
    const res = await get("/api/team", office.cookie);
    expect(res.statusCode).toBe(200);
    const team = res.json() as { id: string; username: string; name: string; role: string; color: string }[];
    expect(team.map((u) => u.role).every((r) => ["admin", "ufficio", "tecnico"].includes(r))).toBe(true);
    expect(team.some((u) => u.id === disabled.id)).toBe(false);
    const names = team.map((u) => u.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "it", { sensitivity: "base" })));
    expect(team.find((u) => u.id === tech.id)).toMatchObject({
      name: "Bruno Tetti",
      color: "#123456",
      username: expect.any(String),
    });
    // No stored colour: one from the palette, the same on every call.
    const aldo = team.find((u) => u.id === other.id)!;
    expect(aldo.color).toMatch(/^#[0-9a-f]{6}$/);
    expect((await get("/api/team", tech.cookie)).json()).toContainEqual({
      id: aldo.id,
      name: aldo.name,
      color: aldo.color,
    });
    // Username when there is no name.
    expect(team.find((u) => u.username === "admin")?.name).toBe("admin");
  });

  it("is for staff only: 401 without a session, 403 for a portal user", async () => {
    expect((await t.app.inject({ url: "/api/team" })).statusCode).toBe(401);
    const portal = await t.clientUser();
    expect((await get("/api/team", portal.cookie)).statusCode).toBe(403);
    expect((await get("/api/my-day", portal.cookie)).statusCode).toBe(403);
    expect((await post(`/api/surveys/${MISSING}/notes`, { text: "x" }, portal.cookie)).statusCode).toBe(403);
    expect(
      (await send("PUT", `/api/construction-sites/${MISSING}/progress`, { progress: 1, version: 1 }, portal.cookie))
        .statusCode,
    ).toBe(403);
  });
});

describe("assigned technician on surveys and sites", () => {
  it("creates and edits a survey with a technician; the answers carry assignedUser", async () => {
    const client = await insertClient(t.db);
    const body = { clientId: client.id, date: todayIso(), address: "Via Roma 1", assignedUserId: tech.id };
    const created = await post("/api/surveys", body, t.admin);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      assignedUserId: tech.id,
      assignedUser: { id: tech.id, name: "Bruno Tetti", color: "#123456" },
    });
    const id = created.json().id as string;
    const detail = await get(`/api/surveys/${id}`, t.admin);
    expect(detail.json().assignedUser).toEqual({ id: tech.id, name: "Bruno Tetti", color: "#123456" });
    const cleared = await t.app.inject({
      method: "PUT",
      url: `/api/surveys/${id}`,
      headers: { cookie: t.admin },
      payload: { ...body, assignedUserId: "", version: 1 },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ assignedUserId: null, assignedUser: null });
  });

  it("refuses a portal user, a disabled user, an unknown id or a malformed id as assignee (400, Italian)", async () => {
    const client = await insertClient(t.db);
    const portal = await t.clientUser();
    const disabled = await staffUser("tecnico", { active: false });
    const base = { clientId: client.id, date: todayIso(), address: "Via Roma 1" };
    for (const assignedUserId of [portal.userId, disabled.id, MISSING, "nobody"]) {
      const res = await post("/api/surveys", { ...base, assignedUserId }, t.admin);
      expect(res.statusCode, assignedUserId).toBe(400);
      expect(res.body).toContain(ASSIGNEE_INVALID);
    }
    const estimate = await insertEstimate(t.db);
    const site = await post(
      "/api/construction-sites",
      { estimateId: estimate.id, name: "X", address: "Y", assignedUserId: portal.userId },
      t.admin,
    );
    expect(site.statusCode).toBe(400);
    expect(site.json()).toMatchObject({ message: ASSIGNEE_INVALID, errors: { assignedUserId: ASSIGNEE_INVALID } });
  });

  it("keeps a technician disabled after the assignment when another field is edited", async () => {
    const leaving = await staffUser("tecnico", { name: "Dario Partito" });
    const survey = await insertSurvey({ assignedUserId: leaving.id });
    await t.db.update(users).set({ active: false }).where(eq(users.id, leaving.id));
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/surveys/${survey.id}`,
      headers: { cookie: t.admin },
      payload: {
        clientId: survey.clientId,
        date: survey.date,
        address: "Via Nuova 2",
        assignedUserId: leaving.id,
        version: 1,
      },
    });
    expect(res.statusCode).toBe(200);
  });

  it("creates a site with a technician and filters sites by assigned=me and assignedUserId", async () => {
    const estimate = await insertEstimate(t.db);
    const created = await post(
      "/api/construction-sites",
      { estimateId: estimate.id, name: "Tetto Bruno", address: "Via A 1", assignedUserId: tech.id },
      t.admin,
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().assignedUserId).toBe(tech.id);
    await insertSite({ assignedUserId: other.id });
    const mine = await get("/api/construction-sites?assigned=me&limit=200", tech.cookie);
    // The tecnico may not read the office list in this branch (access is the roles helper's): the admin asks for him.
    const byId = await get(`/api/construction-sites?assignedUserId=${tech.id}&limit=200`, t.admin);
    expect(byId.statusCode).toBe(200);
    expect(byId.json().length).toBeGreaterThan(0);
    for (const s of byId.json()) expect(s.assignedUser).toMatchObject({ id: tech.id, name: "Bruno Tetti" });
    // A technician's rows are shaped without money once the roles branch is in: compare the ids.
    const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
    if (mine.statusCode === 200) expect(ids(mine.json())).toEqual(ids(byId.json()));
    const detail = await get(`/api/construction-sites/${created.json().id}`, t.admin);
    expect(detail.json().assignedUser).toEqual({ id: tech.id, name: "Bruno Tetti", color: "#123456" });
    expect((await get("/api/construction-sites?assigned=you", t.admin)).statusCode).toBe(400);
    expect((await get("/api/construction-sites?assignedUserId=abc", t.admin)).statusCode).toBe(400);
  });

  it("filters surveys by assigned=me (the session user) and by assignedUserId; counts match", async () => {
    const admin = (await t.db.select().from(users).where(eq(users.username, "admin")))[0]!;
    await insertSurvey({ assignedUserId: admin.id, address: "Via Mia 1" });
    await insertSurvey({ assignedUserId: other.id, address: "Via Altrui 2" });
    const mine = await get("/api/surveys?assigned=me&limit=200", t.admin);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().length).toBeGreaterThan(0);
    expect(mine.json().every((s: { assignedUserId: string }) => s.assignedUserId === admin.id)).toBe(true);
    expect(Number(mine.headers["x-total-count"])).toBe(mine.json().length);
    const others = await get(`/api/surveys?assignedUserId=${other.id}&limit=200`, t.admin);
    expect(others.json().every((s: { assignedUser: { id: string } }) => s.assignedUser.id === other.id)).toBe(true);
    expect(others.json().some((s: { address: string }) => s.address === "Via Altrui 2")).toBe(true);
  });
});

describe("GET /api/my-day", () => {
  it("answers today's and tomorrow's surveys and the active sites of the session user only, without money", async () => {
    const today = todayIso();
    const tomorrow = addDays(today, 1);
    const client = await insertClient(t.db, { name: "Famiglia Verdi", phone: "+39 333 000 1111" });
    const [contact] = await t.db
      .insert(contacts)
      .values({ clientId: client.id, name: "Luca Verdi", phone: "347 2223333" })
      .returning();
    const todaySurvey = await insertSurvey({
      clientId: client.id,
      contactId: contact!.id,
      assignedUserId: tech.id,
      time: "09:30",
      address: "Via Oggi 1",
    });
    await insertSurvey({ assignedUserId: tech.id, date: tomorrow, address: "Via Domani 2" });
    await insertSurvey({ assignedUserId: tech.id, date: addDays(today, 2), address: "Via Dopodomani 3" });
    await insertSurvey({ assignedUserId: tech.id, date: addDays(today, -1), address: "Via Ieri 4" });
    await insertSurvey({ assignedUserId: tech.id, status: "annullato", address: "Via Annullato 5" });
    await insertSurvey({ assignedUserId: other.id, address: "Via Altro 6" });
    const running = await insertSite({
      assignedUserId: tech.id,
      status: "in_corso",
      progress: 40,
      estimatedBudget: "9999.00",
    });
    await insertSite({ assignedUserId: tech.id, status: "programmato", name: "Cantiere futuro" });
    await insertSite({ assignedUserId: tech.id, status: "completato", progress: 100, name: "Cantiere finito" });
    await insertSite({ assignedUserId: tech.id, status: "sospeso", name: "Cantiere sospeso" });
    await insertSite({ assignedUserId: other.id, name: "Cantiere altrui" });

    const res = await get("/api/my-day", tech.cookie);
    expect(res.statusCode).toBe(200);
    const day = res.json();
    expect(day.today).toBe(today);
    expect(day.tomorrow).toBe(tomorrow);
    expect(day.surveys.today.map((s: { address: string }) => s.address)).toEqual(["Via Oggi 1"]);
    expect(day.surveys.tomorrow.map((s: { address: string }) => s.address)).toEqual(["Via Domani 2"]);
    expect(day.surveys.today[0]).toMatchObject({
      id: todaySurvey.id,
      time: "09:30",
      clientName: "Famiglia Verdi",
      clientPhone: "+39 333 000 1111",
      contactName: "Luca Verdi",
      contactPhone: "347 2223333",
      status: "programmato",
    });
    const siteNames = day.sites.map((s: { name: string }) => s.name);
    expect(siteNames[0]).toBe(running.name);
    expect(siteNames).toContain("Cantiere futuro");
    expect(siteNames).not.toContain("Cantiere finito");
    expect(siteNames).not.toContain("Cantiere sospeso");
    expect(siteNames).not.toContain("Cantiere altrui");
    expect(day.sites[0]).toMatchObject({ progress: 40, clientPhone: "039 123456" });
    // No prices or amounts anywhere in the answer. The budget as a whole number only: a random
    // UUID may end in …f9999 (it did once, on PostgreSQL).
    expect(res.body).not.toMatch(/amount|total|budget|price|cost|\b9999\b/i);

    const empty = await get("/api/my-day", office.cookie);
    expect(empty.json()).toMatchObject({ surveys: { today: [], tomorrow: [] }, sites: [] });
  });
});

describe("field actions: notes, progress, completion", () => {
  it("appends dated, signed lines to survey notes; two parallel appends are both kept; version goes up", async () => {
    const survey = await insertSurvey({ notes: "Nota dell'ufficio" });
    const [a, b] = await Promise.all([
      post(`/api/surveys/${survey.id}/notes`, { text: "Prima nota" }, tech.cookie),
      post(`/api/surveys/${survey.id}/notes`, { text: "Seconda nota" }, other.cookie),
    ]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    const [row] = await t.db.select().from(surveys).where(eq(surveys.id, survey.id));
    const lines = row!.notes!.split("\n");
    expect(lines[0]).toBe("Nota dell'ufficio");
    expect(lines).toHaveLength(3);
    expect(lines.some((l) => /^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} — Bruno Tetti: Prima nota$/.test(l))).toBe(true);
    expect(lines.some((l) => l.endsWith("Aldo Gronde: Seconda nota"))).toBe(true);
    expect(row!.version).toBe(3);
    // An office form opened before the notes is now stale.
    const stale = await t.app.inject({
      method: "PUT",
      url: `/api/surveys/${survey.id}`,
      headers: { cookie: t.admin },
      payload: {
        clientId: survey.clientId,
        date: survey.date,
        address: survey.address,
        notes: "sovrascritto",
        version: 1,
      },
    });
    expect(stale.statusCode).toBe(409);
  });

  it("appends to site notes; refuses empty or too long notes (400) and unknown ids (404)", async () => {
    const site = await insertSite();
    const [x, y] = await Promise.all([
      post(`/api/construction-sites/${site.id}/notes`, { text: "Posate le tegole" }, tech.cookie),
      post(`/api/construction-sites/${site.id}/notes`, { text: "Manca il colmo" }, other.cookie),
    ]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    const [row] = await t.db.select().from(constructionSites).where(eq(constructionSites.id, site.id));
    expect(row!.notes!.split("\n")).toHaveLength(2);
    expect(y.json().version === 3 || x.json().version === 3).toBe(true);

    const blank = await post(`/api/construction-sites/${site.id}/notes`, { text: "   " }, tech.cookie);
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain("Nota: campo obbligatorio");
    expect(
      (await post(`/api/construction-sites/${site.id}/notes`, { text: "x".repeat(2001) }, tech.cookie)).statusCode,
    ).toBe(400);
    expect((await post(`/api/construction-sites/${MISSING}/notes`, { text: "x" }, tech.cookie)).statusCode).toBe(404);
    expect((await post(`/api/surveys/${MISSING}/notes`, { text: "x" }, tech.cookie)).statusCode).toBe(404);

    const full = await insertSite({ notes: "y".repeat(4990) });
    const over = await post(`/api/construction-sites/${full.id}/notes`, { text: "una nota di troppo" }, tech.cookie);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toContain("massimo di 5000");
  });

  it("sets site progress within 0–100 with the version seen; stale 409; a completed site stays at 100 %", async () => {
    const site = await insertSite({ progress: 10 });
    const url = `/api/construction-sites/${site.id}/progress`;
    const put = (u: string, body: unknown, cookie: string) => send("PUT", u, body, cookie);
    for (const progress of [-1, 101, 50.5, "molto"]) {
      const res = await put(url, { progress, version: 1 }, tech.cookie);
      expect(res.statusCode, String(progress)).toBe(400);
      expect(res.json().message).toMatch(/Avanzamento/);
    }
    expect((await put(url, { progress: 60 }, tech.cookie)).statusCode).toBe(400);
    const ok = await put(url, { progress: 100, version: 1 }, tech.cookie);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ progress: 100, version: 2 });
    const zero = await put(url, { progress: 0, version: 2 }, tech.cookie);
    expect(zero.json()).toMatchObject({ progress: 0, version: 3 });
    expect((await put(url, { progress: 30, version: 1 }, tech.cookie)).statusCode).toBe(409);
    expect(
      (await put(`/api/construction-sites/${MISSING}/progress`, { progress: 30, version: 1 }, tech.cookie)).statusCode,
    ).toBe(404);
    const done = await insertSite({ status: "completato", progress: 100 });
    const kept = await put(`/api/construction-sites/${done.id}/progress`, { progress: 30, version: 1 }, tech.cookie);
    expect(kept.json()).toMatchObject({ status: "completato", progress: 100 });
  });

  it("marks a scheduled survey completed; a second time or a stale version answers 409", async () => {
    const survey = await insertSurvey({ assignedUserId: tech.id });
    const url = `/api/surveys/${survey.id}/complete`;
    expect((await post(url, { version: 7 }, tech.cookie)).statusCode).toBe(409);
    const ok = await post(url, { version: 1 }, tech.cookie);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: "completato", version: 2 });
    const again = await post(url, { version: 2 }, tech.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain("programmato");
    expect((await post(`/api/surveys/${MISSING}/complete`, { version: 1 }, tech.cookie)).statusCode).toBe(404);
    expect((await post(url, {}, tech.cookie)).statusCode).toBe(400);
  });
});
