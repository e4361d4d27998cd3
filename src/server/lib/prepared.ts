import { is, sql, type Placeholder, type SQL } from "drizzle-orm";
import { PgTransaction, type PgDialect, type PgSession } from "drizzle-orm/pg-core";
import type { Db, Queryable } from "../db/client";

/** Placeholder values by name. */
export type Values = Record<string, unknown>;
interface Executable<R> {
  execute(values?: Values): Promise<R>;
}
export interface Preparable<R> extends Executable<R> {
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

/** LIMIT and OFFSET as a shaped read hands them to its `build`: see ShapedCall. */
export interface PageBounds {
  limit: Placeholder;
  offset: Placeholder;
}

/** One call of a shaped read: see shapedRead. */
export interface ShapedCall<R> {
  /**
   * Everything the built query depends on besides the WHERE and the page: the list's name, the
   * sort, the page's direction, which joins it takes. Two calls with the same shape and the same
   * WHERE text must build the same SQL (under tests every reuse is rebuilt and compared).
   */
  shape: string;
  /** The call's WHERE, values inline as usual: its text is part of the key, its values are bound. */
  where: SQL | undefined;
  /** The WHERE already serialised (sqlText) by the caller, for its own key: not serialised again. */
  whereText?: { sql: string; params: unknown[] } | undefined;
  /** Values of the query's own `sql.placeholder(name)`s (a hand-written statement's), bound at each call. */
  values?: Values;
  /** The page's LIMIT and OFFSET, when the query has them. */
  page?: { limit: number; offset: number };
  /**
   * The WHERE filters nothing but the cursor (an unfiltered list, its first page or a page after a
   * cursor): its plan does not depend on its values, so the statement is named, its LIMIT and
   * OFFSET (0) written in its text, and PostgreSQL keeps one plan per connection instead of
   * planning every call (planning was twice the execution of such a page).
   */
  stable?: boolean;
  /** The query, given the WHERE (with placeholders when it is reused) and the page's bounds. */
  build: (where: SQL | undefined, page: PageBounds) => Preparable<R>;
}

/** Statements kept per database and read: beyond this a new shape runs built, as before. */
const MAX_SHAPES = 256;
/**
 * Named statements across every shaped read: PostgreSQL keeps each one's plan on each pooled
 * connection that ran it (tens of kB), so their number is bounded; beyond it stable shapes run
 * unnamed too.
 */
const MAX_NAMED = 64;
let named = 0;
/** Under tests every hit is rebuilt and compared with the statement it reused. */
const verifyHits = Boolean(process.env.VITEST);

interface Shaped<R> {
  statement: Executable<R>;
  text: string;
}

/** LIMIT / OFFSET as placeholders, bound at each call. */
const boundPage: PageBounds = { limit: sql.placeholder("limit"), offset: sql.placeholder("offset") };

/**
 * LIMIT / OFFSET written as numbers in the statement's text: drizzle writes an SQL object given to
 * limit() / offset() as it is, and PostgreSQL plans a LIMIT it can read (a LIMIT or OFFSET that is
 * a parameter is planned as if 10 % of the rows were wanted).
 */
const inlinePage = (page: { limit: number; offset: number }): PageBounds => ({
  limit: sql.raw(String(Math.trunc(page.limit))) as unknown as Placeholder,
  offset: sql.raw(String(Math.trunc(page.offset))) as unknown as Placeholder,
});

/**
 * A list's read, built once per *shape* (docs/decisions/016-prepared-reads.md): a list's SQL varies
 * with its filters, sort and cursor, so one statement cannot serve it, but the number of shapes is
 * small. Each call still writes its WHERE with drizzle's operators — cheap — and serialises only
 * that; the WHERE's text with `shape` is the key, its values become the statement's placeholders,
 * and the rest of the query (the select list, joins, ORDER BY: most of the building) is assembled
 * once per key. A filtered shape runs unnamed, so PostgreSQL plans every call with its own values
 * as before (a generic plan would not see how wide a date range or how rare a search is); a
 * `stable` one is named (see ShapedCall.stable).
 */
export function shapedRead() {
  const cached = new WeakMap<Db, Map<string, Shaped<unknown>>>();
  return async <R>(db: Queryable, call: ShapedCall<R>): Promise<R> => {
    // Only a page that starts where its cursor (or the list) does: an OFFSET page (an old link, an
    // export walking a table) would make a statement per offset.
    const stable = Boolean(call.stable && call.page && call.page.offset === 0);
    const pageOf = () => (stable ? inlinePage(call.page!) : boundPage);
    const values: Values = { ...call.values, ...(call.page && !stable ? call.page : {}) };
    if (is(db, PgTransaction)) return call.build(call.where, pageOf()).execute(values);
    const where = call.whereText ?? (call.where ? dialectOf(db).sqlToQuery(call.where) : { sql: "", params: [] });
    const pageKey = stable ? String(call.page!.limit) : "";
    const key = `${call.shape}\u0000${pageKey}\u0000${where.sql}`;
    let shapes = cached.get(db);
    if (!shapes) cached.set(db, (shapes = new Map()));
    where.params.forEach((value, i) => (values[`w${i + 1}`] = value));
    // One shapedRead serves one query, so what a key holds is always of its R.
    let shaped = shapes.get(key) as Shaped<R> | undefined;
    if (shaped) {
      if (verifyHits) verifyShape(call, pageOf(), shaped.text, key);
    } else {
      const template = whereTemplate(where.sql, where.params.length);
      // A WHERE whose text cannot be read back into placeholders runs built, as before.
      if (call.where && !template) return call.build(call.where, pageOf()).execute(values);
      const query = call.build(template, pageOf());
      const keep = shapes.size < MAX_SHAPES;
      const name = keep && stable && named < MAX_NAMED ? `colmo_shape_${++named}` : "";
      shaped = { statement: query.prepare(name), text: query.toSQL().sql };
      if (keep) shapes.set(key, shaped);
    }
    return shaped.statement.execute(values);
  };
}

/**
 * Hand-written SQL (a UNION the query builder cannot say) as a shaped read's statement: its values
 * are `sql.placeholder(name)`s bound from ShapedCall.values, and it answers its rows as objects.
 * It is serialised here, once per shape.
 */
export function rawStatement<T>(db: Queryable, query: SQL): Preparable<T[]> {
  const built = dialectOf(db).sqlToQuery(query);
  const prepare = (name: string) => {
    // What drizzle's own db.execute(sql) does, with a name and placeholders (an empty name: unnamed).
    const statement = sessionOf(db).prepareQuery(built, undefined, name || undefined, false);
    return { execute: async (values?: Values) => ((await statement.execute(values)) as { rows: T[] }).rows };
  };
  return { toSQL: () => built, prepare, execute: (values) => prepare("").execute(values) };
}

// Drizzle keeps its dialect and session on the database object (not part of its typed surface).
const sessionOf = (db: Queryable) => (db as unknown as { session: PgSession }).session;
const dialectOf = (db: Queryable) => (db as unknown as { dialect: PgDialect }).dialect;

/** A piece of SQL as the database would receive it: its text (values as `$1…$n`) and its values. */
export const sqlText = (db: Queryable, piece: SQL) => dialectOf(db).sqlToQuery(piece);

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
function verifyShape<R>(call: ShapedCall<R>, page: PageBounds, cached: string, key: string) {
  const built = call.build(call.where, page).toSQL().sql;
  if (built !== cached)
    throw new Error(`shapedRead: the shape "${key}" reused a different statement:\n${cached}\nbuilt now:\n${built}`);
}
