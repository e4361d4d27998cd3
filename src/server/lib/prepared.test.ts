import { eq, sql, TransactionRollbackError } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Queryable } from "../db/client";
import { clients } from "../db/schema";
import { buildTestApp, type TestApp } from "../test/app";
import { preparedRead } from "./prepared";

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
