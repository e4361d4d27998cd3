import { and, asc, desc, eq, ilike, sql, TransactionRollbackError, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Queryable } from "../db/client";
import { clients } from "../db/schema";
import { buildTestApp, type TestApp } from "../test/app";
import { preparedRead, rawStatement, shapedRead } from "./prepared";

// A prepared read: built once per database, its values from each call, and inside a transaction it
// runs in that transaction (a prepared statement would run on the pool and miss what it wrote).
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.db.insert(clients).values([
    { name: "Prepared Uno", address: "Via Roma 1", type: "privato" },
    { name: "Prepared Due", address: "Via Roma 2", type: "azienda" },
  ]);
}, 120_000);
afterAll(async () => t.close());

let builds = 0;
const readByName = preparedRead("colmo_test_client_by_name", (db: Queryable) => {
  builds++;
  return db
    .select({ name: clients.name, type: clients.type })
    .from(clients)
    .where(eq(clients.name, sql.placeholder("name")));
});

describe("preparedRead", () => {
  it("builds once per database and reads each call's own values", async () => {
    const before = builds;
    expect(await readByName(t.db, { name: "Prepared Uno" })).toEqual([{ name: "Prepared Uno", type: "privato" }]);
    expect(await readByName(t.db, { name: "Prepared Due" })).toEqual([{ name: "Prepared Due", type: "azienda" }]);
    expect(await readByName(t.db, { name: "Nessuno" })).toEqual([]);
    expect(builds - before).toBeLessThanOrEqual(1);
  });

  it("inside a transaction sees what the transaction wrote, and nothing of it after a rollback", async () => {
    let inside: unknown;
    const rolledBack = await t.db
      .transaction(async (tx) => {
        await tx.insert(clients).values({ name: "Prepared Tre", address: "Via Roma 3", type: "privato" });
        inside = await readByName(tx, { name: "Prepared Tre" });
        tx.rollback();
      })
      .then(
        () => false,
        (err: unknown) => err instanceof TransactionRollbackError,
      );
    expect(rolledBack).toBe(true);
    expect(inside).toEqual([{ name: "Prepared Tre", type: "privato" }]);
    expect(await readByName(t.db, { name: "Prepared Tre" })).toEqual([]);
  });
});

// A shaped read: one statement per shape (the rest of the key is the WHERE's text), each call's
// WHERE values bound to it; under tests a hit that would build different SQL fails.
const readNames = shapedRead();
let shapedBuilds = 0;
const namesWhere = (
  db: Queryable,
  where: SQL | undefined,
  descending = false,
  shape = String(descending),
  page = { limit: 10, offset: 0 },
  stable = false,
) =>
  readNames(db, {
    shape,
    where,
    page,
    stable,
    build: (w, bounds) => {
      shapedBuilds++;
      return db
        .select({ name: clients.name })
        .from(clients)
        .where(w)
        .orderBy(descending ? desc(clients.name) : asc(clients.name))
        .limit(bounds.limit)
        .offset(bounds.offset);
    },
  });
const names = (rows: { name: string }[]) => rows.map((r) => r.name);

describe("shapedRead", () => {
  it("builds once per shape of the WHERE and binds each call's values", async () => {
    const before = shapedBuilds;
    const like = (q: string) => ilike(clients.name, `Prepared ${q}%`);
    expect(names(await namesWhere(t.db, like("U")))).toEqual(["Prepared Uno"]);
    expect(names(await namesWhere(t.db, like("D")))).toEqual(["Prepared Due"]);
    expect(names(await namesWhere(t.db, like("X")))).toEqual([]);
    // Under tests a hit is rebuilt to compare (verifyShape): two builds for the first, one per hit.
    const firstShape = shapedBuilds - before;
    expect(firstShape).toBe(3);
    // Another WHERE shape: its own statement, its own values.
    const both = and(like(""), eq(clients.type, "azienda"));
    expect(names(await namesWhere(t.db, both))).toEqual(["Prepared Due"]);
    expect(names(await namesWhere(t.db, and(like(""), eq(clients.type, "privato"))))).toEqual(["Prepared Uno"]);
    // No WHERE at all, and the other order: shapes of their own.
    expect(names(await namesWhere(t.db, undefined)).filter((n) => n.startsWith("Prepared"))).toEqual([
      "Prepared Due",
      "Prepared Uno",
    ]);
    expect(names(await namesWhere(t.db, like(""), true))).toEqual(["Prepared Uno", "Prepared Due"]);
  });

  it("fails under tests when a shape key misses what changes the statement", async () => {
    const where = eq(clients.type, "privato");
    await namesWhere(t.db, where, false, "same");
    // The same key for a statement ordered the other way: it would have been served the first one.
    await expect(namesWhere(t.db, where, true, "same")).rejects.toThrow(/reused a different statement/);
  });

  it("runs a WHERE whose text cannot be read back into placeholders as built", async () => {
    const odd = and(sql`${clients.name} <> '$1'`, eq(clients.name, "Prepared Uno"));
    expect(names(await namesWhere(t.db, odd))).toEqual(["Prepared Uno"]);
    expect(names(await namesWhere(t.db, and(sql`${clients.name} <> '$1'`, eq(clients.name, "Prepared Due"))))).toEqual([
      "Prepared Due",
    ]);
  });

  it("a stable shape (no filter but the cursor) has its LIMIT and OFFSET in the key and reads each page", async () => {
    const after = (name: string) => sql`${clients.name} > ${name}`;
    const page = (name: string, limit: number, offset = 0) =>
      namesWhere(t.db, after(name), false, "stable", { limit, offset }, true).then(names);
    expect(await page("Prepared", 1)).toEqual(["Prepared Due"]);
    expect(await page("Prepared Due", 1)).toEqual(["Prepared Uno"]);
    expect((await page("Prepared", 2)).slice(0, 2)).toEqual(["Prepared Due", "Prepared Uno"]);
    // An OFFSET page runs with its offset bound (never a statement per offset).
    expect((await page("Prepared", 1, 1))[0]).toBe("Prepared Uno");
    expect((await page("Prepared", 1, 0))[0]).toBe("Prepared Due");
  });

  it("inside a transaction reads what the transaction wrote", async () => {
    let inside: unknown;
    await t.db
      .transaction(async (tx) => {
        await tx.insert(clients).values({ name: "Prepared Quattro", address: "Via Roma 4", type: "privato" });
        inside = await namesWhere(tx, eq(clients.name, "Prepared Quattro"));
        tx.rollback();
      })
      .catch(() => undefined);
    expect(names(inside as { name: string }[])).toEqual(["Prepared Quattro"]);
    expect(await namesWhere(t.db, eq(clients.name, "Prepared Quattro"))).toEqual([]);
  });
});

// A hand-written statement in a shaped read: its own placeholders, bound from each call's values.
const readRaw = shapedRead();
let rawBuilds = 0;
const rawByType = (db: Queryable, type: string, prefix = "Prepared") =>
  readRaw(db, {
    shape: "raw-by-type",
    where: undefined,
    values: { type, prefix: `${prefix}%` },
    build: () => {
      rawBuilds++;
      return rawStatement<{ name: string }>(
        db,
        sql`select name from clients where type = ${sql.placeholder("type")} and name like ${sql.placeholder("prefix")} order by name`,
      );
    },
  });

describe("rawStatement", () => {
  it("is built once per shape and answers each call's values as row objects", async () => {
    const before = rawBuilds;
    expect(await rawByType(t.db, "privato")).toEqual([{ name: "Prepared Uno" }]);
    expect(await rawByType(t.db, "azienda")).toEqual([{ name: "Prepared Due" }]);
    expect(await rawByType(t.db, "azienda", "Altro")).toEqual([]);
    // One build, then one rebuild per hit to compare (verifyShape, under tests only).
    expect(rawBuilds - before).toBe(3);
  });

  it("inside a transaction reads what the transaction wrote", async () => {
    let inside: unknown;
    await t.db
      .transaction(async (tx) => {
        await tx.insert(clients).values({ name: "Prepared Cinque", address: "Via Roma 5", type: "ente_pubblico" });
        inside = await rawByType(tx, "ente_pubblico");
        tx.rollback();
      })
      .catch(() => undefined);
    expect(inside).toEqual([{ name: "Prepared Cinque" }]);
    expect(await rawByType(t.db, "ente_pubblico")).toEqual([]);
  });
});
