import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIso } from "@domain/dates";
import { buildTestApp, type TestApp } from "../test/app";
import { DEMO_COMPANY } from "./living";
import { DEMO_LOGINS, runDemo } from "./run";

// Issue 28 "A living demo": a fresh `npm run demo` (scale 1) can issue an invoice at once, and
// every demo login lands on a screen with data. No administrator exists first, like a fresh install.
let t: TestApp;
const cookies: Record<keyof typeof DEMO_LOGINS, string> = { admin: "", client: "", ufficio: "", tecnico: "" };
const today = todayIso();

beforeAll(async () => {
  t = await buildTestApp({ setupToken: "demo-test-setup-token" });
  const { adminCreated } = await runDemo(t.db, 1, () => {});
  expect(adminCreated).toBe(true);
  for (const key of Object.keys(DEMO_LOGINS) as (keyof typeof DEMO_LOGINS)[])
    cookies[key] = await t.login(DEMO_LOGINS[key].username, DEMO_LOGINS[key].password);
}, 240_000);
afterAll(async () => t?.close());

const get = async (who: keyof typeof DEMO_LOGINS, url: string) => {
  const res = await t.app.inject({ url, headers: { cookie: cookies[who] } });
  expect(res.statusCode, `${who} ${url}: ${res.body}`).toBe(200);
  return res.json();
};

describe("a fresh demo", () => {
  it("has complete company data and a logo, so the first draft invoice is issued", async () => {
    const settings = await get("admin", "/api/settings");
    expect(settings).toMatchObject({ companyName: DEMO_COMPANY.companyName, vatNumber: DEMO_COMPANY.vatNumber, iban: DEMO_COMPANY.iban });
    expect(settings.logoUrl).toMatch(/^\/api\/company\/logo\?v=/);
    const company = await t.app.inject({ url: "/api/company" });
    expect(company.json()).toMatchObject({ phone: DEMO_COMPANY.phone, email: DEMO_COMPANY.email });

    // A draft of the demo, if the seed made one, and a new one on an active contract: both issue.
    const drafts = await get("ufficio", "/api/invoices?status=bozza&limit=1");
    const { rows } = (await t.db.execute(sql`
      select c.id from contracts c join estimates e on e.id = c.estimate_id
      left join invoices i on i.contract_id = c.id
      where c.status = 'attivo' group by c.id, e.total_amount
      having e.total_amount - coalesce(sum(i.amount), 0) > 1000 limit 1`)) as unknown as { rows: { id: string }[] };
    expect(rows).toHaveLength(1);
    const created = await t.app.inject({
      method: "POST",
      url: "/api/invoices",
      headers: { cookie: cookies.ufficio },
      payload: { contractId: rows[0]!.id, kind: "libera", amount: "500.00" },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ status: "bozza", number: null });
    for (const draft of [...drafts, created.json()]) {
      const sent = await t.app.inject({ method: "POST", url: `/api/invoices/${draft.id}/send`, headers: { cookie: cookies.ufficio } });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toMatchObject({ id: draft.id, status: "inviata", number: expect.stringMatching(/^FAT-\d{4}-\d+$/) });
      const pdf = await t.app.inject({ url: `/api/invoices/${draft.id}/pdf`, headers: { cookie: cookies.ufficio } });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
      const xml = await t.app.inject({ url: `/api/invoices/${draft.id}/fatturapa`, headers: { cookie: cookies.ufficio } });
      expect(xml.statusCode, xml.body).toBe(200);
      expect(xml.body).toContain(`<IdCodice>${DEMO_COMPANY.vatNumber}</IdCodice>`);
    }
  });

  it("admin and ufficio land on a dashboard with this month's payments, activity and notifications", async () => {
    for (const who of ["admin", "ufficio"] as const) {
      const d = await get(who, "/api/dashboard");
      expect(d.cards.activeClients).toBeGreaterThan(0);
      expect(d.cards.quotesInProgress).toBeGreaterThan(0);
      expect(d.cards.activeSites).toBeGreaterThan(0);
      expect(Number(d.cards.monthlyRevenue)).toBeGreaterThan(0);
      expect(d.revenueByMonth.filter((m: { collected: string }) => Number(m.collected) > 0).length).toBeGreaterThan(6);
      const activity = await get(who, "/api/activity?limit=20");
      expect(activity.length).toBeGreaterThan(3);
      expect(activity[0].at.slice(0, 10) >= addDays(today, -14)).toBe(true);
      const bell = await get(who, "/api/notifications");
      expect(bell.items.map((n: { kind: string }) => n.kind)).toEqual(expect.arrayContaining(["survey_request", "information_request"]));
    }
  });

  it("no invoice is left unpaid for years: overdue ones are of the last four months", async () => {
    const { rows } = (await t.db.execute(
      sql`select count(*)::int as n from invoices where status = 'inviata' and due_date < ${addDays(today, -120)}::date`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0]!.n).toBe(0);
  });

  it("every paid invoice has its payments, and none is paid beyond its amount", async () => {
    const list = await get("admin", "/api/invoices?status=pagata&limit=20");
    expect(list.length).toBeGreaterThan(10);
    for (const inv of list) {
      const detail = await get("admin", `/api/invoices/${inv.id}`);
      const paid = detail.payments.reduce((s: number, p: { amount: string }) => s + Math.round(Number(p.amount) * 100), 0);
      expect(paid, detail.number).toBe(Math.round(Number(detail.netToPay) * 100));
    }
  });

  it("the technician lands on his day: surveys today and tomorrow, sites he runs", async () => {
    const day = await get("tecnico", "/api/my-day");
    expect(day.today).toBe(today);
    expect(day.surveys.today.length).toBeGreaterThanOrEqual(3);
    expect(day.surveys.tomorrow.length).toBeGreaterThanOrEqual(2);
    expect(day.sites.length).toBeGreaterThan(0);
    const d = await get("tecnico", "/api/dashboard");
    expect(d).toMatchObject({ view: "tecnico" });
    expect(d.cards.surveysToday).toBeGreaterThanOrEqual(3);
  });

  it("the portal client lands on estimates, projects with photos, an invoice to pay and a bell", async () => {
    const d = await get("client", "/api/portal/dashboard");
    expect(d.estimates.length).toBeGreaterThan(0);
    expect(d.projects.length).toBeGreaterThan(0);
    expect(d.counters.pendingInvoices).toBeGreaterThan(0);
    expect(d.invoices.some((i: { status: string; remainder: string }) => i.status === "inviata" && Number(i.remainder) > 0)).toBe(true);
    const project = await get("client", `/api/portal/projects/${d.projects[0].id}`);
    expect(project.photos.length).toBeGreaterThan(0);
    const bell = await get("client", "/api/portal/notifications");
    expect(bell.items.length).toBeGreaterThanOrEqual(3);
    expect(bell.unread).toBeGreaterThan(0);
  });
});
