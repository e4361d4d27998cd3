import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import {
  EXPIRY_WARNING_DAYS,
  SCAFFOLDING_PATTERN,
  complianceStates,
  documentState,
  type ComplianceDocument,
  type ComplianceListParams,
  type ComplianceRow,
  type SiteCompliance,
} from "@domain/compliance";
import { addDays } from "@domain/dates";
import type { Queryable } from "../../db/client";
import {
  complianceDocuments,
  complianceRequirementTotals,
  complianceRequirements,
  constructionSites,
  orders,
  suppliers,
} from "../../db/schema";
import { rawStatement, shapedRead, type Values } from "../../lib/prepared";
import {
  COUNT_CAP,
  rememberCount,
  rememberedAboveCap,
  cursorOf,
  cursorSql,
  flipKeys,
  keyset,
  orderSql,
  seekSql,
  sortKey,
  sortKeys,
  type Keyset,
  type SortColumn,
  type SortKey,
} from "../../lib/list";

const d = complianceDocuments;

const documentColumns = {
  id: d.id,
  constructionSiteId: d.constructionSiteId,
  supplierId: d.supplierId,
  supplierName: suppliers.name,
  kind: d.kind,
  title: d.title,
  issuedAt: d.issuedAt,
  expiresAt: d.expiresAt,
  validUntil: d.validUntil,
  notes: d.notes,
  fileName: d.fileName,
  fileMime: d.fileMime,
  fileSize: d.fileSize,
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
  version: d.version,
};

/** Documents with their supplier's name; the caller adds WHERE and ORDER BY. */
const selectDocuments = (db: Queryable) =>
  db.select(documentColumns).from(d).leftJoin(suppliers, eq(suppliers.id, d.supplierId)).$dynamic();
type DocumentRow = Awaited<ReturnType<typeof selectDocuments>>[number];

function toDocument(row: DocumentRow, today: string): ComplianceDocument {
  const { fileName, fileMime, fileSize, ...rest } = row;
  return {
    ...rest,
    state: documentState(row.validUntil, today),
    file: fileName && fileMime ? { name: fileName, mimeType: fileMime, size: fileSize ?? 0 } : null,
  };
}

export async function findDocument(db: Queryable, id: string, today: string) {
  const [row] = await selectDocuments(db).where(eq(d.id, id));
  return row ? toDocument(row, today) : null;
}

/** The stored file of a document (key and type), for download and replacement. */
export async function documentFile(db: Queryable, id: string) {
  const [row] = await db
    .select({
      key: d.fileKey,
      name: d.fileName,
      mime: d.fileMime,
      siteId: d.constructionSiteId,
      supplierId: d.supplierId,
    })
    .from(d)
    .where(eq(d.id, id));
  return row ?? null;
}

/** A supplier's own papers (DURC, idoneità…), newest expiry first. */
export async function supplierDocuments(db: Queryable, supplierId: string, today: string) {
  const rows = await selectDocuments(db)
    .where(and(eq(d.supplierId, supplierId), isNull(d.constructionSiteId)))
    .orderBy(asc(d.kind), desc(d.validUntil), desc(d.createdAt));
  return rows.map((r) => toDocument(r, today));
}

/** The subcontracting firms working on a site: subcontractors on its orders that are not cancelled. */
async function siteFirms(db: Queryable, siteId: string) {
  return db
    .selectDistinct({ id: suppliers.id, name: suppliers.name })
    .from(orders)
    .innerJoin(suppliers, eq(suppliers.id, orders.supplierId))
    .where(
      and(
        eq(orders.constructionSiteId, siteId),
        eq(suppliers.isSubcontractor, true),
        sql`${orders.status} <> 'annullato'`,
      ),
    )
    .orderBy(asc(suppliers.name));
}

// ---- requirements, in SQL ----------------------------------------------------------------
//
// One statement computes, for the chosen sites, every required paper (POS always; PSC and
// notifica preliminare with a subcontractor; DURC and idoneità of each subcontractor; PIMUS with
// scaffolding), the best document that covers it (latest expiry; a supplier's own paper counts on
// every site) and the other papers on file, each with its state on `today`. The single site card,
// the guard, the "Scadenze" list, the dashboard, the bell and the daily e-mail all read it.

interface RequirementFilter {
  siteId?: string | undefined;
  /** Only sites in these statuses; default: every status. */
  siteStatuses?: readonly string[] | undefined;
  excludeCompleted?: boolean;
  state?: string | undefined;
  states?: readonly string[] | undefined;
  kind?: string | undefined;
  supplierId?: string | undefined;
  requiredOnly?: boolean;
}

interface RawRow {
  site_id: string;
  site_name: string;
  site_status: string;
  kind: ComplianceRow["kind"];
  supplier_id: string | null;
  supplier_name: string | null;
  required: boolean;
  document_id: string | null;
  title: string | null;
  valid_until: string | null;
  state: ComplianceRow["state"];
  total?: number | string;
}

function complianceSql(filter: RequirementFilter, today: string) {
  const siteWhere: SQL[] = [];
  if (filter.siteId) siteWhere.push(sql`s.id = ${filter.siteId}`);
  if (filter.siteStatuses?.length)
    siteWhere.push(
      sql`s.status in (${sql.join(
        filter.siteStatuses.map((v) => sql`${v}`),
        sql`, `,
      )})`,
    );
  if (filter.excludeCompleted) siteWhere.push(sql`s.status <> 'completato'`);
  const where: SQL[] = [];
  const states = filter.states ?? (filter.state ? [filter.state] : []);
  if (states.length)
    where.push(
      sql`x.state in (${sql.join(
        states.map((v) => sql`${v}`),
        sql`, `,
      )})`,
    );
  if (filter.kind) where.push(sql`x.kind = ${filter.kind}`);
  if (filter.supplierId) where.push(sql`x.supplier_id = ${filter.supplierId}`);
  if (filter.requiredOnly) where.push(sql`x.required`);
  const soon = addDays(today, EXPIRY_WARNING_DAYS);
  const body = sql`
    with site as (
      select s.id, s.name, s.status, s.uses_scaffolding, s.special_equipment
      from construction_sites s
      ${siteWhere.length ? sql`where ${sql.join(siteWhere, sql` and `)}` : sql``}
    ),
    firms as (
      select distinct o.construction_site_id as site_id, o.supplier_id
      from orders o
      join suppliers f on f.id = o.supplier_id
      where f.is_subcontractor and o.status <> 'annullato' and o.construction_site_id in (select id from site)
    ),
    req as (
      select s.id as site_id, null::uuid as supplier_id, 'pos'::text as kind from site s
      union all
      select f.site_id, null::uuid, k.kind from (select distinct site_id from firms) f
        cross join (values ('psc'::text), ('notifica_preliminare'::text)) k(kind)
      union all
      select f.site_id, f.supplier_id, k.kind from firms f
        cross join (values ('durc'::text), ('idoneita_tecnico_professionale'::text)) k(kind)
      union all
      select s.id, null::uuid, 'pimus'::text from site s
        where s.uses_scaffolding or coalesce(s.special_equipment, '') ~* ${SCAFFOLDING_PATTERN}
    ),
    rows as (
      select r.site_id, r.supplier_id, r.kind, true as required, b.id as document_id, b.title, b.valid_until
      from req r
      left join lateral (
        select cd.id, cd.title, cd.valid_until
        from compliance_documents cd
        where cd.kind = r.kind
          and (
            (r.supplier_id is null and cd.construction_site_id = r.site_id)
            or (r.supplier_id is not null and cd.supplier_id = r.supplier_id
                and (cd.construction_site_id is null or cd.construction_site_id = r.site_id))
          )
        order by cd.valid_until desc nulls first, cd.created_at desc, cd.id desc
        limit 1
      ) b on true
      union all
      select cd.construction_site_id, cd.supplier_id, cd.kind, false, cd.id, cd.title, cd.valid_until
      from compliance_documents cd
      where cd.construction_site_id in (select id from site)
        and not exists (
          select 1 from req r
          where r.site_id = cd.construction_site_id and r.kind = cd.kind and r.supplier_id is not distinct from cd.supplier_id
        )
    ),
    x as (
      select rows.*, s.name as site_name, s.status as site_status, f.name as supplier_name,
        case
          when rows.document_id is null then 'mancante'
          when rows.valid_until is null then 'valido'
          when rows.valid_until < ${today}::date then 'scaduto'
          when rows.valid_until <= ${soon}::date then 'in_scadenza'
          else 'valido'
        end as state
      from rows
      join site s on s.id = rows.site_id
      left join suppliers f on f.id = rows.supplier_id
    )
    select x.site_id, x.site_name, x.site_status, x.kind, x.supplier_id, x.supplier_name, x.required,
      x.document_id, x.title, x.valid_until::text as valid_until, x.state`;
  return { body, where };
}

const KIND_ORDER = sql`array_position(array['pos','psc','notifica_preliminare','pimus','durc','idoneita_tecnico_professionale','cila','scia','permesso_costruire','assicurazione','formazione','altro'], x.kind)`;
const STATE_ORDER = sql`array_position(array['scaduto','mancante','in_scadenza','valido'], x.state)`;

/** The sort the caller chose ("validUntil", "site", "kind", "-" for descending), before the list's own order. */
function chosenOrder(sort: string | undefined, by: { site: SQL; kind: SQL }) {
  const key = sort?.replace(/^-/, "");
  const dir = sort?.startsWith("-") ? sql`desc` : sql`asc`;
  if (key === "validUntil") return sql`x.valid_until ${dir} nulls last, `;
  if (key === "site") return sql`${by.site} ${dir}, `;
  if (key === "kind") return sql`${by.kind} ${dir}, `;
  return sql``;
}

function toRow(r: RawRow): ComplianceRow {
  return {
    siteId: r.site_id,
    siteName: r.site_name,
    siteStatus: r.site_status,
    kind: r.kind,
    supplierId: r.supplier_id,
    supplierName: r.supplier_name,
    required: r.required,
    documentId: r.document_id,
    title: r.title,
    validUntil: r.valid_until,
    state: r.state,
  };
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface ComplianceQuery extends RequirementFilter {
  sort?: string | undefined;
  limit?: number;
  offset?: number;
  /** With a limit, whether to count the whole filter too (the list does; the dashboard card has its own counts). */
  counted?: boolean;
  /** Keyset cursors (src/server/lib/list.ts), in the list's own order only. */
  after?: string | undefined;
  before?: string | undefined;
}

/**
 * The derivation on the fly from sites, orders, suppliers and documents, as every reader used it
 * before compliance_requirements (drizzle/0018). Kept as the reference the maintained table is
 * checked against (requirements.test.ts); nothing in the application reads it.
 */
export async function derivedComplianceRows(db: Queryable, filter: ComplianceQuery, today: string) {
  const { body, where } = complianceSql(filter, today);
  const chosen = chosenOrder(filter.sort, { site: sql`lower(x.site_name)`, kind: KIND_ORDER });
  const query = sql`${body}, count(*) over ()::int as total from x
    ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
    order by ${chosen}${STATE_ORDER}, x.valid_until asc nulls last, lower(x.site_name), x.site_id, ${KIND_ORDER}, x.supplier_name nulls first, x.document_id
    ${filter.limit ? sql`limit ${filter.limit} offset ${filter.offset ?? 0}` : sql``}`;
  const raw = rowsOf<RawRow>(await db.execute(query));
  return { rows: raw.map(toRow), total: raw.length ? Number(raw[0]!.total) : 0 };
}

// ---- requirements, from the maintained table ---------------------------------------------
//
// compliance_requirements (drizzle/0018_deadlines_speed.sql) holds the rows the derivation above
// computes, kept by triggers in the writing transaction; the state is derived here from today's
// date. The list's order (state, expiry, site, kind, firm, document) is three index ranges one after
// the other: papers expired before today (scaduto), then the missing ones by site (mancante), then
// the papers valid today by expiry (in scadenza, then valido, the undated ones last with sort_date
// 'infinity'). Each branch is read in its index's order and merged (Merge Append), so a page stops
// after LIMIT + OFFSET rows and its count after COUNT_CAP + 1.

const r = complianceRequirements;

/** The states a filter asks for: its `states`, its `state`, or all of them. */
const wantedStates = (filter: RequirementFilter) =>
  new Set(filter.states ?? (filter.state ? [filter.state] : complianceStates.values));

/**
 * A filter's statements are built once per shape (lib/prepared.ts shapedRead): the SQL depends on
 * which filters are set and which states are wanted, written here; their values are placeholders
 * (requirementValues), `prefix` keeping apart several filters' in one statement.
 */
function filterShape(filter: RequirementFilter): string {
  const set = (v: unknown) => (v ? "1" : "0");
  return [
    set(filter.siteId),
    filter.siteStatuses?.length ?? 0,
    set(filter.excludeCompleted),
    set(filter.kind),
    set(filter.supplierId),
    set(filter.requiredOnly),
    [...wantedStates(filter)].sort().join(","),
  ].join(".");
}

/** The values of requirementBranches' placeholders, by name. */
function requirementValues(filter: RequirementFilter, today: string, prefix = ""): Values {
  const values: Values = { [`${prefix}today`]: today, [`${prefix}soon`]: addDays(today, EXPIRY_WARNING_DAYS) };
  if (filter.siteId) values[`${prefix}site`] = filter.siteId;
  filter.siteStatuses?.forEach((status, i) => (values[`${prefix}status${i}`] = status));
  if (filter.kind) values[`${prefix}kind`] = filter.kind;
  if (filter.supplierId) values[`${prefix}supplier`] = filter.supplierId;
  return values;
}

function requirementBranches(filter: RequirementFilter, prefix = "") {
  const p = (name: string) => sql.placeholder(`${prefix}${name}`);
  const common: SQL[] = [];
  if (filter.siteId) common.push(sql`${r.siteId} = ${p("site")}`);
  if (filter.siteStatuses?.length)
    common.push(
      inArray(
        r.siteStatus,
        filter.siteStatuses.map((_, i) => p(`status${i}`)),
      ),
    );
  // Written as the partial indexes' predicate, so the planner can use them.
  if (filter.excludeCompleted) common.push(sql.raw(`"compliance_requirements"."site_status" <> 'completato'`));
  if (filter.kind) common.push(sql`${r.kind} = ${p("kind")}`);
  if (filter.supplierId) common.push(sql`${r.supplierId} = ${p("supplier")}`);
  if (filter.requiredOnly) common.push(sql`${r.required}`);
  const wanted = wantedStates(filter);
  const today = sql`${p("today")}::date`;
  const soon = sql`${p("soon")}::date`;
  const branches: { rank: number; state: SQL; sortDate: SQL; where: SQL[] }[] = [];
  if (wanted.has("scaduto"))
    branches.push({
      rank: 1,
      state: sql`'scaduto'`,
      sortDate: sql`${r.sortDate}`,
      where: [sql`${r.documentId} is not null`, sql`${r.sortDate} < ${today}`],
    });
  if (wanted.has("mancante"))
    branches.push({
      rank: 2,
      state: sql`'mancante'`,
      sortDate: sql`null::date`,
      where: [sql`${r.documentId} is null`],
    });
  if (wanted.has("in_scadenza") || wanted.has("valido")) {
    const where = [sql`${r.documentId} is not null`, sql`${r.sortDate} >= ${today}`];
    if (!wanted.has("valido")) where.push(sql`${r.sortDate} <= ${soon}`);
    if (!wanted.has("in_scadenza")) where.push(sql`${r.sortDate} > ${soon}`);
    branches.push({
      rank: 3,
      state: sql`case when ${r.sortDate} <= ${soon} then 'in_scadenza' else 'valido' end`,
      sortDate: sql`${r.sortDate}`,
      where,
    });
  }
  return branches.map((b) => ({ ...b, where: [...common, ...b.where] }));
}

/** The branches' ranks requirementBranches would give, without building them. */
function wantedRanks(filter: RequirementFilter) {
  const wanted = wantedStates(filter);
  return [
    wanted.has("scaduto") && 1,
    wanted.has("mancante") && 2,
    (wanted.has("in_scadenza") || wanted.has("valido")) && 3,
  ].filter((rank): rank is number => rank !== false);
}

const unionAll = (parts: SQL[]) => sql.join(parts, sql` union all `);

// The list's order over the union's columns, with every key's NULLs where the branches' indexes
// put them: rank (the state's branch), expiry (NULL on missing papers), site, kind, firm (NULL
// first: the site's own papers), document (NULL on missing papers), and the firm's id last, which
// only two firms of the same name missing the same paper on one site ever need.
const LIST_KEYS: SortKey[] = [
  { expr: sql`x.rank` },
  { expr: sql`x.sort_date`, nullable: true },
  { expr: sql`x.site_sort` },
  { expr: sql`x.site_id` },
  { expr: sql`x.kind_rank` },
  { expr: sql`x.supplier_name`, nullable: true, nullsFirst: true },
  { expr: sql`x.document_id`, nullable: true },
  { expr: sql`x.supplier_id`, nullable: true },
];
/** The sorts the screen offers, before the list's own order (a chosen sort reads every match). */
const CHOSEN_SORTS = {
  // Undated papers last in both directions, as before cursors.
  validUntil: { expr: sql`x.valid_until`, nullable: true, nullsFirst: false },
  site: sql`x.site_sort`,
  kind: sql`x.kind_rank`,
} satisfies Record<string, SortColumn>;

/**
 * Each branch's own keys over the table, in the list's order, with the positions of their values
 * in a cursor of LIST_KEYS: the papers on file by (expiry, site, kind, firm, document) — unique,
 * the firm's id never decides there — and the missing ones by (site, kind, firm, firm's id), the
 * columns of their partial indexes (drizzle/0018, 0021).
 */
const DOC_KEYS: [SortKey, number][] = [
  [{ expr: r.sortDate }, 1],
  [{ expr: r.siteSort }, 2],
  [{ expr: r.siteId }, 3],
  [{ expr: r.kindRank }, 4],
  [{ expr: r.supplierName, nullable: true, nullsFirst: true }, 5],
  [{ expr: r.documentId }, 6],
];
const MISSING_KEYS: [SortKey, number][] = [
  [{ expr: r.siteSort }, 2],
  [{ expr: r.siteId }, 3],
  [{ expr: r.kindRank }, 4],
  [{ expr: r.supplierName, nullable: true, nullsFirst: true }, 5],
  [{ expr: r.supplierId, nullable: true }, 7],
];

/** The page the list's parameters ask for: by cursor (after / before) or by OFFSET. */
export const complianceKeyset = (params: {
  sort?: string | undefined;
  after?: string | undefined;
  before?: string | undefined;
  offset?: number | undefined;
}) => keyset({ ...params, offset: params.offset ?? 0 }, sortKeys(params.sort, CHOSEN_SORTS, LIST_KEYS));

/**
 * Requirement and document rows with their state on `today`, each with its cursor; with a limit,
 * also the capped count, in the same statement. In the list's own order each branch reads its
 * index in order from the cursor (or from its start past OFFSET) and stops after LIMIT (+ OFFSET)
 * rows; a branch wholly before the cursor is left out; the outer sort then orders at most three
 * pages. A chosen sort orders every match, the cursor a condition on the union. The statement is
 * built once per shape (lib/prepared.ts shapedRead): the filters set, the sort, the cursor's
 * direction, branch and NULLs, the page's size; every value is a placeholder.
 */
async function requirementRows(db: Queryable, filter: ComplianceQuery, today: string, ks: Keyset) {
  const chosen = Boolean(sortKey(filter.sort) && sortKey(filter.sort)! in CHOSEN_SORTS);
  const cursor = cursorOf(filter, ks.keys.length);
  // In the list's own order a cursor seeks each branch; under a chosen sort it filters the union.
  const cursorRank = cursor && !chosen ? Number(cursor.values[0]) : 0;
  const ranks = wantedRanks(filter).filter(
    (rank) => !cursorRank || (cursor!.backwards ? rank <= cursorRank : rank >= cursorRank),
  );
  if (ranks.length === 0) return { rows: [] as PageRow[], total: 0 };
  const values = requirementValues(filter, today);
  const counting = Boolean(filter.limit) && filter.counted !== false;
  // The count is the whole filter's, whichever page the cursor names: remembered by its values.
  const countKey = `compliance\u0000${filterShape(filter)}\u0000${JSON.stringify(values)}`;
  const countAbove = counting && rememberedAboveCap(db, countKey);
  cursor?.values.forEach((v, i) => v !== null && (values[`c${i}`] = v));
  const withCount = counting && !countAbove;
  const reach = filter.limit && !chosen ? filter.limit + ks.offset : null;
  const shape = [
    filterShape(filter),
    filter.sort ?? "",
    cursor
      ? `${cursor.backwards ? "<" : ">"}${cursorRank}:${cursor.values.map((v) => (v === null ? 0 : 1)).join("")}`
      : "",
    filter.limit ? `${filter.limit}+${ks.offset}` : "",
    withCount ? "n" : "",
  ].join("|");
  const rows = await readRequirements(db, {
    shape: `compliance|${shape}`,
    where: undefined,
    values,
    build: () => {
      // The cursor's values as placeholders, NULL where the cursor has NULL (a different SQL).
      const at = cursor?.values.map((v, i) => (v === null ? null : (sql.placeholder(`c${i}`) as unknown as string)));
      const branches = requirementBranches(filter).filter((b) => ranks.includes(b.rank));
      const branchKeys = (b: (typeof branches)[number]) => (b.rank === 2 ? MISSING_KEYS : DOC_KEYS);
      const seek = (b: (typeof branches)[number]) => {
        if (!at || b.rank !== cursorRank) return [];
        const keys = branchKeys(b);
        return [
          seekSql(
            keys.map(([k]) => k),
            keys.map(([, i]) => at[i] ?? null),
            cursor!.backwards,
          ),
        ];
      };
      const selects = branches.map(
        (b) => sql`select ${sql.raw(String(b.rank))} as rank, ${b.state} as state, ${b.sortDate} as sort_date,
          ${r.siteId} as site_id, ${r.siteName} as site_name, ${r.siteSort} as site_sort, ${r.siteStatus} as site_status,
          ${r.kind} as kind, ${r.kindRank} as kind_rank, ${r.supplierId} as supplier_id, ${r.supplierName} as supplier_name,
          ${r.required} as required, ${r.documentId} as document_id, ${r.title} as title, ${r.validUntil}::text as valid_until
          from ${r} where ${sql.join([...b.where, ...seek(b)], sql` and `)}`,
      );
      const branchOrder = (b: (typeof branches)[number]) => {
        const keys = branchKeys(b).map(([k]) => k);
        return sql`order by ${sql.join(orderSql(cursor?.backwards ? flipKeys(keys) : keys), sql`, `)}`;
      };
      const parts = reach
        ? selects.map((s, i) => sql`(${s} ${branchOrder(branches[i]!)} limit ${sql.raw(String(reach))})`)
        : selects.map((s) => sql`(${s})`);
      const where = chosen && at ? sql`where ${seekSql(ks.keys, at, cursor!.backwards)}` : sql``;
      // An uncorrelated subquery: PostgreSQL runs it once (an InitPlan), when the first row is sent.
      const total = withCount ? sql`, (${countSql(filter)}) as total` : sql``;
      return rawStatement<PageRow & { total?: number }>(
        db,
        sql`select x.site_id, x.site_name, x.site_status, x.kind, x.supplier_id, x.supplier_name, x.required,
          x.document_id, x.title, x.valid_until, x.state, ${cursorSql(ks.keys)} as cursor${total}
        from (${unionAll(parts)}) x ${where}
        order by ${sql.join(ks.pageOrder, sql`, `)}
        ${filter.limit ? sql.raw(`limit ${filter.limit} offset ${ks.offset}`) : sql``}`,
      );
    },
  });
  // A page read backwards comes in reverse; the answer is always in the list's order.
  if (ks.backwards) rows.reverse();
  if (!counting) return { rows, total: rows.length };
  if (countAbove) return { rows, total: COUNT_CAP + 1 };
  // No row to carry the count: nothing matches, or the page lies past the last match.
  const total = rows.length
    ? Number(rows[0]!.total)
    : !cursor && ks.offset === 0
      ? 0
      : await countAlone(db, filter, requirementValues(filter, today));
  rememberCount(db, countKey, total);
  return { rows, total };
}

type PageRow = RawRow & { cursor: string };
const readRequirements = shapedRead();
const readCount = shapedRead();

/**
 * Every state of every paper, filtered by nothing but the sites' statuses: each row of
 * compliance_requirements is one row of the list (a paper on file has a sort date, a missing one
 * none, and the states only split them), so the count is the statuses' totals (drizzle/0025).
 */
const totals = complianceRequirementTotals;
const countsEveryRow = (filter: RequirementFilter) =>
  !filter.siteId &&
  !filter.kind &&
  !filter.supplierId &&
  !filter.requiredOnly &&
  complianceStates.values.every((state) => wantedStates(filter).has(state));

/**
 * The capped count of a filter's rows: how many, up to COUNT_CAP + 1 ("oltre"). With no filter but
 * the sites' it sums at most four rows kept by triggers; otherwise it reads each state's index
 * range until COUNT_CAP + 1 rows. Its placeholders are requirementBranches' (requirementValues).
 */
function countSql(filter: RequirementFilter): SQL {
  const capped = sql.raw(String(COUNT_CAP + 1));
  if (countsEveryRow(filter)) {
    const where: SQL[] = [];
    if (filter.siteStatuses?.length)
      where.push(
        inArray(
          totals.siteStatus,
          filter.siteStatuses.map((_, i) => sql.placeholder(`status${i}`)),
        ),
      );
    if (filter.excludeCompleted) where.push(sql`${totals.siteStatus} <> 'completato'`);
    return sql`select least(coalesce(sum(${totals.count}), 0), ${capped})::int from ${totals}${
      where.length ? sql` where ${sql.join(where, sql` and `)}` : sql``
    }`;
  }
  return sql`select count(*)::int from (${unionAll(
    requirementBranches(filter).map((b) => sql`(select 1 from ${r} where ${sql.join(b.where, sql` and `)})`),
  )} limit ${capped}) c`;
}

async function countAlone(db: Queryable, filter: RequirementFilter, values: Values) {
  const [row] = await readCount(db, {
    shape: `compliance-count|${filterShape(filter)}`,
    where: undefined,
    values,
    build: () => rawStatement<{ n: number }>(db, sql`select (${countSql(filter)}) as n`),
  });
  return Number(row?.n ?? 0);
}

/**
 * Exact counts of rows matching each filter, in one statement (each a count over its branches'
 * index ranges): the dashboard card's figures, a few hundred rows at most however old the data.
 */
export async function complianceCounts<K extends string>(
  db: Queryable,
  filters: Record<K, RequirementFilter>,
  today: string,
): Promise<Record<K, number>> {
  const names = Object.keys(filters) as K[];
  // Each filter's placeholders named after it, so that one statement holds them all.
  const prefix = (i: number) => `f${i}_`;
  const values = Object.assign({}, ...names.map((name, i) => requirementValues(filters[name], today, prefix(i))));
  const [row] = await readCounts(db, {
    shape: names.map((name) => `${name}:${filterShape(filters[name])}`).join("|"),
    where: undefined,
    values,
    build: () => {
      const counts = names.map((name, i) => {
        const branches = requirementBranches(filters[name], prefix(i)).map(
          (b) => sql`(select count(*) from ${r} where ${sql.join(b.where, sql` and `)})`,
        );
        return sql`${branches.length ? sql.join(branches, sql` + `) : sql`0`}::int as ${sql.identifier(name)}`;
      });
      return rawStatement<Record<K, number>>(db, sql`select ${sql.join(counts, sql`, `)}`);
    },
  });
  return Object.fromEntries(names.map((name) => [name, Number(row?.[name] ?? 0)])) as Record<K, number>;
}
const readCounts = shapedRead();

/** Requirement and document rows with their state on `today`; with a limit, also the capped count. */
export async function complianceRows(db: Queryable, filter: ComplianceQuery, today: string) {
  const { rows, total } = await requirementRows(db, filter, today, complianceKeyset(filter));
  return { rows: rows.map(toRow), total };
}

/** The Scadenze page: its rows with their cursors (sendKeysetPage sends them as headers) and the count. */
export async function listCompliance(
  db: Queryable,
  params: ComplianceListParams,
  today: string,
  ks: Keyset = complianceKeyset(params),
  counted = true,
) {
  const { rows, total } = await requirementRows(
    db,
    {
      siteId: params.siteId,
      excludeCompleted: params.sites !== "all",
      state: params.state,
      kind: params.kind,
      supplierId: params.supplierId,
      sort: params.sort,
      limit: params.limit,
      offset: params.offset,
      after: params.after,
      before: params.before,
      counted,
    },
    today,
    ks,
  );
  return { rows: rows.map((raw) => ({ ...toRow(raw), cursor: raw.cursor })), total };
}

/** The site card "Sicurezza e permessi": requirements, papers and firms of one site. */
export async function siteCompliance(db: Queryable, siteId: string, today: string): Promise<SiteCompliance | null> {
  const [site] = await db
    .select({
      id: constructionSites.id,
      usesScaffolding: constructionSites.usesScaffolding,
      specialEquipment: constructionSites.specialEquipment,
    })
    .from(constructionSites)
    .where(eq(constructionSites.id, siteId));
  if (!site) return null;
  const [{ rows }, firms] = await Promise.all([
    complianceRows(db, { siteId, requiredOnly: true }, today),
    siteFirms(db, siteId),
  ]);
  const firmIds = firms.map((f) => f.id);
  const docs = await selectDocuments(db)
    .where(
      or(
        eq(d.constructionSiteId, siteId),
        firmIds.length ? and(isNull(d.constructionSiteId), inArray(d.supplierId, firmIds)) : undefined,
      ),
    )
    .orderBy(asc(d.kind), desc(d.validUntil), desc(d.createdAt));
  const requirements = rows.map((r) => ({
    kind: r.kind,
    supplierId: r.supplierId,
    supplierName: r.supplierName,
    state: r.state,
    validUntil: r.validUntil,
    documentId: r.documentId,
  }));
  return {
    siteId,
    ready: requirements.every((r) => r.state !== "mancante" && r.state !== "scaduto"),
    usesScaffolding: site.usesScaffolding,
    requirements,
    documents: docs.map((r) => toDocument(r, today)),
    firms,
  };
}
