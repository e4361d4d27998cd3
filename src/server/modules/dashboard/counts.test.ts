import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, clientTotals, constructionSites, siteStatusTotals } from "../../db/schema";
import { buildTestApp, type TestApp } from "../../test/app";
import { insertClient, insertEstimate, insertSite } from "../../test/fixtures/dashboard";

// The counts the dashboard reads (migration 0022) must equal a count(*) of clients and a GROUP BY
// of sites after every kind of write: inserts of one and many rows, status changes, updates that
// change no status, deletes, a rollback and TRUNCATE; and the dashboard (office and technician)
// must answer from them, late sites included.

let t: TestApp;
let tecnico: string;
beforeAll(async () => {
  t = await buildTestApp();
  tecnico = (await t.staffUser("tecnico")).cookie;
});
afterAll(async () => t.close());

const rowsOf = <T>(r: unknown) => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];
const asMap = (rows: { status: string; n: number | string }[]) =>
  Object.fromEntries(rows.filter((r) => Number(r.n) !== 0).map((r) => [r.status, Number(r.n)]));

async function kept() {
  const [c] = await t.db.select({ n: clientTotals.count }).from(clientTotals);
  const sites = await t.db.select({ status: siteStatusTotals.status, n: siteStatusTotals.count }).from(siteStatusTotals);
  return { clients: c?.n ?? 0, sites: asMap(sites) };
}
async function counted() {
  const [c] = rowsOf<{ n: string }>(await t.db.execute(sql`select count(*)::int as n from clients`));
  const sites = rowsOf<{ status: string; n: number }>(
    await t.db.execute(sql`select status, count(*)::int as n from construction_sites group by status`),
  );
  return { clients: Number(c!.n), sites: asMap(sites) };
}

const TODAY = "2026-05-10";
async function dashboards() {
  const office = await t.app.inject({ url: `/api/dashboard?date=${TODAY}`, headers: { cookie: t.admin } });
  const tech = await t.app.inject({ url: `/api/dashboard?date=${TODAY}`, headers: { cookie: tecnico } });
  expect(office.statusCode).toBe(200);
  expect(tech.statusCode).toBe(200);
  return { office: office.json(), tech: tech.json() };
}

describe("client_totals and site_status_totals", () => {
  it("follow inserts, status changes, no-op updates and deletes", async () => {
    const client = await insertClient(t.db);
    const other = await insertClient(t.db);
    const estimate = await insertEstimate(t.db, { clientId: client.id, status: "accettato" });
    const a = await insertSite(t.db, { estimateId: estimate.id, status: "programmato", estimatedEndDate: "2026-05-01" });
    const b = await insertSite(t.db, { estimateId: estimate.id, status: "in_corso", estimatedEndDate: "2026-05-09" });
    await insertSite(t.db, { estimateId: estimate.id, status: "in_corso", estimatedEndDate: "2026-05-10" });
    await insertSite(t.db, { estimateId: estimate.id, status: "completato", estimatedEndDate: "2026-01-01" });
    expect(await kept()).toEqual(await counted());
    expect(await kept()).toEqual({ clients: 2, sites: { programmato: 1, in_corso: 2, completato: 1 } });

    // The dashboards answer from them; late = past the estimated end, not completed (today is not late).
    let d = await dashboards();
    expect(d.office.cards.activeClients).toBe(2);
    expect(d.office.cards.activeSites).toBe(2);
    expect(d.office.sitesByStatus).toEqual([
      { status: "programmato", count: 1, late: 1 },
      { status: "in_corso", count: 2, late: 1 },
      { status: "completato", count: 1, late: 0 },
      { status: "sospeso", count: 0, late: 0 },
    ]);
    expect(d.office.lateSites).toBe(2);
    expect(d.tech.cards.activeSites).toBe(2);
    expect(d.tech.cards.lateSites).toBe(2);
    expect(d.tech.sitesByStatus).toEqual(d.office.sitesByStatus);

    // A status change moves one count; a change of anything else writes nothing.
    await t.db.update(constructionSites).set({ status: "in_corso" }).where(eq(constructionSites.id, a.id));
    await t.db.update(constructionSites).set({ progress: 40, name: "Rinominato" }).where(eq(constructionSites.id, b.id));
    await t.db.update(clients).set({ name: "Cliente rinominato" }).where(eq(clients.id, other.id));
    expect(await kept()).toEqual(await counted());
    expect((await kept()).sites).toEqual({ in_corso: 3, completato: 1 });
    d = await dashboards();
    expect(d.office.cards.activeSites).toBe(3);
    expect(d.office.sitesByStatus[1]).toEqual({ status: "in_corso", count: 3, late: 2 });

    // Completing a late site takes it off the late ones.
    await t.db.update(constructionSites).set({ status: "completato" }).where(eq(constructionSites.id, b.id));
    d = await dashboards();
    expect(d.office.lateSites).toBe(1);
    expect(d.office.sitesByStatus[2]).toEqual({ status: "completato", count: 2, late: 0 });

    await t.db.delete(constructionSites).where(eq(constructionSites.id, a.id));
    await t.db.delete(clients).where(eq(clients.id, other.id));
    expect(await kept()).toEqual(await counted());
    expect(await kept()).toEqual({ clients: 1, sites: { in_corso: 1, completato: 2 } });
  });

  it("several rows in one statement, changed and deleted together", async () => {
    const made = await t.db
      .insert(clients)
      .values([1, 2, 3].map((n) => ({ name: `Cliente multiplo ${n}`, address: "Via Multipla 2" })))
      .returning({ id: clients.id });
    const estimate = await insertEstimate(t.db, { clientId: made[0]!.id, status: "accettato" });
    const sites = await t.db
      .insert(constructionSites)
      .values(
        (["programmato", "programmato", "sospeso"] as const).map((status, n) => ({
          estimateId: estimate.id,
          name: `Cantiere multiplo ${n}`,
          address: "Via Multipla 1",
          status,
        })),
      )
      .returning({ id: constructionSites.id });
    expect(await kept()).toEqual(await counted());
    const ids = sites.map((s) => s.id);
    await t.db.update(constructionSites).set({ status: "sospeso" }).where(inArray(constructionSites.id, ids));
    expect(await kept()).toEqual(await counted());
    await t.db.delete(constructionSites).where(inArray(constructionSites.id, ids));
    expect(await kept()).toEqual(await counted());
  });

  it("a rolled-back write leaves them as they were", async () => {
    const client = await insertClient(t.db);
    const estimate = await insertEstimate(t.db, { clientId: client.id, status: "accettato" });
    const before = await kept();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(clients).values({ name: "Cliente annullato", address: "Via Annullata 1" });
        await tx.insert(constructionSites).values({ estimateId: estimate.id, name: "Annullato", address: "Via 1", status: "in_corso" });
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await kept()).toEqual(before);
  });

  it("TRUNCATE empties them", async () => {
    await t.db.execute(sql`truncate construction_sites, clients cascade`);
    // (It cascades to the users, sessions included: no dashboard to ask afterwards.)
    expect(await kept()).toEqual({ clients: 0, sites: {} });
  });
});
