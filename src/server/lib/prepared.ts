import { is, sql, type SQL } from "drizzle-orm";
import { PgTransaction, type PgDialect } from "drizzle-orm/pg-core";
import type { Db, Queryable } from "../db/client";

type Values = Record<string, unknown>;
interface Executable<R> {
  execute(values?: Values): Promise<R>;
}
interface Preparable<R> extends Executable<R> {
  prepare(name: string): Executable<R>;
  toSQL(): { sql: string; params: unknown[] };
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

/** One call of a shaped read: see shapedRead. */
export interface ShapedCall<R> {
  /**
   * Everything the built query depends on besides the WHERE and `values`: the sort, the page's
   * direction, which joins it takes. Two calls with the same shape and the same WHERE text must
   * build the same SQL (under tests every cache hit is rebuilt and compared).
   */
  shape: string;
  /** The call's WHERE, values inline as usual: its text is part of the key, its values are bound. */
  where: SQL | undefined;
  /** Values of the placeholders `build` writes itself (the page's limit and offset, say). */
  values?: Values;
  /** The query, given the WHERE to put in it (with placeholders when it is cached). */
  build: (where: SQL | undefined) => Preparable<R>;
}

/** Statements kept per database and read: beyond this a new shape runs built, as before. */
const MAX_SHAPES = 256;
/** Under tests every hit is rebuilt and compared with the statement it reused. */
const verifyHits = Boolean(process.env.VITEST);

interface Shaped<R> {
  statement: Executable<R>;
  text: string;
}

/**
 * A list's read, built once per *shape* (docs/decisions/016-prepared-reads.md): a list's SQL varies
 * with its filters, sort and cursor, so one statement cannot serve it, but the number of shapes is
 * small. Each call still writes its WHERE with drizzle's operators — cheap — and serialises only
 * that; the WHERE's text with `shape` is the key, its values become the statement's placeholders,
 * and the rest of the query (the select list, joins, ORDER BY: most of the building) is assembled
 * once per key. The statement runs unnamed, so PostgreSQL plans every call with its own values as
 * before: a named statement's generic plan would not see a LIMIT or a search pattern.
 */
export function shapedRead() {
  const cached = new WeakMap<Db, Map<string, Shaped<unknown>>>();
  return async <R>(db: Queryable, call: ShapedCall<R>): Promise<R> => {
    if (is(db, PgTransaction)) return call.build(call.where).execute(call.values);
    const where = call.where ? dialectOf(db).sqlToQuery(call.where) : { sql: "", params: [] };
    const key = `${call.shape}\u0000${where.sql}`;
    let shapes = cached.get(db);
    if (!shapes) cached.set(db, (shapes = new Map()));
    const values: Values = { ...call.values };
    where.params.forEach((value, i) => (values[`w${i + 1}`] = value));
    // One shapedRead serves one query, so what a key holds is always of its R.
    let shaped = shapes.get(key) as Shaped<R> | undefined;
    if (shaped) {
      if (verifyHits) verifyShape(call, shaped.text, key);
    } else {
      const template = whereTemplate(where.sql, where.params.length);
      // A WHERE whose text cannot be read back into placeholders runs built, as before.
      if (call.where && !template) return call.build(call.where).execute(call.values);
      const query = call.build(template);
      shaped = { statement: query.prepare(""), text: query.toSQL().sql };
      if (shapes.size < MAX_SHAPES) shapes.set(key, shaped);
    }
    return shaped.statement.execute(values);
  };
}

// Drizzle keeps its dialect on the database object (not part of its typed surface).
const dialectOf = (db: Db) => (db as unknown as { dialect: PgDialect }).dialect;

/**
 * The WHERE's text with its parameters `$1…$n` as placeholders `w1…wn`; undefined when the
 * parameters are not exactly `$1…$n` in order (a `$` of some other meaning in the text).
 */
function whereTemplate(text: string, count: number): SQL | undefined {
  if (!text) return undefined;
  const parts = text.split(/\$(\d+)/);
  if ((parts.length - 1) / 2 !== count) return undefined;
  const chunks: SQL[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 0) chunks.push(sql.raw(parts[i]!));
    else if (Number(parts[i]) !== (i + 1) / 2) return undefined;
    else chunks.push(sql`${sql.placeholder(`w${(i + 1) / 2}`)}`);
  }
  return sql.join(chunks);
}

/** A cache hit must be the statement this call would have built; a shape key that misses a difference fails here. */
function verifyShape<R>(call: ShapedCall<R>, cached: string, key: string) {
  const built = call.build(call.where).toSQL().sql;
  if (built !== cached)
    throw new Error(`shapedRead: the shape "${key}" reused a different statement:\n${cached}\nbuilt now:\n${built}`);
}
