import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/app";
import { COUNT_CAP } from "./list";

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
});
