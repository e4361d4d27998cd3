import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { estimates, estimateStatusTotals } from "../../db/schema";
import { buildTestApp, type TestApp } from "../../test/app";
import { insertClient, insertEstimate } from "../../test/fixtures/dashboard";

// The per-status summary the dashboard reads (migration 0016) must equal a GROUP BY over the
// estimates after every kind of write: single and multi-row inserts, status and amount changes,
// updates that change neither, deletes and TRUNCATE.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const rowsOf = <T>(r: unknown) => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];

async function summary() {
  const rows = await t.db.select().from(estimateStatusTotals);
  return Object.fromEntries(
    rows.filter((r) => r.count !== 0).map((r) => [r.status, { count: r.count, total: Number(r.totalAmount).toFixed(2) }]),
  );
}
async function grouped() {
  const rows = rowsOf<{ status: string; count: number | string; total: string }>(
    await t.db.execute(
      sql`select status, count(*) as count, coalesce(sum(total_amount), 0)::numeric(14,2)::text as total from estimates group by status`,
    ),
  );
  return Object.fromEntries(rows.map((r) => [r.status, { count: Number(r.count), total: Number(r.total).toFixed(2) }]));
}

describe("estimate_status_totals", () => {
  it("follows inserts, status and amount changes, no-op updates and deletes", async () => {
    const client = await insertClient(t.db);
    const a = await insertEstimate(t.db, { clientId: client.id, totalAmount: "100.10" });
    const b = await insertEstimate(t.db, { clientId: client.id, totalAmount: "200.20", status: "inviato" });
    expect(await summary()).toEqual(await grouped());
    expect((await summary()).bozza).toEqual({ count: 1, total: "100.10" });

    // Several rows in one statement (the demo loader and imports write this way).
    await t.db.insert(estimates).values(
      [1, 2, 3].map((n) => ({
        number: `PRV-MULTI-${n}`,
        clientId: client.id,
        title: `Multi ${n}`,
        description: "x",
        status: "accettato" as const,
        expiresAt: "2099-12-31",
        totalAmount: `${n}0.05`,
      })),
    );
    expect((await summary()).accettato).toEqual({ count: 3, total: "60.15" });

    await t.db.update(estimates).set({ status: "inviato" }).where(eq(estimates.id, a.id));
    await t.db.update(estimates).set({ totalAmount: "999.99" }).where(eq(estimates.id, b.id));
    await t.db.update(estimates).set({ title: "Solo il titolo" }).where(eq(estimates.id, b.id));
    expect(await summary()).toEqual(await grouped());
    expect((await summary()).inviato).toEqual({ count: 2, total: "1100.09" });
    expect((await summary()).bozza).toBeUndefined();

    await t.db.delete(estimates).where(eq(estimates.id, a.id));
    expect(await summary()).toEqual(await grouped());
    expect((await summary()).inviato).toEqual({ count: 1, total: "999.99" });
  });

  it("a rolled-back write leaves the summary as it was", async () => {
    const before = await summary();
    const client = await insertClient(t.db);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(estimates).values({
          number: "PRV-ROLLBACK",
          clientId: client.id,
          title: "Annullato",
          description: "x",
          expiresAt: "2099-12-31",
          totalAmount: "5.00",
        });
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await summary()).toEqual(before);
  });

  it("the dashboard reads it: by status, quotes in progress, acceptance rate", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/dashboard", headers: { cookie: t.admin } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const expected = await grouped();
    for (const s of body.estimatesByStatus as { status: string; count: number; total: string }[])
      expect({ count: s.count, total: s.total }).toEqual(expected[s.status] ?? { count: 0, total: "0.00" });
    expect(body.cards.quotesInProgress).toBe((expected.bozza?.count ?? 0) + (expected.inviato?.count ?? 0));
  });

  it("TRUNCATE empties it", async () => {
    await t.db.execute(sql`truncate estimates cascade`);
    expect(await summary()).toEqual({});
  });
});
