import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIso } from "@domain/dates";
import { constructionSites, orders, suppliers } from "../../db/schema";
import { buildTestApp, type TestApp } from "../../test/app";
import { insertClient, insertEstimate } from "../../test/fixtures/contracts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const NONE = "00000000-0000-4000-8000-000000000000";
/** These sites open without safety papers: the compliance guard is tested in modules/compliance. */
const OPEN_ANYWAY = { force: true, reason: "Documenti di sicurezza non oggetto di questo test" };
const rowCount = async () => (await t.db.select({ n: count() }).from(constructionSites))[0]!.n;

async function create(body: Record<string, unknown>, cookie = t.admin) {
  return t.app.inject({ method: "POST", url: "/api/construction-sites", headers: { cookie }, payload: body });
}

describe("construction sites API", () => {
  it("refuses anonymous callers (401) and portal users on admin routes (403)", async () => {
    expect((await t.app.inject({ url: "/api/construction-sites" })).statusCode).toBe(401);
    const portal = await t.clientUser();
    expect((await create({ name: "x" }, portal.cookie)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: "DELETE",
          url: `/api/construction-sites/${NONE}`,
          headers: { cookie: portal.cookie },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ url: "/api/construction-sites/estimate-options", headers: { cookie: portal.cookie } }))
        .statusCode,
    ).toBe(403);
  });

  it("creates a site on an accepted estimate with defaults; empty dates become null", async () => {
    const estimate = await insertEstimate(t.db);
    const res = await create({
      estimateId: estimate.id,
      name: "Villa Rossi",
      address: "Via dei Pini 3",
      startDate: "",
      estimatedEndDate: "",
      floorsCount: "",
      surfaceArea: "120,5",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: "Villa Rossi",
      status: "programmato",
      progress: 0,
      workingHours: "08:00-17:00",
      startDate: null,
      floorsCount: null,
      surfaceArea: "120.50",
      version: 1,
    });
  });

  it("accepts progress and counts as numeric strings and reads pianificato as programmato", async () => {
    const estimate = await insertEstimate(t.db);
    const res = await create({
      estimateId: estimate.id,
      name: "Capannone",
      address: "Via Po 1",
      progress: "35",
      floorsCount: "2",
      expectedWorkers: 4,
      status: "pianificato",
      workType: "rifacimento_tetto",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      progress: 35,
      floorsCount: 2,
      expectedWorkers: 4,
      status: "programmato",
      workType: "rifacimento_tetto",
    });
  });

  it("rejects invalid input with 400 naming the field and stores nothing", async () => {
    const estimate = await insertEstimate(t.db);
    const valid = { estimateId: estimate.id, name: "Cantiere", address: "Via Roma 1" };
    const before = await rowCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, estimateId: "" }, "estimateId"],
      [{ ...valid, estimateId: "abc" }, "estimateId"],
      [{ ...valid, name: " " }, "name"],
      [{ ...valid, address: "" }, "address"],
      [{ ...valid, progress: 101 }, "progress"],
      [{ ...valid, progress: -1 }, "progress"],
      [{ ...valid, progress: "12.5" }, "progress"],
      [{ ...valid, floorsCount: 0 }, "floorsCount"],
      [{ ...valid, expectedWorkers: "0" }, "expectedWorkers"],
      [{ ...valid, surfaceArea: "12.345" }, "surfaceArea"],
      [{ ...valid, estimatedBudget: "-5" }, "estimatedBudget"],
      [{ ...valid, workType: "scavo" }, "workType"],
      [{ ...valid, status: "chiuso" }, "status"],
      [{ ...valid, startDate: "2026-02-30" }, "startDate"],
      [{ ...valid, startDate: "2026-05-10", estimatedEndDate: "2026-05-01" }, "estimatedEndDate"],
      [{ ...valid, workingHours: "8-17" }, "workingHours"],
      [{ ...valid, emergencyPhone: "abc" }, "emergencyPhone"],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors, field).toHaveProperty(field);
    }
    const missing = await create({ ...valid, estimateId: NONE });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty("estimateId");
    expect(await rowCount()).toBe(before);
  });

  it("refuses an estimate that is not accepted (409)", async () => {
    const draft = await insertEstimate(t.db, { status: "inviato" });
    const res = await create({ estimateId: draft.id, name: "No", address: "Via X 1" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain("non è accettato");
  });

  it("lists with search, status filter, sort and pages; late is derived", async () => {
    const estimate = await insertEstimate(t.db);
    const yesterday = addDays(todayIso(), -1);
    for (let i = 0; i < 7; i++) {
      await create({
        estimateId: estimate.id,
        name: `Lotto Aurora ${i}`,
        address: `Via Aurora ${i}`,
        status: i < 3 ? "in_corso" : "programmato",
        ...(i < 3 ? OPEN_ANYWAY : {}),
        estimatedEndDate: i === 0 ? yesterday : "",
      });
    }
    const page = await t.app.inject({
      url: "/api/construction-sites?q=aurora&sort=name&limit=3&offset=3",
      headers: { cookie: t.admin },
    });
    expect(page.headers["x-total-count"]).toBe("7");
    expect(page.json().map((s: { name: string }) => s.name)).toEqual([
      "Lotto Aurora 3",
      "Lotto Aurora 4",
      "Lotto Aurora 5",
    ]);
    const running = await t.app.inject({
      url: "/api/construction-sites?q=aurora&status=in_corso&sort=name",
      headers: { cookie: t.admin },
    });
    expect(running.headers["x-total-count"]).toBe("3");
    expect(running.json()[0]).toMatchObject({ name: "Lotto Aurora 0", late: true, estimateNumber: estimate.number });
    expect(running.json()[1].late).toBe(false);
    const byAddress = await t.app.inject({
      url: "/api/construction-sites?q=via%20aurora%206",
      headers: { cookie: t.admin },
    });
    expect(byAddress.headers["x-total-count"]).toBe("1");
    expect(
      (await t.app.inject({ url: "/api/construction-sites?sort=secret", headers: { cookie: t.admin } })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ url: "/api/construction-sites?limit=500", headers: { cookie: t.admin } })).statusCode,
    ).toBe(400);
  });

  it("shows the detail with cost analysis from the linked orders, alerts and contracts", async () => {
    const estimate = await insertEstimate(t.db, { total: "20000.00" });
    const site = (
      await create({
        estimateId: estimate.id,
        name: "Condominio Sole",
        address: "Via Sole 2",
        status: "in_corso",
        ...OPEN_ANYWAY,
        progress: 5,
      })
    ).json();
    const [supplier] = await t.db.insert(suppliers).values({ name: "Laterizi Brianza", city: "Monza" }).returning();
    await t.db.insert(orders).values([
      {
        number: `ORD-T-${site.id.slice(0, 6)}-1`,
        supplierId: supplier!.id,
        constructionSiteId: site.id,
        title: "Tegole",
        orderDate: todayIso(),
        totalAmount: "2500.00",
        status: "ricevuto",
      },
      {
        number: `ORD-T-${site.id.slice(0, 6)}-2`,
        supplierId: supplier!.id,
        constructionSiteId: site.id,
        title: "Guaina",
        orderDate: todayIso(),
        totalAmount: "1001.00",
        status: "confermato",
      },
      {
        number: `ORD-T-${site.id.slice(0, 6)}-3`,
        supplierId: supplier!.id,
        constructionSiteId: site.id,
        title: "Annullato",
        orderDate: todayIso(),
        totalAmount: "9999.00",
        status: "annullato",
      },
    ]);
    const res = await t.app.inject({ url: `/api/construction-sites/${site.id}`, headers: { cookie: t.admin } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.slowProgress).toBe(true);
    expect(body.late).toBe(false);
    expect(body.estimate).toMatchObject({ id: estimate.id, totalAmount: "20000.00" });
    expect(body.client.id).toBe(estimate.clientId);
    expect(body.orders).toHaveLength(3);
    expect(body.orders[0]).toHaveProperty("supplierName", "Laterizi Brianza");
    // (2500 + 1001) / 20000 = 17.505 % → 17.5; value done = 5 % of 20000.
    expect(body.costAnalysis).toEqual({
      estimateTotal: "20000.00",
      ordersTotal: "3501.00",
      costPercent: "17.5",
      valueDone: "1000.00",
      valueRemaining: "19000.00",
    });
    expect(
      (await t.app.inject({ url: `/api/construction-sites/${NONE}`, headers: { cookie: t.admin } })).json().message,
    ).toBe("Cantiere non trovato");
  });

  it("a portal user reads only their own sites, through the portal, without internal costs (others are 404)", async () => {
    const mine = await insertClient(t.db, { name: "Cliente Portale Cantieri" });
    const portal = await t.clientUser(mine.id);
    const myEstimate = await insertEstimate(t.db, { clientId: mine.id });
    const other = await insertEstimate(t.db);
    const mySite = (await create({ estimateId: myEstimate.id, name: "Casa mia", address: "Via Mia 1" })).json();
    const otherSite = (await create({ estimateId: other.id, name: "Casa altrui", address: "Via Altrui 1" })).json();
    // The office's site routes are closed to clients (docs/domain/portal.md): the portal shows its projects.
    for (const url of ["/api/construction-sites", `/api/construction-sites/${mySite.id}`]) {
      expect((await t.app.inject({ url, headers: { cookie: portal.cookie } })).statusCode, url).toBe(403);
    }
    const detail = await t.app.inject({ url: `/api/portal/projects/${mySite.id}`, headers: { cookie: portal.cookie } });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).not.toHaveProperty("costAnalysis");
    expect(detail.json()).not.toHaveProperty("orders");
    const foreign = await t.app.inject({
      url: `/api/portal/projects/${otherSite.id}`,
      headers: { cookie: portal.cookie },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("updates with the version read (stale → 409); completing sets 100 % and the end date", async () => {
    const estimate = await insertEstimate(t.db);
    const site = (
      await create({
        estimateId: estimate.id,
        name: "Tetto Bianchi",
        address: "Via B 1",
        status: "in_corso",
        ...OPEN_ANYWAY,
        progress: 60,
      })
    ).json();
    const put = (body: Record<string, unknown>) =>
      t.app.inject({
        method: "PUT",
        url: `/api/construction-sites/${site.id}`,
        headers: { cookie: t.admin },
        payload: body,
      });
    const ok = await put({
      estimateId: estimate.id,
      name: "Tetto Bianchi",
      address: "Via B 1",
      status: "completato",
      progress: 90,
      version: 1,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: "completato", progress: 100, endDate: todayIso(), version: 2 });
    const stale = await put({ estimateId: estimate.id, name: "Altro", address: "Via B 1", version: 1 });
    expect(stale.statusCode).toBe(409);
    const missing = await t.app.inject({
      method: "PUT",
      url: `/api/construction-sites/${NONE}`,
      headers: { cookie: t.admin },
      payload: { estimateId: estimate.id, name: "X", address: "Y", version: 1 },
    });
    expect(missing.statusCode).toBe(404);
  });

  it("deletes a site (204), leaving its orders unlinked; a second delete is 404", async () => {
    const estimate = await insertEstimate(t.db);
    const site = (await create({ estimateId: estimate.id, name: "Da eliminare", address: "Via E 1" })).json();
    const [supplier] = await t.db.insert(suppliers).values({ name: "Fornitore E", city: "Lecco" }).returning();
    const [order] = await t.db
      .insert(orders)
      .values({
        number: `ORD-DEL-${site.id.slice(0, 8)}`,
        supplierId: supplier!.id,
        constructionSiteId: site.id,
        title: "Ordine",
        orderDate: todayIso(),
        totalAmount: "10.00",
      })
      .returning();
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/construction-sites/${site.id}`,
      headers: { cookie: t.admin },
    });
    expect(del.statusCode).toBe(204);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(after!.constructionSiteId).toBeNull();
    expect(
      (
        await t.app.inject({
          method: "DELETE",
          url: `/api/construction-sites/${site.id}`,
          headers: { cookie: t.admin },
        })
      ).statusCode,
    ).toBe(404);
  });

  it("offers only accepted estimates for a new site", async () => {
    const accepted = await insertEstimate(t.db, { title: "Opzione accettata Zeta" });
    await insertEstimate(t.db, { status: "bozza", title: "Opzione bozza Zeta" });
    const res = await t.app.inject({
      url: "/api/construction-sites/estimate-options?q=zeta",
      headers: { cookie: t.admin },
    });
    expect(res.json().map((e: { id: string }) => e.id)).toEqual([accepted.id]);
    // The picker asks for 20 rows; one more than MAX_OPTIONS is refused.
    await insertEstimate(t.db, { title: "Opzione accettata Zeta due" });
    const one = await t.app.inject({ url: "/api/construction-sites/estimate-options?q=zeta&limit=1", headers: { cookie: t.admin } });
    expect(one.json()).toHaveLength(1);
    const tooMany = await t.app.inject({ url: "/api/construction-sites/estimate-options?limit=51", headers: { cookie: t.admin } });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toHaveProperty("limit");
  });
});
