import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, estimateItems, estimates, services } from "../../db/schema";
import { buildTestApp, type TestApp } from "../../test/app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const MISSING = "00000000-0000-4000-8000-000000000000";
const valid = { name: "Rifacimento manto in coppi", description: "Coppi nuovi su listellatura", category: "Coperture", unitPrice: "85,50", unit: "mq", status: "attivo", notes: "" };
const create = (body: Record<string, unknown>) => t.app.inject({ method: "POST", url: "/api/services", headers: { cookie: t.admin }, payload: body });
const rowCount = async () => (await t.db.select({ n: count() }).from(services))[0]!.n;

describe("services API", () => {
  it("refuses without a session (401) and to portal users (403)", async () => {
    const portal = await t.clientUser();
    for (const [method, url] of [
      ["GET", "/api/services"],
      ["GET", `/api/services/${MISSING}`],
      ["POST", "/api/services"],
      ["PUT", `/api/services/${MISSING}`],
      ["DELETE", `/api/services/${MISSING}`],
    ] as const) {
      const payload = method === "POST" || method === "PUT" ? valid : undefined;
      expect((await t.app.inject({ method, url, payload })).statusCode).toBe(401);
      expect((await t.app.inject({ method, url, payload, headers: { cookie: portal.cookie } })).statusCode).toBe(403);
    }
  });

  it("creates a service with exact money and the defaults unit mq, status attivo", async () => {
    const res = await create({ name: "Sopralluogo tecnico", unitPrice: 0.1 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ unitPrice: "0.10", unit: "mq", status: "attivo", category: null, version: 1 });
    const full = await create(valid);
    expect(full.json()).toMatchObject({ unitPrice: "85.50", category: "Coperture", notes: null });
    const one = await t.app.inject({ url: `/api/services/${full.json().id}`, headers: { cookie: t.admin } });
    expect(one.json().name).toBe(valid.name);
  });

  it("rejects bad input with 400 naming the field, stores nothing", async () => {
    const before = await rowCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, name: "" }, "name"],
      [{ ...valid, unitPrice: "-1" }, "unitPrice"],
      [{ ...valid, unitPrice: "abc" }, "unitPrice"],
      [{ ...valid, unitPrice: "1.234" }, "unitPrice"],
      [{ ...valid, unitPrice: "123456789" }, "unitPrice"],
      [{ ...valid, unitPrice: undefined }, "unitPrice"],
      [{ ...valid, unit: "litri" }, "unit"],
      [{ ...valid, status: "sospeso" }, "status"],
      [{ ...valid, category: "Giardinaggio" }, "category"],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors, field).toHaveProperty(field);
    }
    expect(await rowCount()).toBe(before);
  });

  it("searches, filters by category and status (the estimate form asks status=attivo), pages", async () => {
    for (let i = 0; i < 6; i++) {
      await create({ ...valid, name: `Guaina ${i}`, category: i % 2 ? "Impermeabilizzazione" : "Isolamento", status: i < 4 ? "attivo" : "inattivo", unitPrice: `${10 + i}` });
    }
    const active = await t.app.inject({ url: "/api/services?status=attivo&q=guaina", headers: { cookie: t.admin } });
    expect(active.headers["x-total-count"]).toBe("4");
    expect(active.json().every((s: { status: string }) => s.status === "attivo")).toBe(true);
    const cat = await t.app.inject({ url: "/api/services?q=guaina&category=Impermeabilizzazione", headers: { cookie: t.admin } });
    expect(cat.json().map((s: { name: string }) => s.name)).toEqual(["Guaina 1", "Guaina 3", "Guaina 5"]);
    const page = await t.app.inject({ url: "/api/services?q=guaina&sort=-unitPrice&limit=2&offset=2", headers: { cookie: t.admin } });
    expect(page.headers["x-total-count"]).toBe("6");
    expect(page.json().map((s: { unitPrice: string }) => s.unitPrice)).toEqual(["13.00", "12.00"]);
    expect((await t.app.inject({ url: "/api/services?status=boh", headers: { cookie: t.admin } })).statusCode).toBe(400);
    expect((await t.app.inject({ url: "/api/services?sort=notes", headers: { cookie: t.admin } })).statusCode).toBe(400);
  });

  it("updates with version; stale 409; missing 404", async () => {
    const svc = (await create(valid)).json();
    const ok = await t.app.inject({ method: "PUT", url: `/api/services/${svc.id}`, headers: { cookie: t.admin }, payload: { ...valid, status: "inattivo", version: 1 } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: "inattivo", version: 2 });
    const stale = await t.app.inject({ method: "PUT", url: `/api/services/${svc.id}`, headers: { cookie: t.admin }, payload: { ...valid, version: 1 } });
    expect(stale.statusCode).toBe(409);
    const missing = await t.app.inject({ method: "PUT", url: `/api/services/${MISSING}`, headers: { cookie: t.admin }, payload: { ...valid, version: 1 } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Servizio non trovato");
  });

  it("refuses to delete a service used by estimate lines (409, suggests inattivo); deletes an unused one", async () => {
    const used = (await create({ ...valid, name: "Usato" })).json();
    const [client] = await t.db.insert(clients).values({ name: "Cliente", type: "privato", address: "Via A 1" }).returning();
    const [estimate] = await t.db
      .insert(estimates)
      .values({ number: "PRV-2026-901", clientId: client!.id, title: "Tetto", description: "Rifacimento", expiresAt: "2026-12-31" })
      .returning();
    await t.db.insert(estimateItems).values({ estimateId: estimate!.id, serviceId: used.id, description: "Usato", quantity: "10", unitPrice: "85.50", totalPrice: "855.00" });
    const refused = await t.app.inject({ method: "DELETE", url: `/api/services/${used.id}`, headers: { cookie: t.admin } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain("1 riga di preventivo");
    expect(refused.json().message).toContain("inattivo");

    const unused = (await create({ ...valid, name: "Mai usato" })).json();
    expect((await t.app.inject({ method: "DELETE", url: `/api/services/${unused.id}`, headers: { cookie: t.admin } })).statusCode).toBe(204);
    expect((await t.app.inject({ method: "DELETE", url: `/api/services/${unused.id}`, headers: { cookie: t.admin } })).statusCode).toBe(404);
  });
});
