import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/app";
import { insertClient, insertContract, insertEstimate, insertInvoice, insertSite } from "../../test/fixtures/dashboard";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seed();
});
afterAll(async () => t.close());

const TODAY = "2026-03-15";

/** A known data set around the month boundaries of March 2026. */
async function seed() {
  const [c1, c2] = [await insertClient(t.db), await insertClient(t.db)];
  await insertClient(t.db);
  const e = (clientId: string, status: "bozza" | "inviato" | "accettato" | "rifiutato", totalAmount: string) =>
    insertEstimate(t.db, { clientId, status, totalAmount });
  const accepted = await e(c1.id, "accettato", "1000.00");
  await e(c2.id, "accettato", "500.50");
  await e(c1.id, "bozza", "100.00");
  await e(c1.id, "bozza", "200.00");
  await e(c2.id, "inviato", "300.00");
  await e(c2.id, "rifiutato", "400.00");
  const contract = await insertContract(t.db, accepted.id);
  const inv = (
    amount: string,
    status: "bozza" | "inviata" | "pagata",
    issueDate: string,
    more: { paidDate?: string; dueDate?: string; totalAmount?: string } = {},
  ) =>
    insertInvoice(t.db, {
      contractId: contract.id,
      amount,
      status,
      issueDate,
      dueDate: more.dueDate ?? "2099-01-01",
      paidDate: more.paidDate ?? null,
      totalAmount: more.totalAmount ?? amount,
    });
  await inv("100.00", "pagata", "2026-02-28", { paidDate: "2026-03-01" }); // last day of February
  await inv("200.50", "pagata", "2026-03-01", { paidDate: "2026-03-10" }); // first day of March
  await inv("300.25", "pagata", "2026-03-31", { paidDate: "2026-03-31" }); // last day of March
  await inv("400.00", "pagata", "2026-04-01", { paidDate: "2026-04-02" }); // first day of April
  await inv("50.00", "inviata", "2026-03-05", { dueDate: "2026-03-14", totalAmount: "61.00" }); // overdue since yesterday
  await inv("70.00", "bozza", "2026-03-06", { dueDate: "2026-03-15" }); // due today: not overdue, draft: not invoiced
  await inv("10.00", "bozza", "2026-02-01", { dueDate: "2026-03-01" }); // an unpaid draft past its due day counts as overdue
  await inv("80.00", "pagata", "2025-03-31", { paidDate: "2025-04-01" }); // same month last year: outside the window
  await inv("90.00", "pagata", "2025-04-01", { paidDate: "2026-03-15" }); // first month of the window
  await insertSite(t.db, { estimateId: accepted.id, status: "in_corso", estimatedEndDate: "2026-03-14" });
  await insertSite(t.db, { estimateId: accepted.id, status: "in_corso", estimatedEndDate: "2026-03-15" });
  await insertSite(t.db, { estimateId: accepted.id, status: "completato", estimatedEndDate: "2026-01-01" });
  await insertSite(t.db, { estimateId: accepted.id, status: "sospeso", estimatedEndDate: "2026-01-01" });
  await insertSite(t.db, { estimateId: accepted.id, status: "programmato", estimatedEndDate: null });
}

const get = async (query = `?date=${TODAY}`) => {
  const res = await t.app.inject({ url: `/api/dashboard${query}`, headers: { cookie: t.admin } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe("dashboard API", () => {
  it("is admin only and validates the reference day", async () => {
    expect((await t.app.inject({ url: "/api/dashboard" })).statusCode).toBe(401);
    const portal = await t.clientUser();
    expect((await t.app.inject({ url: "/api/dashboard", headers: { cookie: portal.cookie } })).statusCode).toBe(403);
    const bad = await t.app.inject({ url: "/api/dashboard?date=2026-02-30", headers: { cookie: t.admin } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty("date");
  });

  it("computes the four cards of docs/domain/screens.md, with the month's first and last day in", async () => {
    const d = await get();
    expect(d.date).toBe(TODAY);
    // The portal user of the previous test added one client.
    expect(d.cards).toEqual({ activeClients: 4, quotesInProgress: 3, activeSites: 2, monthlyRevenue: "690.75" });
  });

  it("sums invoiced and collected per month over twelve months, zero-filled", async () => {
    const d = await get();
    expect(d.revenueByMonth).toHaveLength(12);
    expect(d.revenueByMonth[0]).toEqual({ month: "2025-04", invoiced: "90.00", collected: "80.00" });
    expect(d.revenueByMonth[10]).toEqual({ month: "2026-02", invoiced: "100.00", collected: "0.00" });
    expect(d.revenueByMonth[11]).toEqual({ month: "2026-03", invoiced: "550.75", collected: "690.75" });
    expect(
      d.revenueByMonth
        .slice(1, 10)
        .every((m: { invoiced: string; collected: string }) => m.invoiced === "0.00" && m.collected === "0.00"),
    ).toBe(true);
  });

  it("counts estimates by status with the acceptance rate, sites with the late ones, overdue invoices", async () => {
    const d = await get();
    expect(d.estimatesByStatus).toEqual([
      { status: "bozza", count: 2, total: "300.00" },
      { status: "inviato", count: 1, total: "300.00" },
      { status: "accettato", count: 2, total: "1500.50" },
      { status: "rifiutato", count: 1, total: "400.00" },
    ]);
    expect(d.acceptanceRate).toBe("66.7");
    expect(d.sitesByStatus).toEqual([
      { status: "programmato", count: 1, late: 0 },
      { status: "in_corso", count: 2, late: 1 },
      { status: "completato", count: 1, late: 0 },
      { status: "sospeso", count: 1, late: 1 },
    ]);
    expect(d.lateSites).toBe(2);
    expect(d.overdueInvoices).toEqual({ count: 2, total: "71.00" });
  });

  it("lists the invoices due for a reminder with the client, what is owed and for how long", async () => {
    const d = await get();
    // The issued one due yesterday; the overdue draft is not sent, so there is nobody to remind yet.
    expect(d.remindersDue).toEqual([
      {
        id: expect.any(String),
        number: expect.stringMatching(/^FAT-T-\d+$/),
        clientName: expect.stringMatching(/^Cliente /),
        dueDate: "2026-03-14",
        remainder: "61.00",
        daysPastDue: 1,
        remindersSent: 0,
      },
    ]);
    expect((await get("?date=2026-03-24")).remindersDue[0]).toMatchObject({ daysPastDue: 10 });
  });

  it("moves with the reference day: on April 1st March's revenue leaves the card", async () => {
    const d = await get("?date=2026-04-01");
    expect(d.cards.monthlyRevenue).toBe("400.00");
    expect(d.revenueByMonth[0].month).toBe("2025-05");
    expect(d.revenueByMonth[11]).toEqual({ month: "2026-04", invoiced: "400.00", collected: "400.00" });
    // Without a date the server uses today.
    expect((await get("")).date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
