import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("health probes", () => {
  it("liveness answers without a session and without the database", async () => {
    const res = await t.app.inject({ url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: t.database.kind });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("readiness: 200 when the database answers with every migration, 503 while draining", async () => {
    const ready = await t.app.inject({ url: "/api/health/ready" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready", database: t.database.kind });

    t.app.lifecycle.draining = true;
    try {
      const draining = await t.app.inject({ url: "/api/health/ready" });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toMatchObject({ status: "unavailable", reason: "Arresto in corso" });
      // Liveness and ordinary requests are still served while draining.
      expect((await t.app.inject({ url: "/api/health" })).statusCode).toBe(200);
      expect((await t.app.inject({ url: "/api/auth/me", headers: { cookie: t.admin } })).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.draining = false;
    }
  });

  it("readiness: 503 when the newest migration of this build is not applied", async () => {
    const newest = await t.db.execute(
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    const row = (newest as unknown as { rows: { id: number; hash: string; created_at: string }[] }).rows[0]!;
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${row.id}`);
    try {
      const res = await t.app.inject({ url: "/api/health/ready" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: "unavailable", reason: "Migrazioni del database non applicate" });
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at})`,
      );
    }
    expect((await t.app.inject({ url: "/api/health/ready" })).statusCode).toBe(200);
  });
});
