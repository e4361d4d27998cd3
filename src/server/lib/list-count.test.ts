import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Queryable } from "../db/client";
import { clients } from "../db/schema";
import { buildTestApp, type TestApp } from "../test/app";
import { COUNT_CAP, countCapped, countedRow, countShaped, ESTIMATE_FAR_ABOVE } from "./list";

// Counts stop at COUNT_CAP: past it the list says so in a header instead of counting every row.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // COUNT_CAP + 5 clients named "Capped …" and three named "Esatto …".
  await t.db.execute(
    sql.raw(
      `insert into clients (name, address, type) select 'Capped ' || g, 'Via Roma ' || g, 'privato' from generate_series(1, ${COUNT_CAP + 5}) g`,
    ),
  );
  await t.db.execute(
    sql.raw(
      `insert into clients (name, address, type) select 'Esatto ' || g, 'Via Po ' || g, 'azienda' from generate_series(1, 3) g`,
    ),
  );
}, 120_000);
afterAll(async () => t.close());

const list = (query: string) =>
  t.app.inject({ method: "GET", url: `/api/clients?${query}`, headers: { cookie: t.admin } });

describe("list counts", () => {
  it("caps a count past COUNT_CAP and says it is capped", async () => {
    const res = await list("limit=5");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(5);
    expect(res.headers["x-total-count"]).toBe(String(COUNT_CAP));
    expect(res.headers["x-total-count-capped"]).toBe("true");
  });

  it("keeps an exact count below the cap, without the capped header", async () => {
    const res = await list("q=Esatto&limit=2");
    expect(res.json()).toHaveLength(2);
    expect(res.headers["x-total-count"]).toBe("3");
    expect(res.headers["x-total-count-capped"]).toBeUndefined();
  });

  it("still serves a page past the cap (offset beyond COUNT_CAP)", async () => {
    const res = await list(`sort=name&type=privato&offset=${COUNT_CAP}&limit=50`);
    expect(res.statusCode).toBe(200);
    // COUNT_CAP + 5 "Capped" private clients (plus any seeded by the test app): the last page holds at least 5.
    expect(res.json().length).toBeGreaterThanOrEqual(5);
    expect(res.headers["x-total-count-capped"]).toBe("true");
  });

  it("keeps counting an unfiltered list while the table's estimate is not far above the cap", async () => {
    await t.db.execute(sql`analyze clients`);
    const { db, statements } = recording();
    expect(await countCapped(db, t.db.select(countedRow).from(clients).$dynamic())).toBe(COUNT_CAP + 1);
    // The catalog read, then the capped count.
    expect(statements).toEqual(["select", "select"]);
  });

  it("answers a cursor page without counting when the client keeps the first page's total", async () => {
    const first = await list("q=Esatto&limit=2&sort=name");
    expect(first.headers["x-total-count"]).toBe("3");
    const after = String(first.headers["x-next-cursor"]);
    const page2 = (known: boolean) =>
      t.app.inject({
        method: "GET",
        url: `/api/clients?q=Esatto&limit=2&sort=name&offset=2&after=${after}`,
        headers: { cookie: t.admin, ...(known ? { "x-total-count-known": "true" } : {}) },
      });
    const kept = await page2(true);
    expect(kept.json().map((c: { name: string }) => c.name)).toEqual(["Esatto 3"]);
    expect(kept.headers["x-total-count"]).toBeUndefined();
    expect(kept.headers["x-previous-cursor"]).toBeDefined();
    // A client that does not say so (a reload on page 2, another program) still gets the count.
    const counted = await page2(false);
    expect(counted.json()).toEqual(kept.json());
    expect(counted.headers["x-total-count"]).toBe("3");
    // The first page is always counted, whatever the request says.
    const again = await t.app.inject({
      method: "GET",
      url: "/api/clients?q=Esatto&limit=2&sort=name",
      headers: { cookie: t.admin, "x-total-count-known": "true" },
    });
    expect(again.headers["x-total-count"]).toBe("3");
  });

  it("a count runs when awaited, not when called", async () => {
    const { db, statements } = recording();
    const pending = countCapped(db, t.db.select(countedRow).from(clients).where(sql`false`).$dynamic());
    await new Promise((r) => setTimeout(r, 20));
    expect(statements).toEqual([]);
    expect(await pending).toBe(0);
    // Filtered: no catalog read, only the count.
    expect(statements).toEqual(["select"]);
  });

  it("answers an unfiltered list over a table far above the cap from the estimate, without counting", async () => {
    // Past ESTIMATE_FAR_ABOVE, then the statistics autovacuum would have taken (PGlite has no autovacuum).
    await t.db.execute(
      sql.raw(
        `insert into clients (name, address, type) select 'Oltre ' || g, 'Via Tevere ' || g, 'privato' from generate_series(1, ${ESTIMATE_FAR_ABOVE - COUNT_CAP + 100}) g`,
      ),
    );
    await t.db.execute(sql`analyze clients`);
    const { db, statements } = recording();
    expect(await countCapped(db, t.db.select(countedRow).from(clients).$dynamic())).toBe(COUNT_CAP + 1);
    expect(statements).toEqual(["select"]); // the catalog read alone
    const res = await list("limit=5");
    expect(res.headers["x-total-count"]).toBe(String(COUNT_CAP));
    expect(res.headers["x-total-count-capped"]).toBe("true");
    // A filter keeps the count exact.
    const exact = await list("q=Esatto&limit=2");
    expect(exact.headers["x-total-count"]).toBe("3");
    expect(exact.headers["x-total-count-capped"]).toBeUndefined();
  }, 120_000);

  it("remembers for a minute that a filter matched more than the cap, by its values, then counts again", async () => {
    const ofType = (type: "privato" | "azienda") =>
      countShaped(t.db, {
        shape: "clients by type (test)",
        where: eq(clients.type, type),
        table: clients,
        matching: (where) => t.db.select(countedRow).from(clients).where(where).$dynamic(),
      });
    expect(await ofType("privato")).toBe(COUNT_CAP + 1);
    const companies = await ofType("azienda");
    expect(companies).toBeLessThan(COUNT_CAP);
    await t.db.execute(sql`update clients set type = 'azienda' where name like 'Capped %' or name like 'Oltre %'`);
    // The filter that was above the cap says so for a minute; the other value is counted as it is now.
    expect(await ofType("privato")).toBe(COUNT_CAP + 1);
    expect(await ofType("azienda")).toBe(COUNT_CAP + 1);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      expect(await ofType("privato")).toBeLessThan(COUNT_CAP);
    } finally {
      vi.useRealTimers();
    }
  });

  it("remembers for a minute that a table is far above the cap, then asks again", async () => {
    const unfiltered = () => countCapped(t.db, t.db.select(countedRow).from(clients).$dynamic());
    expect(await unfiltered()).toBe(COUNT_CAP + 1);
    // The table falls far below the cap and its statistics say so...
    await t.db.execute(sql`delete from clients where name like 'Oltre %' or name like 'Capped %'`);
    await t.db.execute(sql`analyze clients`);
    const [{ n } = { n: 0 }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(clients);
    expect(n).toBeLessThan(COUNT_CAP);
    // ...but for a minute the list keeps saying "oltre": no catalog read, no count.
    expect(await unfiltered()).toBe(COUNT_CAP + 1);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      expect(await unfiltered()).toBe(n);
    } finally {
      vi.useRealTimers();
    }
  }, 120_000);
});

/** t.db, recording the statements countCapped starts through it (by builder: select, execute). */
function recording() {
  const statements: string[] = [];
  const db = new Proxy(t.db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if ((prop === "select" || prop === "execute") && typeof value === "function")
        return (...args: unknown[]) => {
          statements.push(prop);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      return value;
    },
  }) as Queryable;
  return { db, statements };
}
