import { is } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db, Queryable } from "../db/client";

type Values = Record<string, unknown>;
interface Executable<R> {
  execute(values?: Values): Promise<R>;
}
interface Preparable<R> extends Executable<R> {
  prepare(name: string): Executable<R>;
}

/**
 * A read that runs on most requests, its values as `sql.placeholder(...)`: drizzle builds it once
 * per database and prepares it under `name`, so a request no longer assembles it — building
 * queries was most of the server's own CPU on a detail call (docs/decisions/016-prepared-reads.md)
 * — and PostgreSQL parses it once per connection. Called with a transaction it is built on that
 * transaction and run there unnamed, as any other read: nothing is kept per transaction.
 * Everything that varies between calls must be a placeholder: a value written into the builder is
 * frozen at the first call.
 */
export function preparedRead<R>(name: string, build: (db: Queryable) => Preparable<R>) {
  const prepared = new WeakMap<Db, Executable<R>>();
  return (db: Queryable, values: Values): Promise<R> => {
    if (is(db, PgTransaction)) return build(db).execute(values);
    let statement = prepared.get(db);
    if (!statement) prepared.set(db, (statement = build(db).prepare(name)));
    return statement.execute(values);
  };
}
