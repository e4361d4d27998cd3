import { and, asc, count, desc, getTableName, is, like, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { PgTable, type PgSelect } from "drizzle-orm/pg-core";
import type { Queryable } from "../db/client";
import { badRequest } from "../http/errors";
import { preparedRead, shapedRead, sqlText, type Preparable, type ShapedCall } from "./prepared";

/** ILIKE pattern for a user's search text, with % and _ taken literally. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The rows whose search text (a `searchText` column, db/schema/columns.ts) contains the user's
 * text, case-insensitively: the column is stored lowercased, the pattern is lowercased here, as
 * ILIKE lowercases both sides; one LIKE that the column's trigram index serves.
 */
export const searchMatches = (searchText: AnyColumn, q: string) => like(searchText, sql`lower(${likePattern(q)})`);

/** Turns "name" / "-createdAt" into an ORDER BY from a whitelist; unknown keys never reach SQL. */
export function orderBy<K extends string>(
  sort: string | undefined,
  columns: Record<K, AnyColumn | SQL>,
  fallback: SQL[],
): SQL[] {
  if (!sort) return fallback;
  const key = sort.replace(/^-/, "") as K;
  const column = columns[key];
  if (!column) return fallback;
  return [sort.startsWith("-") ? desc(column) : asc(column), ...fallback];
}

/** The sort key the caller asked for ("-clientName" → "clientName"), to decide which joins the page needs. */
export const sortKey = (sort: string | undefined) => sort?.replace(/^-/, "");

/**
 * Counts stop here: beyond it a list says "oltre 10.000" instead of the exact figure. An exact
 * `count(*)` over 100k–180k rows was most of what a list page cost at ten years of data, and no
 * screen needs to know whether there are 48,213 or 48,214 invoices.
 */
export const COUNT_CAP = 10_000;

/** The select list of a count's inner query: one constant per matching row, nothing read. */
export const countedRow = { one: sql<number>`1`.as("one") };

/**
 * An unfiltered count (no WHERE, no join: every row of the table) is not run when the planner's
 * estimate of the table's rows (`pg_class.reltuples`, kept by VACUUM / ANALYZE and autovacuum)
 * is above this: the answer is "oltre COUNT_CAP" either way, and the capped count would read
 * COUNT_CAP + 1 rows on every request. A quarter above the cap, so that an estimate a little off
 * (ANALYZE reads every row of a table this small; autovacuum re-analyses after 10 % of it changed)
 * does not turn an exact figure into "oltre" (docs/decisions/013-dashboard-speed.md, "List counts").
 */
export const ESTIMATE_FAR_ABOVE = (COUNT_CAP * 5) / 4;

/** The table a count query reads whole (no WHERE and no join), or null when anything filters it. */
function wholeTable(matching: PgSelect): string | null {
  // Drizzle keeps what the builder was given in `config` (not part of its typed surface).
  const config = (matching as unknown as { config?: { table?: unknown; where?: unknown; joins?: unknown[] } }).config;
  if (!config || config.where !== undefined || (config.joins?.length ?? 0) > 0 || !is(config.table, PgTable))
    return null;
  return getTableName(config.table);
}

/** The planner's estimate of a table's rows, read on every unfiltered list page: prepared (lib/prepared.ts). */
const readEstimatedRows = preparedRead("colmo_estimated_rows", (db) =>
  db
    .select({ n: sql<number>`reltuples`.mapWith(Number) })
    .from(sql`pg_class`)
    .where(sql`oid = to_regclass(${sql.placeholder("table")})`),
);

/** The planner's estimate of a table's rows; -1 when it was never analysed. */
async function estimatedRows(db: Queryable, table: string): Promise<number> {
  const [row] = await readEstimatedRows(db, { table });
  return row?.n ?? -1;
}

/**
 * How long a table found far above the cap is taken to stay there without asking again: the
 * estimate moves only when (auto)vacuum or analyze runs, and a table of 12,500 rows does not fall
 * under 10,000 in a minute. An unfiltered page then costs its page query alone.
 */
const FAR_ABOVE_KEPT_MS = 60_000;
const farAboveUntil = new WeakMap<Queryable, Map<string, number>>();

/** The table's estimate is above ESTIMATE_FAR_ABOVE (remembered for FAR_ABOVE_KEPT_MS once it is). */
async function farAboveCap(db: Queryable, table: string): Promise<boolean> {
  let tables = farAboveUntil.get(db);
  if ((tables?.get(table) ?? 0) > Date.now()) return true;
  if ((await estimatedRows(db, table)) <= ESTIMATE_FAR_ABOVE) return false;
  if (!tables) farAboveUntil.set(db, (tables = new Map()));
  tables.set(table, Date.now() + FAR_ABOVE_KEPT_MS);
  return true;
}

/**
 * A promise that starts its work only when someone awaits it (as drizzle's own queries do): a
 * route hands sendKeysetPage its count, and a cursor page whose client keeps the first page's
 * total never runs it.
 */
class Deferred<T> implements Promise<T> {
  #started: Promise<T> | undefined;
  readonly [Symbol.toStringTag] = "Promise";
  constructor(private readonly run: () => Promise<T>) {}
  #start() {
    return (this.#started ??= this.run());
  }
  then<A = T, B = never>(
    onFulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#start().then(onFulfilled, onRejected);
  }
  catch<B = never>(onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<T | B> {
    return this.#start().catch(onRejected);
  }
  finally(onFinally?: (() => void) | null): Promise<T> {
    return this.#start().finally(onFinally);
  }
}

/** A count (or any read) that runs when awaited, not when called: see Deferred. */
export const deferred = <T>(run: () => Promise<T>): Promise<T> => new Deferred(run);

/**
 * `select count(*) from (<the list's FROM and WHERE> limit COUNT_CAP + 1)`: the scan stops after
 * COUNT_CAP + 1 matching rows, so a count costs at most that whatever the table's size. A result
 * above COUNT_CAP means "more than COUNT_CAP" (http/page.ts sendPage says so in a header).
 * Unfiltered, over a table whose estimate is above ESTIMATE_FAR_ABOVE, it answers COUNT_CAP + 1
 * from that one catalog read instead. It runs when awaited, not when called (Deferred).
 */
export function countCapped(db: Queryable, matching: PgSelect): Promise<number> {
  return new Deferred(async () => {
    const table = wholeTable(matching);
    if (table && (await farAboveCap(db, table))) return COUNT_CAP + 1;
    const [row] = await db.select({ n: count() }).from(matching.limit(COUNT_CAP + 1).as("matching"));
    return row?.n ?? 0;
  });
}

/** A list's count as countCapped, built once per shape of its WHERE (lib/prepared.ts shapedRead). */
export interface ShapedCount {
  /** The list's name and what its matching rows' query depends on besides the WHERE (its joins, say). */
  shape: string;
  where: SQL | undefined;
  /** The table the list reads: counted by the planner's estimate when nothing filters or joins it. */
  table: PgTable;
  /** The query has joins (so it is never the whole table, even without a WHERE). */
  joined?: boolean;
  /** `select 1 from <the list's FROM> where <where>`. */
  matching: (where: SQL | undefined) => PgSelect;
}

const readCount = shapedRead();

/**
 * Filtered counts found above the cap, by database and by the count's WHERE with its values: for
 * FAR_ABOVE_KEPT_MS the same filter answers "oltre" without counting again. Counting 10,001 rows
 * is most of what a page of a large filter costs (a status of the estimates: 1.5 ms of 1.6), and a
 * filter that matched more than 10,000 records does not match fewer a minute later but by a bulk
 * change, which the next minute shows.
 */
const aboveCapUntil = new WeakMap<Queryable, Map<string, number>>();
const ABOVE_CAP_KEPT = 1_000;

/** countCapped for the lists that run most (lib/prepared.ts shapedRead). */
export function countShaped(db: Queryable, spec: ShapedCount): Promise<number> {
  return new Deferred(async () => {
    if (!spec.where) {
      if (!spec.joined && (await farAboveCap(db, getTableName(spec.table)))) return COUNT_CAP + 1;
      return runCount(db, spec);
    }
    const where = sqlText(db, spec.where);
    return countRemembered(db, `${spec.shape}\u0000${where.sql}\u0000${JSON.stringify(where.params)}`, () =>
      runCount(db, spec, where),
    );
  });
}

/**
 * A capped count, unless the same count (`key`: its SQL and values) was above the cap less than
 * FAR_ABOVE_KEPT_MS ago: then "oltre" (COUNT_CAP + 1) without counting.
 */
export async function countRemembered(db: Queryable, key: string, run: () => Promise<number>): Promise<number> {
  if (rememberedAboveCap(db, key)) return COUNT_CAP + 1;
  const n = await run();
  rememberCount(db, key, n);
  return n;
}

/** The count under `key` was above the cap less than FAR_ABOVE_KEPT_MS ago (countRemembered). */
export const rememberedAboveCap = (db: Queryable, key: string) => (aboveCapUntil.get(db)?.get(key) ?? 0) > Date.now();

/** A count just made under `key`: kept when above the cap, forgotten otherwise (countRemembered). */
export function rememberCount(db: Queryable, key: string, n: number) {
  let kept = aboveCapUntil.get(db);
  if (n > COUNT_CAP) {
    if (!kept) aboveCapUntil.set(db, (kept = new Map()));
    if (kept.size >= ABOVE_CAP_KEPT) kept.clear();
    kept.set(key, Date.now() + FAR_ABOVE_KEPT_MS);
  } else kept?.delete(key);
}

async function runCount(db: Queryable, spec: ShapedCount, whereText?: { sql: string; params: unknown[] }) {
  const [row] = await readCount(db, {
    shape: spec.shape,
    where: spec.where,
    whereText,
    build: (where) =>
      db.select({ n: count() }).from(
        spec
          .matching(where)
          .limit(COUNT_CAP + 1)
          .as("matching"),
      ),
  });
  return row?.n ?? 0;
}

// ---- keyset pagination ---------------------------------------------------------------------
//
// A deep page through OFFSET makes the database walk and throw away every row before it (page
// 2,000 of 100k estimates reads 50k index entries). A cursor names the last (or first) row the
// screen shows by the values of its ORDER BY, and the next page starts right after it through
// the same index: page 2,000 costs what page 2 costs. `after` pages forwards, `before` backwards
// (the page is selected in the reverse order, then put back in the list's order). The answer
// carries the cursors of its first and last rows in X-Previous-Cursor / X-Next-Cursor; OFFSET
// still works for callers that send it (a link saved before cursors existed).

/**
 * One expression of a list's ORDER BY. `nullable`: the column can be NULL, placed as PostgreSQL
 * does (last ascending, first descending) unless `nullsFirst` says otherwise (a survey's time:
 * "desc nulls last", so that a survey with no time follows the timed ones of its day).
 */
export type SortKey = { expr: AnyColumn | SQL; desc?: boolean; nullable?: boolean; nullsFirst?: boolean };
/** A sortable column of a list: the expression, or the expression with its nullability. */
export type SortColumn = AnyColumn | SQL | { expr: AnyColumn | SQL; nullable: boolean; nullsFirst?: boolean };

const asSortKey = (c: SortColumn, desc: boolean): SortKey =>
  typeof c === "object" && c !== null && "expr" in c ? { ...c, desc } : { expr: c, desc };

/**
 * The list's sort keys: the caller's whitelisted key (if any) first, then the stable fallback.
 * With `tieBreak` (a unique NOT NULL column), a chosen sort is followed by that column alone, in
 * the sort's own direction: one index on (column, tieBreak) then serves the sort both ways (read
 * backwards for the descending one), and its cursor is a plain row comparison. Without a chosen
 * sort the fallback is the order, as before.
 */
export function sortKeys<K extends string>(
  sort: string | undefined,
  columns: Record<K, SortColumn>,
  fallback: SortKey[],
  tieBreak?: AnyColumn,
): SortKey[] {
  const key = sortKey(sort) as K | undefined;
  const column = key ? columns[key] : undefined;
  if (!column) return fallback;
  const descending = Boolean(sort?.startsWith("-"));
  if (tieBreak) return [asSortKey(column, descending), { expr: tieBreak, desc: descending }];
  return [asSortKey(column, descending), ...fallback];
}

/** Where the key's NULLs come: PostgreSQL's default (first descending) unless the key says. */
const nullsFirst = (k: SortKey) => k.nullsFirst ?? Boolean(k.desc);

/** The keys read the other way: direction and NULLs placement both reversed. */
export const flipKeys = (keys: SortKey[]) =>
  keys.map((k) => ({ ...k, desc: !k.desc, ...(k.nullable ? { nullsFirst: !nullsFirst(k) } : {}) }));

/**
 * ORDER BY for the keys: PostgreSQL's default NULLS placement, which the indexes share, spelled
 * out only where a key places its NULLs otherwise.
 */
export const orderSql = (keys: SortKey[]): SQL[] =>
  keys.map((k) => {
    const ordered = k.desc ? desc(k.expr) : asc(k.expr);
    if (!k.nullable || nullsFirst(k) === Boolean(k.desc)) return ordered;
    return nullsFirst(k) ? sql`${ordered} nulls first` : sql`${ordered} nulls last`;
  });

/** The values of a row's sort keys as text (the database's own spelling, so they compare back exactly). */
export const cursorSql = (keys: SortKey[]) =>
  sql<string>`json_build_array(${sql.join(
    keys.map((k) => sql`(${k.expr})::text`),
    sql`, `,
  )})::text`;

export const CURSOR_INVALID = "Cursore di paginazione non valido: ricarica l'elenco";

export const encodeCursor = (json: string) => Buffer.from(json, "utf8").toString("base64url");

function decodeCursor(cursor: string, length: number): (string | null)[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw badRequest(CURSOR_INVALID, { cursor: CURSOR_INVALID });
  }
  if (
    !Array.isArray(values) ||
    values.length !== length ||
    !values.every((v) => v === null || (typeof v === "string" && v.length <= 500))
  )
    throw badRequest(CURSOR_INVALID, { cursor: CURSOR_INVALID });
  return values as (string | null)[];
}

/**
 * A key the row comparison orders right: NOT NULL, or with its NULLs before every value in the
 * order the page is read. Where such a key is NULL and the cursor's value is not, the row comes
 * before the cursor, and the comparison's NULL result leaves it out, as it should (PostgreSQL
 * compares rows left to right and stops, NULL, at the first pair with a NULL). A NULL placed after
 * the values would be left out too, wrongly: that key needs the expansion.
 */
const rowComparable = (k: SortKey) => !k.nullable || nullsFirst(k);

/**
 * Rows strictly after `values` in the order of `keys`. With every key row-comparable, in one
 * direction and a value for each, it is a row comparison: one index range that starts at the
 * cursor (the invoices' number, year and sequence, NULL on drafts, which come first newest-first).
 * Otherwise the lexicographic expansion, led by a plain bound on the first key so that the index
 * scan still starts near the cursor.
 */
function afterSql(keys: SortKey[], values: (string | null)[]): SQL {
  const uniform = keys.every((k) => rowComparable(k) && Boolean(k.desc) === Boolean(keys[0]!.desc));
  if (uniform && values.every((v) => v !== null)) {
    const left = sql.join(
      keys.map((k) => sql`${k.expr}`),
      sql`, `,
    );
    const right = sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
    return keys[0]!.desc ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
  }
  let tail: SQL | undefined;
  for (let i = keys.length - 1; i >= 0; i--) {
    const { expr, desc: descending, nullable } = keys[i]!;
    const v = values[i]!;
    // NULLs placed last: nothing after them but other NULLs; placed first: every value follows them.
    const nullsAfter = Boolean(nullable) && !nullsFirst(keys[i]!);
    let strictly: SQL | undefined;
    let equal: SQL;
    if (v === null) {
      strictly = nullsAfter ? undefined : sql`${expr} is not null`;
      equal = sql`${expr} is null`;
    } else {
      const beyond = descending ? sql`${expr} < ${v}` : sql`${expr} > ${v}`;
      strictly = nullsAfter ? sql`(${beyond} or ${expr} is null)` : beyond;
      equal = sql`${expr} = ${v}`;
    }
    const rest = tail ? sql`(${equal} and ${tail})` : undefined;
    tail = strictly && rest ? sql`(${strictly} or ${rest})` : (strictly ?? rest ?? sql`false`);
  }
  const first = keys[0]!;
  const v0 = values[0];
  if (v0 !== null && v0 !== undefined && !(first.nullable && !nullsFirst(first))) {
    const bound = first.desc ? sql`${first.expr} <= ${v0}` : sql`${first.expr} >= ${v0}`;
    return sql`(${bound} and ${tail})`;
  }
  return tail!;
}

/**
 * The cursor a list's parameters carry, decoded (a 400 when it is not one of this list's), with
 * the direction it pages in; null without a cursor. For a list that seeks each part of a UNION
 * on its own (the Scadenze list, whose branches each read their index).
 */
export function cursorOf(
  params: { after?: string | undefined; before?: string | undefined },
  length: number,
): { values: (string | null)[]; backwards: boolean } | null {
  const cursor = params.after ?? params.before;
  if (!cursor) return null;
  return { values: decodeCursor(cursor, length), backwards: !params.after && Boolean(params.before) };
}

/**
 * Rows strictly after `values` in the order of `keys` (before them when `backwards`), led by a row
 * comparison over the leading keys that are NOT NULL, in one direction, with a value: the index
 * scan then starts at the cursor's exact place even when many rows share the first key's value
 * (afterSql alone bounds only the first key).
 */
export function seekSql(keys: SortKey[], values: (string | null)[], backwards: boolean): SQL {
  const directed = backwards ? flipKeys(keys) : keys;
  const tail = afterSql(directed, values);
  let n = 0;
  while (
    n < directed.length &&
    !directed[n]!.nullable &&
    values[n] !== null &&
    Boolean(directed[n]!.desc) === Boolean(directed[0]!.desc)
  )
    n++;
  if (n < 2 || n === directed.length) return tail;
  const left = sql.join(
    directed.slice(0, n).map((k) => sql`${k.expr}`),
    sql`, `,
  );
  const right = sql.join(
    values.slice(0, n).map((v) => sql`${v}`),
    sql`, `,
  );
  return sql`((${left}) ${sql.raw(directed[0]!.desc ? "<=" : ">=")} (${right}) and ${tail})`;
}

export type Keyset = {
  /** The keys in the list's order. */
  keys: SortKey[];
  /** The page is read backwards (a `before` cursor). */
  backwards: boolean;
  /** The cursor's condition, to AND into the list's WHERE (undefined without a cursor). */
  where: SQL | undefined;
  /** ORDER BY that selects the page (reversed when reading backwards). */
  pageOrder: SQL[];
  /** ORDER BY of the answer: always the list's order. */
  order: SQL[];
  /** OFFSET to apply: 0 whenever a cursor says where the page starts. */
  offset: number;
};

/** The page a list's parameters ask for: by cursor when one is given, by OFFSET otherwise. */
export function keyset(
  params: { after?: string | undefined; before?: string | undefined; offset: number },
  keys: SortKey[],
): Keyset {
  const cursor = params.after ?? params.before;
  const backwards = !params.after && Boolean(params.before);
  if (!cursor)
    return {
      keys,
      backwards: false,
      where: undefined,
      pageOrder: orderSql(keys),
      order: orderSql(keys),
      offset: params.offset,
    };
  const values = decodeCursor(cursor, keys.length);
  const directed = backwards ? flipKeys(keys) : keys;
  return {
    keys,
    backwards,
    where: afterSql(directed, values),
    pageOrder: orderSql(directed),
    order: orderSql(keys),
    offset: 0,
  };
}

/**
 * The shaped call (lib/prepared.ts shapedRead) of a keyset list's page: the list's filters and the
 * cursor as its WHERE, its LIMIT and OFFSET, named when nothing but the cursor filters. `build`
 * gets `ordered`, which gives the ids query that WHERE, the page's ORDER BY, LIMIT and OFFSET.
 * `shape` names the list and what its query depends on besides these (sort, joins).
 */
export function keysetPage<R>(spec: {
  shape: string;
  filters: SQL | undefined;
  /** The filters' values do not change the plan (ShapedCall.stable): named like an unfiltered page. */
  planStable?: boolean;
  ks: Keyset;
  limit: number;
  build: (ordered: <Q extends PgSelect>(ids: Q) => Q) => Preparable<R>;
}): ShapedCall<R> {
  const { ks } = spec;
  return {
    shape: `${spec.shape}|${ks.backwards}`,
    where: and(spec.filters, ks.where),
    stable: !spec.filters || Boolean(spec.planStable),
    page: { limit: spec.limit, offset: ks.offset },
    build: (where, bounds) =>
      spec.build(
        <Q extends PgSelect>(ids: Q) =>
          ids
            .where(where)
            .orderBy(...ks.pageOrder)
            .limit(bounds.limit)
            .offset(bounds.offset) as Q,
      ),
  };
}
