import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIso } from "@domain/dates";
import { constructionSites, surveys } from "../db/schema";
import { seedShared, seedWorld, type Shared, type World } from "../test/reliability/world";
import { ROLE_FORBIDDEN } from "./guard";
import { buildTestApp, type TestApp } from "../test/app";
import { moneyKeysIn } from "../test/money-keys";

// docs/domain/roles.md: the office (ufficio) does everything but users and company settings;
// a technician (tecnico) reads clients, contacts, sites and orders without money, and works
// surveys and the progress of sites. Representative routes, by role, with the shaped answers.

let t: TestApp;
let w: World;
let shared: Shared;
let ufficio: string;
let tecnico: string;

beforeAll(async () => {
  t = await buildTestApp();
  w = await seedWorld(t, "Ruoli");
  shared = await seedShared(t.db);
  await t.db
    .update(constructionSites)
    .set({ estimatedBudget: "12500.00" })
    .where(eq(constructionSites.id, w.sites.running.id));
  await t.db.update(surveys).set({ date: todayIso(), status: "programmato" }).where(eq(surveys.id, w.survey.id));
  ufficio = (await t.staffUser("ufficio")).cookie;
  tecnico = (await t.staffUser("tecnico")).cookie;
});
afterAll(async () => t.close());

const get = (url: string, cookie: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
const send = (method: "POST" | "PUT" | "DELETE", url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe("tecnico", () => {
  it("is refused estimates, contracts, invoices, services, suppliers, outbox, exports, activity and settings (403)", async () => {
    for (const url of [
      "/api/estimates",
      `/api/estimates/${w.estimates.sent.id}`,
      "/api/contracts",
      `/api/invoices/${w.invoices.pending.id}`,
      "/api/services",
      "/api/suppliers",
      "/api/outbox",
      "/api/activity",
      "/api/settings",
      "/api/notifications",
      "/api/construction-sites/estimate-options",
      "/api/construction-sites/export.csv",
      "/api/clients/export.csv",
      `/api/orders/${shared.order.id}/pdf`,
    ]) {
      const res = await get(url, tecnico);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message, url).toBe(ROLE_FORBIDDEN);
    }
  });

  it("reads clients and contacts but cannot change them", async () => {
    expect((await get("/api/clients", tecnico)).statusCode).toBe(200);
    expect((await get("/api/contacts", tecnico)).statusCode).toBe(200);
    expect(
      (await send("POST", "/api/clients", tecnico, { name: "Nuovo", type: "privato", address: "Via A 1" })).statusCode,
    ).toBe(403);
    expect((await send("PUT", `/api/contacts/${w.contact.id}`, tecnico, { name: "X" })).statusCode).toBe(403);
    expect((await send("DELETE", `/api/clients/${w.clientId}`, tecnico)).statusCode).toBe(403);
  });

  it("gets a client's detail without its estimates or portal account", async () => {
    const office = (await get(`/api/clients/${w.clientId}`, ufficio)).json();
    expect(office.latestEstimates.length).toBeGreaterThan(0);
    const res = await get(`/api/clients/${w.clientId}`, tecnico);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.name).toBe(office.name);
    expect(body).not.toHaveProperty("latestEstimates");
    expect(body).not.toHaveProperty("portalAccess");
    expect(moneyKeysIn(body)).toEqual([]);
  });

  it("gets a site without budget, estimate amounts, contracts, costs or order totals", async () => {
    const office = (await get(`/api/construction-sites/${w.sites.running.id}`, ufficio)).json();
    expect(office.estimatedBudget).toBe("12500.00");
    expect(office.estimate.totalAmount).toBeDefined();
    const res = await get(`/api/construction-sites/${w.sites.running.id}`, tecnico);
    expect(res.statusCode).toBe(200);
    const site = res.json();
    expect(site.name).toBe(office.name);
    expect(site.estimate).toEqual({
      id: office.estimate.id,
      number: office.estimate.number,
      title: office.estimate.title,
      status: office.estimate.status,
      createdAt: office.estimate.createdAt,
    });
    for (const key of ["estimatedBudget", "contracts", "costAnalysis"]) expect(site).not.toHaveProperty(key);
    expect(res.body).not.toContain("12500");
    const list = await get("/api/construction-sites", tecnico);
    expect(list.json().length).toBeGreaterThan(0);
    expect(moneyKeysIn(list.json())).toEqual([]);
  });

  it("updates a site's progress, state and notes, but not the site itself", async () => {
    const site = (await get(`/api/construction-sites/${w.sites.running.id}`, tecnico)).json();
    const res = await send("PUT", `/api/construction-sites/${site.id}/progress`, tecnico, {
      progress: 55,
      notes: "Posate le tegole lato nord",
      version: site.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ progress: 55, notes: "Posate le tegole lato nord", version: site.version + 1 });
    expect(res.json()).not.toHaveProperty("estimatedBudget");
    const [row] = await t.db.select().from(constructionSites).where(eq(constructionSites.id, site.id));
    expect(row!.estimatedBudget).toBe("12500.00");
    const stale = await send("PUT", `/api/construction-sites/${site.id}/progress`, tecnico, {
      progress: 60,
      version: site.version,
    });
    expect(stale.statusCode).toBe(409);
    const bad = await send("PUT", `/api/construction-sites/${site.id}/progress`, tecnico, {
      progress: 140,
      version: site.version + 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Avanzamento");
    const done = await send("PUT", `/api/construction-sites/${site.id}/progress`, tecnico, {
      progress: 80,
      status: "completato",
      version: site.version + 1,
    });
    expect(done.json()).toMatchObject({ status: "completato", progress: 100 });
    expect(done.json().endDate).not.toBeNull();
    const edit = await send("PUT", `/api/construction-sites/${site.id}`, tecnico, { ...site, estimatedBudget: "1.00" });
    expect(edit.statusCode).toBe(403);
  });

  it("reads orders and their lines without prices or totals, and cannot change them", async () => {
    const list = await get("/api/orders", tecnico);
    expect(list.statusCode).toBe(200);
    expect(list.json()[0]).not.toHaveProperty("totalAmount");
    // Sorting by amount is ignored for him (the order would tell the prices), not refused.
    expect((await get("/api/orders?sort=-totalAmount", tecnico)).statusCode).toBe(200);
    const detail = await get(`/api/orders/${shared.order.id}`, tecnico);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().items[0].description).toBe("Tegole portoghesi");
    expect(moneyKeysIn(detail.json())).toEqual([]);
    const items = await get(`/api/order-items?orderId=${shared.order.id}`, tecnico);
    expect(moneyKeysIn(items.json())).toEqual([]);
    expect((await send("POST", `/api/orders/${shared.order.id}/cancel`, tecnico, {})).statusCode).toBe(403);
  });

  it("works surveys: creates, reads without estimates, updates", async () => {
    const created = await send("POST", "/api/surveys", tecnico, {
      clientId: w.clientId,
      date: todayIso(),
      address: "Via dei Tetti 3",
    });
    expect(created.statusCode, created.body).toBe(201);
    const detail = await get(`/api/surveys/${created.json().id}`, tecnico);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).not.toHaveProperty("estimates");
    const officeView = await get(`/api/surveys/${created.json().id}`, ufficio);
    expect(officeView.json()).toHaveProperty("estimates");
  });

  it("gets a dashboard of his work, without revenue or invoices", async () => {
    // The tests above moved the world's site on: one site is in corso again, so the count is not 0.
    await t.db.update(constructionSites).set({ status: "in_corso" }).where(eq(constructionSites.id, w.sites.running.id));
    const res = await get("/api/dashboard", tecnico);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.view).toBe("tecnico");
    // Counted here from the rows themselves: the world has a site in corso and today's survey.
    const allSites = await t.db.select({ status: constructionSites.status }).from(constructionSites);
    const inCorso = allSites.filter((s) => s.status === "in_corso").length;
    const allSurveys = await t.db.select({ date: surveys.date, status: surveys.status }).from(surveys);
    const today = allSurveys.filter((s) => s.date === todayIso() && s.status !== "annullato").length;
    expect(inCorso).toBeGreaterThan(0);
    expect(today).toBeGreaterThan(0);
    expect(body.cards.activeSites).toBe(inCorso);
    expect(body.cards.surveysToday).toBe(today);
    expect(body.todaySurveys.some((s: { id: string }) => s.id === w.survey.id)).toBe(true);
    expect(moneyKeysIn(body)).toEqual([]);
    expect(body).not.toHaveProperty("revenueByMonth");
  });
});

describe("ufficio", () => {
  it("works estimates, invoices, orders and the outbox like an administrator", async () => {
    for (const url of [
      "/api/estimates",
      `/api/invoices/${w.invoices.pending.id}`,
      "/api/contracts",
      "/api/outbox",
      "/api/suppliers",
      "/api/clients/export.csv",
    ]) {
      expect((await get(url, ufficio)).statusCode, url).toBe(200);
    }
    const dashboard = (await get("/api/dashboard", ufficio)).json();
    expect(dashboard.cards).toHaveProperty("monthlyRevenue");
    const order = (await get(`/api/orders/${shared.order.id}`, ufficio)).json();
    expect(order.totalAmount).toBe("100.00");
  });

  it("is refused company settings (403) but reads the public company header", async () => {
    expect((await get("/api/settings", ufficio)).statusCode).toBe(403);
    expect((await send("PUT", "/api/settings", ufficio, { companyName: "Altra" })).statusCode).toBe(403);
    expect((await send("DELETE", "/api/settings/logo", ufficio)).statusCode).toBe(403);
    expect((await get("/api/company", ufficio)).statusCode).toBe(200);
  });
});
