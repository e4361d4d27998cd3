import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePartitaIva } from "@domain/validators";
import { clients, contacts } from "../../db/schema";
import { buildTestApp, type TestApp } from "../../test/app";
import { searchedNames } from "../../test/search";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const valid = { name: "Rossi Mario", type: "privato", address: "Via Garibaldi 12", email: "mario.rossi@example.it", phone: "+39 333 1234567" };

async function create(body: Record<string, unknown>) {
  return t.app.inject({ method: "POST", url: "/api/clients", headers: { cookie: t.admin }, payload: body });
}
const rowCount = async () => (await t.db.select({ n: count() }).from(clients))[0]!.n;

describe("clients API", () => {
  it("refuses every route without a session (401)", async () => {
    for (const [method, url] of [
      ["GET", "/api/clients"],
      ["GET", "/api/clients/00000000-0000-4000-8000-000000000000"],
      ["POST", "/api/clients"],
      ["PUT", "/api/clients/00000000-0000-4000-8000-000000000000"],
      ["DELETE", "/api/clients/00000000-0000-4000-8000-000000000000"],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === "POST" || method === "PUT" ? valid : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().message).toBe("Accesso richiesto");
    }
  });

  it("creates a client, stores Italian type for English aliases, and returns it", async () => {
    const res = await create({ ...valid, name: "Condominio Aurora", type: "condominium", vatNumber: makePartitaIva(4242) });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ name: "Condominio Aurora", type: "condominio", version: 1, notes: null });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("rejects bad input with 400, names the field, stores nothing", async () => {
    const before = await rowCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, name: "" }, "name"],
      [{ ...valid, address: "   " }, "address"],
      [{ ...valid, type: "villa" }, "type"],
      [{ ...valid, email: "non-una-email" }, "email"],
      [{ ...valid, vatNumber: "12345678901" }, "vatNumber"],
      [{ ...valid, zipCode: "123" }, "zipCode"],
      [{ ...valid, province: "XX" }, "province"],
      [{ ...valid, fiscalCode: "RSSMRA80A01H501X" }, "fiscalCode"],
      [{ type: "privato" }, "name"],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors).toHaveProperty(field);
      expect(res.json().message).toMatch(/^Dati non validi/);
    }
    const invalidJson = await t.app.inject({
      method: "POST",
      url: "/api/clients",
      headers: { cookie: t.admin, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(invalidJson.statusCode).toBe(400);
    expect(await rowCount()).toBe(before);
  });

  it("searches, filters, sorts and pages in SQL with X-Total-Count", async () => {
    for (let i = 0; i < 12; i++) {
      await create({ ...valid, name: `Bianchi ${String(i).padStart(2, "0")}`, type: i % 2 ? "azienda" : "privato", email: `b${i}@bianchi.it` });
    }
    const page = await t.app.inject({ url: "/api/clients?q=bianchi&sort=name&limit=5&offset=5", headers: { cookie: t.admin } });
    expect(page.statusCode).toBe(200);
    expect(page.headers["x-total-count"]).toBe("12");
    expect(page.json().map((c: { name: string }) => c.name)).toEqual(["Bianchi 05", "Bianchi 06", "Bianchi 07", "Bianchi 08", "Bianchi 09"]);

    const companies = await t.app.inject({ url: "/api/clients?q=bianchi&type=azienda", headers: { cookie: t.admin } });
    expect(companies.headers["x-total-count"]).toBe("6");
    expect(companies.json().every((c: { type: string }) => c.type === "azienda")).toBe(true);

    const pastEnd = await t.app.inject({ url: "/api/clients?q=bianchi&offset=100", headers: { cookie: t.admin } });
    expect(pastEnd.json()).toEqual([]);
    expect(pastEnd.headers["x-total-count"]).toBe("12");

    const literal = await t.app.inject({ url: `/api/clients?q=${encodeURIComponent("%")}`, headers: { cookie: t.admin } });
    expect(literal.headers["x-total-count"]).toBe("0");
  });

  it("searches name, e-mail and phone in one text: any case, accented letters, % and _ literal, never across two fields", async () => {
    await create({ ...valid, name: "Società Edile Ombretti", email: "Info@Ombretti-Edile.it", phone: "+39 02 5550101" });
    await create({ ...valid, name: "Ferri_Costruzioni 100%", email: "amministrazione@ferri.it", phone: "0461 998877" });
    await create({ ...valid, name: "Ombretti Bruno", email: "bruno@posta.it", phone: null });
    const names = (q: string) => searchedNames(t, "/api/clients", q);
    expect(await names("ombretti")).toEqual(["Ombretti Bruno", "Società Edile Ombretti"]);
    expect(await names("SOCIETÀ")).toEqual(["Società Edile Ombretti"]);
    expect(await names("società edile")).toEqual(["Società Edile Ombretti"]);
    expect(await names("ombretti-EDILE")).toEqual(["Società Edile Ombretti"]);
    expect(await names("5550101")).toEqual(["Società Edile Ombretti"]);
    expect(await names("0461 99")).toEqual(["Ferri_Costruzioni 100%"]);
    expect(await names("100%")).toEqual(["Ferri_Costruzioni 100%"]);
    expect(await names("ferri_costruzioni")).toEqual(["Ferri_Costruzioni 100%"]);
    // As wildcards these would match "Ombretti Bruno"; taken literally they match nothing.
    expect(await names("ombretti_bruno")).toEqual([]);
    expect(await names("ombretti%bruno")).toEqual([]);
    // The end of the name and the start of the e-mail are two fields, not one text.
    expect(await names("brunobruno@")).toEqual([]);
    expect(await names("ombretti bruno")).toEqual(["Ombretti Bruno"]);
    // A new e-mail is searched as soon as it is saved (the column is generated by the database).
    const [bruno] = await t.db.select({ id: clients.id }).from(clients).where(eq(clients.name, "Ombretti Bruno"));
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/clients/${bruno!.id}`,
      headers: { cookie: t.admin },
      payload: { ...valid, name: "Ombretti Bruno", email: "b.ombretti@nuovaposta.it", version: 1 },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).not.toHaveProperty("searchText");
    expect(await names("nuovaposta")).toEqual(["Ombretti Bruno"]);
    expect(await names("bruno@posta")).toEqual([]);
    const detail = await t.app.inject({ url: `/api/clients/${bruno!.id}`, headers: { cookie: t.admin } });
    expect(detail.json()).not.toHaveProperty("searchText");
  });

  it("caps the page size and refuses unknown sort keys", async () => {
    expect((await t.app.inject({ url: "/api/clients?limit=201", headers: { cookie: t.admin } })).statusCode).toBe(400);
    expect((await t.app.inject({ url: "/api/clients?limit=0", headers: { cookie: t.admin } })).statusCode).toBe(400);
    expect((await t.app.inject({ url: "/api/clients?sort=password", headers: { cookie: t.admin } })).statusCode).toBe(400);
    expect((await t.app.inject({ url: "/api/clients?offset=-1", headers: { cookie: t.admin } })).statusCode).toBe(400);
  });

  it("updates with the version it read; a stale version gets 409", async () => {
    const created = (await create({ ...valid, name: "Verdi" })).json();
    const ok = await t.app.inject({
      method: "PUT",
      url: `/api/clients/${created.id}`,
      headers: { cookie: t.admin },
      payload: { ...valid, name: "Verdi Costruzioni", type: "company", version: 1 },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ name: "Verdi Costruzioni", type: "azienda", version: 2 });
    const stale = await t.app.inject({
      method: "PUT",
      url: `/api/clients/${created.id}`,
      headers: { cookie: t.admin },
      payload: { ...valid, name: "Sovrascritto", version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    const missing = await t.app.inject({
      method: "PUT",
      url: "/api/clients/00000000-0000-4000-8000-000000000000",
      headers: { cookie: t.admin },
      payload: { ...valid, version: 1 },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Cliente non trovato");
  });

  it("shows the detail with counts and up to 3 contacts", async () => {
    const created = (await create({ ...valid, name: "Gialli" })).json();
    await t.db.insert(contacts).values(
      ["Anna", "Bruno", "Carla", "Dario"].map((name) => ({ clientId: created.id, name })),
    );
    const res = await t.app.inject({ url: `/api/clients/${created.id}`, headers: { cookie: t.admin } });
    expect(res.statusCode).toBe(200);
    expect(res.json().counts).toEqual({ contacts: 4, surveys: 0, estimates: 0 });
    expect(res.json().contacts.map((c: { name: string }) => c.name)).toEqual(["Anna", "Bruno", "Carla"]);
    expect((await t.app.inject({ url: "/api/clients/not-a-uuid", headers: { cookie: t.admin } })).statusCode).toBe(400);
  });

  it("refuses to delete a client that still has contacts (409) and deletes one that has none (204)", async () => {
    const withContact = (await create({ ...valid, name: "Neri" })).json();
    await t.db.insert(contacts).values({ clientId: withContact.id, name: "Referente" });
    const refused = await t.app.inject({ method: "DELETE", url: `/api/clients/${withContact.id}`, headers: { cookie: t.admin } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain("1 contatti");

    const lone = (await create({ ...valid, name: "Solo" })).json();
    const deleted = await t.app.inject({ method: "DELETE", url: `/api/clients/${lone.id}`, headers: { cookie: t.admin } });
    expect(deleted.statusCode).toBe(204);
    const again = await t.app.inject({ method: "DELETE", url: `/api/clients/${lone.id}`, headers: { cookie: t.admin } });
    expect(again.statusCode).toBe(404);
  });

  it("keeps a portal user out of the client records (403, its own included: the portal shows what it needs)", async () => {
    const a = await t.clientUser();
    const other = (await create({ ...valid, name: "Altro Cliente" })).json();
    expect((await t.app.inject({ url: "/api/clients", headers: { cookie: a.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "POST", url: "/api/clients", headers: { cookie: a.cookie }, payload: valid })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "DELETE", url: `/api/clients/${other.id}`, headers: { cookie: a.cookie } })).statusCode).toBe(403);
    const foreign = await t.app.inject({ url: `/api/clients/${other.id}`, headers: { cookie: a.cookie } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).not.toContain("Altro Cliente");
    const own = await t.app.inject({ url: `/api/clients/${a.clientId}`, headers: { cookie: a.cookie } });
    expect(own.statusCode).toBe(403);
  });
});
