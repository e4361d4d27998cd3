import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePartitaIva } from "@domain/validators";
import { orders, suppliers } from "../../db/schema";
import { buildTestApp, type TestApp } from "../../test/app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const valid = {
  name: "Laterizi Padani S.r.l.",
  city: "Cremona",
  province: "CR",
  zipCode: "26100",
  address: "Via dell'Industria 4",
  email: "ordini@laterizipadani.it",
  phone: "0372 123456",
  website: "www.laterizipadani.it",
  contactPerson: "Paolo Ferrari",
};

const create = (body: Record<string, unknown>) => t.app.inject({ method: "POST", url: "/api/suppliers", headers: { cookie: t.admin }, payload: body });
const rowCount = async () => (await t.db.select({ n: count() }).from(suppliers))[0]!.n;
let orderSeq = 0;
async function addOrder(supplierId: string, totalAmount: string, status: "bozza" | "inviato" | "confermato" | "ricevuto" | "annullato", orderDate = "2026-01-10") {
  await t.db.insert(orders).values({ number: `ORD-T-${++orderSeq}`, supplierId, title: `Ordine ${orderSeq}`, orderDate, totalAmount, status });
}

describe("suppliers API", () => {
  it("answers 401 without a session and 403 to a portal client", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    for (const [method, url] of [
      ["GET", "/api/suppliers"],
      ["GET", `/api/suppliers/${id}`],
      ["POST", "/api/suppliers"],
      ["PUT", `/api/suppliers/${id}`],
      ["DELETE", `/api/suppliers/${id}`],
    ] as const) {
      const payload = method === "POST" || method === "PUT" ? valid : undefined;
      expect((await t.app.inject({ method, url, payload })).statusCode, `${method} ${url}`).toBe(401);
    }
    const portal = await t.clientUser();
    expect((await t.app.inject({ url: "/api/suppliers", headers: { cookie: portal.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "POST", url: "/api/suppliers", headers: { cookie: portal.cookie }, payload: valid })).statusCode).toBe(403);
  });

  it("creates a supplier with normalised fields and status attivo by default", async () => {
    const res = await create({ ...valid, vatNumber: `IT ${makePartitaIva(501)}`, province: "cr" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: valid.name, vatNumber: makePartitaIva(501), province: "CR", status: "attivo", version: 1, notes: null });
  });

  it("rejects invalid input with 400 naming the field, and stores nothing", async () => {
    const before = await rowCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, name: " " }, "name"],
      [{ ...valid, city: "" }, "city"],
      [{ name: "Senza città" }, "city"],
      [{ ...valid, vatNumber: "12345678901" }, "vatNumber"],
      [{ ...valid, province: "XX" }, "province"],
      [{ ...valid, zipCode: "261" }, "zipCode"],
      [{ ...valid, email: "ordini@" }, "email"],
      [{ ...valid, website: "non è un sito" }, "website"],
      [{ ...valid, phone: "12" }, "phone"],
      [{ ...valid, status: "chiuso" }, "status"],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors, field).toHaveProperty(field);
    }
    expect(await rowCount()).toBe(before);
  });

  it("keeps the partita IVA unique: 409 naming the field, on create and on update", async () => {
    const piva = makePartitaIva(777);
    const first = (await create({ ...valid, name: "Primo", vatNumber: piva })).json();
    const dup = await create({ ...valid, name: "Secondo", vatNumber: piva });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual({ vatNumber: "Partita IVA già registrata per un altro fornitore" });
    expect(dup.json().message).toContain("Primo");

    const other = (await create({ ...valid, name: "Terzo", vatNumber: makePartitaIva(778) })).json();
    const clash = await t.app.inject({
      method: "PUT",
      url: `/api/suppliers/${other.id}`,
      headers: { cookie: t.admin },
      payload: { ...valid, name: "Terzo", vatNumber: piva, version: other.version },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors).toHaveProperty("vatNumber");
    // Saving a supplier with its own number is not a clash.
    const self = await t.app.inject({
      method: "PUT",
      url: `/api/suppliers/${first.id}`,
      headers: { cookie: t.admin },
      payload: { ...valid, name: "Primo Aggiornato", vatNumber: piva, version: 1 },
    });
    expect(self.statusCode).toBe(200);
    expect(self.json()).toMatchObject({ name: "Primo Aggiornato", version: 2 });
  });

  it("updates with the version it read; stale → 409, missing → 404", async () => {
    const s = (await create({ ...valid, name: "Versionato" })).json();
    const put = (version: number, id = s.id) =>
      t.app.inject({ method: "PUT", url: `/api/suppliers/${id}`, headers: { cookie: t.admin }, payload: { ...valid, name: "Versionato", status: "sospeso", version } });
    expect((await put(1)).json()).toMatchObject({ status: "sospeso", version: 2 });
    expect((await put(1)).statusCode).toBe(409);
    const missing = await put(1, "00000000-0000-4000-8000-000000000000");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Fornitore non trovato");
  });

  it("searches name, city and e-mail, filters by status, sorts and pages in SQL", async () => {
    for (let i = 0; i < 7; i++) {
      await create({ ...valid, name: `Coperture Zeta ${i}`, city: i < 3 ? "Lodi" : "Pavia", email: `zeta${i}@zeta.it`, status: i === 0 ? "inattivo" : "attivo" });
    }
    const page = await t.app.inject({ url: "/api/suppliers?q=zeta&sort=-name&limit=3&offset=0", headers: { cookie: t.admin } });
    expect(page.headers["x-total-count"]).toBe("7");
    expect(page.json().map((s: { name: string }) => s.name)).toEqual(["Coperture Zeta 6", "Coperture Zeta 5", "Coperture Zeta 4"]);
    const byCity = await t.app.inject({ url: "/api/suppliers?q=lodi", headers: { cookie: t.admin } });
    expect(byCity.headers["x-total-count"]).toBe("3");
    const byMail = await t.app.inject({ url: "/api/suppliers?q=zeta3@", headers: { cookie: t.admin } });
    expect(byMail.json().map((s: { name: string }) => s.name)).toEqual(["Coperture Zeta 3"]);
    const active = await t.app.inject({ url: "/api/suppliers?q=zeta&status=attivo", headers: { cookie: t.admin } });
    expect(active.headers["x-total-count"]).toBe("6");
    expect((await t.app.inject({ url: "/api/suppliers?status=chiuso", headers: { cookie: t.admin } })).statusCode).toBe(400);
    expect((await t.app.inject({ url: "/api/suppliers?limit=500", headers: { cookie: t.admin } })).statusCode).toBe(400);
    expect((await t.app.inject({ url: "/api/suppliers?sort=vatNumber", headers: { cookie: t.admin } })).statusCode).toBe(400);
  });

  it("shows order statistics and the 5 latest orders on the detail", async () => {
    const s = (await create({ ...valid, name: "Statistico" })).json();
    const empty = (await t.app.inject({ url: `/api/suppliers/${s.id}`, headers: { cookie: t.admin } })).json();
    expect(empty.stats).toEqual({ totalOrders: 0, completedOrders: 0, totalValue: "0.00", averageValue: "0.00" });
    expect(empty.latestOrders).toEqual([]);

    await addOrder(s.id, "100.00", "ricevuto", "2026-01-01");
    await addOrder(s.id, "200.50", "ricevuto", "2026-01-02");
    await addOrder(s.id, "50.25", "confermato", "2026-01-03");
    await addOrder(s.id, "999.00", "annullato", "2026-01-04");
    await addOrder(s.id, "10.00", "bozza", "2026-01-05");
    await addOrder(s.id, "20.00", "inviato", "2026-01-06");
    const res = await t.app.inject({ url: `/api/suppliers/${s.id}`, headers: { cookie: t.admin } });
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail.stats).toEqual({ totalOrders: 6, completedOrders: 2, totalValue: "380.75", averageValue: "76.15" });
    expect(detail.latestOrders).toHaveLength(5);
    expect(detail.latestOrders[0]).toMatchObject({ orderDate: "2026-01-06", status: "inviato", totalAmount: "20.00" });

    const missing = await t.app.inject({ url: "/api/suppliers/00000000-0000-4000-8000-000000000000", headers: { cookie: t.admin } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Fornitore non trovato");
    expect((await t.app.inject({ url: "/api/suppliers/abc", headers: { cookie: t.admin } })).statusCode).toBe(400);
  });

  it("refuses to delete a supplier with orders (409) and deletes one without", async () => {
    const withOrders = (await create({ ...valid, name: "Con Ordini" })).json();
    await addOrder(withOrders.id, "10.00", "bozza");
    const refused = await t.app.inject({ method: "DELETE", url: `/api/suppliers/${withOrders.id}`, headers: { cookie: t.admin } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain("1 ordine");

    const lone = (await create({ ...valid, name: "Senza Ordini" })).json();
    expect((await t.app.inject({ method: "DELETE", url: `/api/suppliers/${lone.id}`, headers: { cookie: t.admin } })).statusCode).toBe(204);
    expect(await t.db.select().from(suppliers).where(eq(suppliers.id, lone.id))).toEqual([]);
    expect((await t.app.inject({ method: "DELETE", url: `/api/suppliers/${lone.id}`, headers: { cookie: t.admin } })).statusCode).toBe(404);
  });
});
