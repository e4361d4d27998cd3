import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, contacts, surveys } from "../../db/schema";
import { buildTestApp, type TestApp } from "../../test/app";
import { searchedNames } from "../../test/search";

let t: TestApp;
let clientId: string;
let otherClientId: string;
beforeAll(async () => {
  t = await buildTestApp();
  const rows = await t.db
    .insert(clients)
    .values([
      { name: "Rossi Mario", type: "privato", address: "Via Roma 1" },
      { name: "Condominio Aurora", type: "condominio", address: "Via Po 2" },
    ])
    .returning();
  clientId = rows[0]!.id;
  otherClientId = rows[1]!.id;
});
afterAll(async () => t.close());

const MISSING = "00000000-0000-4000-8000-000000000000";
const valid = () => ({ clientId, name: "Giulia Bianchi", role: "Amministratrice", phone: "+39 333 1234567", email: "giulia@example.it", notes: "" });
const create = (body: Record<string, unknown>) => t.app.inject({ method: "POST", url: "/api/contacts", headers: { cookie: t.admin }, payload: body });
const rowCount = async () => (await t.db.select({ n: count() }).from(contacts))[0]!.n;

describe("contacts API", () => {
  it("refuses every route without a session (401) and to portal users (403)", async () => {
    const portal = await t.clientUser(clientId);
    for (const [method, url] of [
      ["GET", "/api/contacts"],
      ["GET", `/api/contacts/${MISSING}`],
      ["POST", "/api/contacts"],
      ["PUT", `/api/contacts/${MISSING}`],
      ["DELETE", `/api/contacts/${MISSING}`],
    ] as const) {
      const payload = method === "POST" || method === "PUT" ? valid() : undefined;
      expect((await t.app.inject({ method, url, payload })).statusCode, `${method} ${url}`).toBe(401);
      expect((await t.app.inject({ method, url, payload, headers: { cookie: portal.cookie } })).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it("creates a contact with the client's name and empty optionals as null", async () => {
    const res = await create(valid());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: "Giulia Bianchi", clientName: "Rossi Mario", notes: null, version: 1 });
  });

  it("rejects bad input with 400 naming the field, and stores nothing", async () => {
    const before = await rowCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid(), name: " " }, "name"],
      [{ ...valid(), clientId: "" }, "clientId"],
      [{ ...valid(), clientId: "abc" }, "clientId"],
      [{ ...valid(), email: "non-email" }, "email"],
      [{ ...valid(), phone: "telefono" }, "phone"],
      [{ ...valid(), role: "x".repeat(101) }, "role"],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors).toHaveProperty(field);
    }
    const ghost = await create({ ...valid(), clientId: MISSING });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json().errors.clientId).toBe("Cliente non trovato");
    expect(await rowCount()).toBe(before);
  });

  it("searches name, e-mail and phone, filters by client, pages with X-Total-Count", async () => {
    for (let i = 0; i < 7; i++) {
      await create({ ...valid(), name: `Pagina ${i}`, email: `p${i}@pagine.it`, phone: `+39 02 555 000${i}`, clientId: i < 4 ? clientId : otherClientId });
    }
    const page = await t.app.inject({ url: "/api/contacts?q=pagina&limit=3&offset=3&sort=name", headers: { cookie: t.admin } });
    expect(page.headers["x-total-count"]).toBe("7");
    expect(page.json().map((c: { name: string }) => c.name)).toEqual(["Pagina 3", "Pagina 4", "Pagina 5"]);
    const byMail = await t.app.inject({ url: "/api/contacts?q=p5%40pagine", headers: { cookie: t.admin } });
    expect(byMail.json()).toHaveLength(1);
    const byPhone = await t.app.inject({ url: "/api/contacts?q=555 0006", headers: { cookie: t.admin } });
    expect(byPhone.json()[0].name).toBe("Pagina 6");
    const ofClient = await t.app.inject({ url: `/api/contacts?q=pagina&clientId=${otherClientId}`, headers: { cookie: t.admin } });
    expect(ofClient.headers["x-total-count"]).toBe("3");
    expect(ofClient.json().every((c: { clientName: string }) => c.clientName === "Condominio Aurora")).toBe(true);
    expect((await t.app.inject({ url: "/api/contacts?clientId=nope", headers: { cookie: t.admin } })).statusCode).toBe(400);
    expect((await t.app.inject({ url: "/api/contacts?limit=500", headers: { cookie: t.admin } })).statusCode).toBe(400);
  });

  it("searches name, e-mail and phone in one text: any case, accented letters, % and _ literal, never across two fields", async () => {
    await create({ ...valid(), name: "Niccolò Ombretti", email: "Niccolo@Studio-Ombretti.it", phone: "+39 02 5550202" });
    await create({ ...valid(), name: "Uff_Tecnico 100%", email: "tecnico@ferri.it", phone: "0461 998877" });
    await create({ ...valid(), name: "Ombretti Sara", email: "sara@posta.it", phone: "" });
    const names = (q: string) => searchedNames(t, "/api/contacts", q);
    expect(await names("ombretti")).toEqual(["Niccolò Ombretti", "Ombretti Sara"]);
    expect(await names("NICCOLÒ")).toEqual(["Niccolò Ombretti"]);
    expect(await names("studio-OMBRETTI")).toEqual(["Niccolò Ombretti"]);
    expect(await names("5550202")).toEqual(["Niccolò Ombretti"]);
    expect(await names("100%")).toEqual(["Uff_Tecnico 100%"]);
    expect(await names("uff_tec")).toEqual(["Uff_Tecnico 100%"]);
    expect(await names("ombretti_sara")).toEqual([]);
    expect(await names("ombretti%sara")).toEqual([]);
    expect(await names("sarasara@")).toEqual([]);
    const [found] = (await t.app.inject({ url: "/api/contacts?q=ombretti%20sara", headers: { cookie: t.admin } })).json();
    expect(found).not.toHaveProperty("searchText");
  });

  it("shows the detail with client, survey count and the latest 5 surveys", async () => {
    const contact = (await create({ ...valid(), name: "Referente Lavori" })).json();
    await t.db.insert(surveys).values(
      Array.from({ length: 6 }, (_, i) => ({ clientId, contactId: contact.id, date: `2026-03-0${i + 1}`, address: `Via Test ${i}` })),
    );
    const res = await t.app.inject({ url: `/api/contacts/${contact.id}`, headers: { cookie: t.admin } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.client).toMatchObject({ id: clientId, name: "Rossi Mario" });
    expect(body.surveyCount).toBe(6);
    expect(body.surveys).toHaveLength(5);
    expect(body.surveys[0].date).toBe("2026-03-06");
    const missing = await t.app.inject({ url: `/api/contacts/${MISSING}`, headers: { cookie: t.admin } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Contatto non trovato");
  });

  it("updates with the version it read; stale gets 409, missing 404", async () => {
    const contact = (await create(valid())).json();
    const ok = await t.app.inject({
      method: "PUT",
      url: `/api/contacts/${contact.id}`,
      headers: { cookie: t.admin },
      payload: { ...valid(), clientId: otherClientId, role: "Geometra", version: 1 },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ role: "Geometra", clientName: "Condominio Aurora", version: 2 });
    const stale = await t.app.inject({ method: "PUT", url: `/api/contacts/${contact.id}`, headers: { cookie: t.admin }, payload: { ...valid(), version: 1 } });
    expect(stale.statusCode).toBe(409);
    const missing = await t.app.inject({ method: "PUT", url: `/api/contacts/${MISSING}`, headers: { cookie: t.admin }, payload: { ...valid(), version: 1 } });
    expect(missing.statusCode).toBe(404);
  });

  it("deletes a contact; its surveys stay, without a contact", async () => {
    const contact = (await create(valid())).json();
    const [survey] = await t.db.insert(surveys).values({ clientId, contactId: contact.id, date: "2026-04-01", address: "Via Ponte 3" }).returning();
    const res = await t.app.inject({ method: "DELETE", url: `/api/contacts/${contact.id}`, headers: { cookie: t.admin } });
    expect(res.statusCode).toBe(204);
    const after = await t.app.inject({ url: `/api/surveys/${survey!.id}`, headers: { cookie: t.admin } });
    expect(after.json().contactId).toBeNull();
    expect((await t.app.inject({ method: "DELETE", url: `/api/contacts/${contact.id}`, headers: { cookie: t.admin } })).statusCode).toBe(404);
  });
});
