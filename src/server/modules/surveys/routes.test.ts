import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, contacts, estimates, surveys } from "../../db/schema";
import { buildTestApp, type TestApp } from "../../test/app";

let t: TestApp;
let clientId: string;
let otherClientId: string;
let contactId: string;
let foreignContactId: string;
beforeAll(async () => {
  t = await buildTestApp();
  const rows = await t.db
    .insert(clients)
    .values([
      { name: "Bianchi Luca", type: "privato", address: "Via Verdi 4" },
      { name: "Edil Nord S.r.l.", type: "azienda", address: "Via Torino 9" },
    ])
    .returning();
  clientId = rows[0]!.id;
  otherClientId = rows[1]!.id;
  const cs = await t.db
    .insert(contacts)
    .values([
      { clientId, name: "Luca Bianchi" },
      { clientId: otherClientId, name: "Geom. Neri" },
    ])
    .returning();
  contactId = cs[0]!.id;
  foreignContactId = cs[1]!.id;
});
afterAll(async () => t.close());

const MISSING = "00000000-0000-4000-8000-000000000000";
const valid = () => ({
  clientId,
  contactId,
  date: "2026-05-12",
  time: "09:30",
  address: "Via Verdi 4, Monza",
  description: "Infiltrazioni dal lucernario",
  surveyType: "tecnico",
  estimatedDuration: "1.5 ore",
  urgencyLevel: "alta",
  weatherConditions: "sereno",
  ownerPresent: true,
  followUpRequired: false,
  followUpDate: "",
});
const create = (body: Record<string, unknown>, cookie = t.admin) => t.app.inject({ method: "POST", url: "/api/surveys", headers: { cookie }, payload: body });
const rowCount = async () => (await t.db.select({ n: count() }).from(surveys))[0]!.n;

describe("surveys API", () => {
  it("requires a session (401); portal users cannot edit or delete (403)", async () => {
    const portal = await t.clientUser(clientId);
    for (const [method, url] of [
      ["GET", "/api/surveys"],
      ["GET", `/api/surveys/${MISSING}`],
      ["POST", "/api/surveys"],
      ["PUT", `/api/surveys/${MISSING}`],
      ["DELETE", `/api/surveys/${MISSING}`],
    ] as const) {
      const payload = method === "POST" || method === "PUT" ? valid() : undefined;
      expect((await t.app.inject({ method, url, payload })).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await t.app.inject({ method: "PUT", url: `/api/surveys/${MISSING}`, headers: { cookie: portal.cookie }, payload: { ...valid(), version: 1 } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "DELETE", url: `/api/surveys/${MISSING}`, headers: { cookie: portal.cookie } })).statusCode).toBe(403);
  });

  it("creates a survey with defaults, names, and drops the follow-up date when no follow-up", async () => {
    const res = await create({ ...valid(), followUpDate: "2026-06-01" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: "programmato",
      clientName: "Bianchi Luca",
      contactName: "Luca Bianchi",
      time: "09:30",
      followUpDate: null,
      notes: null,
      ownerPresent: true,
    });
    const minimal = await create({ clientId, date: "2026-05-13", address: "Via Po 1" });
    expect(minimal.json()).toMatchObject({ contactId: null, time: null, ownerPresent: false, followUpRequired: false, surveyType: null });
    const follow = await create({ ...valid(), followUpRequired: true, followUpDate: "2026-06-01" });
    expect(follow.json().followUpDate).toBe("2026-06-01");
  });

  it("rejects bad input with 400 naming the field, stores nothing", async () => {
    const before = await rowCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid(), clientId: "" }, "clientId"],
      [{ ...valid(), date: "" }, "date"],
      [{ ...valid(), date: "2026-02-30" }, "date"],
      [{ ...valid(), address: " " }, "address"],
      [{ ...valid(), time: "25:00" }, "time"],
      [{ ...valid(), status: "in_corso" }, "status"],
      [{ ...valid(), surveyType: "sismico" }, "surveyType"],
      [{ ...valid(), urgencyLevel: "altissima" }, "urgencyLevel"],
      [{ ...valid(), estimatedDuration: "5 ore" }, "estimatedDuration"],
      [{ ...valid(), weatherConditions: "grandine" }, "weatherConditions"],
      [{ ...valid(), ownerPresent: "forse" }, "ownerPresent"],
      [{ ...valid(), followUpRequired: true, followUpDate: "2026-05-01" }, "followUpDate"],
      [{ ...valid(), contactId: "x" }, "contactId"],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors, field).toHaveProperty(field);
    }
    const foreign = await create({ ...valid(), contactId: foreignContactId });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.contactId).toBe("Il contatto non appartiene al cliente scelto");
    expect((await create({ ...valid(), clientId: MISSING, contactId: "" })).json().errors.clientId).toBe("Cliente non trovato");
    expect(await rowCount()).toBe(before);
  });

  it("searches description, client name and address; filters status; pages; reads a date range in day order", async () => {
    for (let i = 0; i < 8; i++) {
      await create({
        ...valid(),
        clientId: i < 5 ? clientId : otherClientId,
        contactId: "",
        date: `2026-07-${String(10 + i).padStart(2, "0")}`,
        time: i % 2 ? "15:00" : "",
        description: `Lotto Gamma ${i}`,
        status: i === 7 ? "annullato" : "programmato",
      });
    }
    const q = (s: string) => t.app.inject({ url: `/api/surveys?${s}`, headers: { cookie: t.admin } });
    const page = await q("q=lotto gamma&limit=3&offset=0");
    expect(page.headers["x-total-count"]).toBe("8");
    expect(page.json().map((s: { date: string }) => s.date)).toEqual(["2026-07-17", "2026-07-16", "2026-07-15"]);
    expect((await q("q=edil nord")).headers["x-total-count"]).toBe("3");
    expect((await q("q=via verdi 4, monza&status=annullato")).headers["x-total-count"]).toBe("1");
    const range = await q("from=2026-07-11&to=2026-07-13");
    expect(range.json().map((s: { date: string }) => s.date)).toEqual(["2026-07-11", "2026-07-12", "2026-07-13"]);
    expect((await q("from=2026-07-13&to=2026-07-11")).statusCode).toBe(400);
    expect((await q("from=2026-01-01&to=2026-12-31")).statusCode).toBe(400);
    expect((await q("from=ieri")).statusCode).toBe(400);
    expect((await q("status=in_corso")).statusCode).toBe(400);
  });

  it("shows the detail with client, contact and the estimates generated from it", async () => {
    const survey = (await create(valid())).json();
    await t.db.insert(estimates).values({ number: "PRV-2026-777", clientId, surveyId: survey.id, title: "Lucernario", description: "Sostituzione", expiresAt: "2026-12-31" });
    const res = await t.app.inject({ url: `/api/surveys/${survey.id}`, headers: { cookie: t.admin } });
    expect(res.statusCode).toBe(200);
    expect(res.json().client.name).toBe("Bianchi Luca");
    expect(res.json().contact.name).toBe("Luca Bianchi");
    expect(res.json().estimates.map((e: { number: string }) => e.number)).toEqual(["PRV-2026-777"]);
    const missing = await t.app.inject({ url: `/api/surveys/${MISSING}`, headers: { cookie: t.admin } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Sopralluogo non trovato");
  });

  it("moves a survey with PUT and the version it read; stale 409", async () => {
    const survey = (await create(valid())).json();
    const moved = await t.app.inject({
      method: "PUT",
      url: `/api/surveys/${survey.id}`,
      headers: { cookie: t.admin },
      payload: { ...valid(), date: "2026-05-20", time: "14:00", version: 1 },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ date: "2026-05-20", time: "14:00", version: 2 });
    const stale = await t.app.inject({ method: "PUT", url: `/api/surveys/${survey.id}`, headers: { cookie: t.admin }, payload: { ...valid(), version: 1 } });
    expect(stale.statusCode).toBe(409);
    const missing = await t.app.inject({ method: "PUT", url: `/api/surveys/${MISSING}`, headers: { cookie: t.admin }, payload: { ...valid(), version: 1 } });
    expect(missing.statusCode).toBe(404);
  });

  it("the office's survey routes are closed to portal users (403): they ask through /api/portal/survey-requests", async () => {
    const portal = await t.clientUser(otherClientId);
    const mine = (await create({ ...valid(), clientId: otherClientId, contactId: "" })).json();
    const before = await rowCount();
    for (const [method, url, payload] of [
      ["GET", "/api/surveys", undefined],
      ["GET", `/api/surveys/${mine.id}`, undefined],
      ["POST", "/api/surveys", { clientId: otherClientId, date: "2026-09-01", address: "Via Torino 9" }],
    ] as const) {
      const res = await t.app.inject({ method, url, payload, headers: { cookie: portal.cookie } });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await rowCount()).toBe(before);
    const req = await t.app.inject({
      method: "POST",
      url: "/api/portal/survey-requests",
      headers: { cookie: portal.cookie },
      payload: { clientId, address: "Via Torino 9", description: "Tegole rotte", preferredDate: "2099-09-01" },
    });
    expect(req.statusCode).toBe(201);
    expect(req.json()).toMatchObject({ status: "programmato" });
  });

  it("deletes a survey (204), then 404", async () => {
    const survey = (await create(valid())).json();
    expect((await t.app.inject({ method: "DELETE", url: `/api/surveys/${survey.id}`, headers: { cookie: t.admin } })).statusCode).toBe(204);
    expect((await t.app.inject({ method: "DELETE", url: `/api/surveys/${survey.id}`, headers: { cookie: t.admin } })).statusCode).toBe(404);
  });
});
