import { getTableColumns, is } from "drizzle-orm";
import { getTableConfig, PgTable, type AnyPgColumn } from "drizzle-orm/pg-core";
import * as schema from "../db/schema";

/** Runtime state, not data: sessions and login throttling start empty after a restore; derived summaries rebuild themselves. */
const EXCLUDED = new Set([
  "sessions",
  "login_attempts",
  // Derived: the triggers on estimates rebuild it as the restore inserts them (0016).
  "estimate_status_totals",
  // Derived: the triggers on sites, orders, suppliers and documents rebuild it (0018).
  "compliance_requirements",
  // Derived: the triggers on compliance_requirements rebuild it (0025).
  "compliance_requirement_totals",
  // Derived: the triggers on invoices and invoice_payments rebuild them (0019).
  "invoice_month_totals",
  "payment_month_totals",
  // Derived: the triggers on invoices rebuild it (0026).
  "invoice_due_totals",
  // Derived: the triggers on clients and construction_sites rebuild them (0022).
  "client_totals",
  "site_status_totals",
]);

export interface TablePlan {
  /** SQL name, e.g. "activity_log". */
  name: string;
  table: PgTable;
  /** Property names of the primary key, for a stable dump order and the deferred updates. */
  primaryKey: string[];
  /**
   * Nullable foreign keys that close a cycle (estimates → orders → sites → estimates): the rows
   * are inserted with them null and the values are set once every table is in.
   */
  deferred: string[];
}

/** Property name of each column, looked up by SQL-side name (primary-key configs hold copies of the columns). */
function keysOf(table: PgTable) {
  const byName = new Map<string, string>();
  for (const [key, column] of Object.entries(getTableColumns(table))) byName.set((column as AnyPgColumn).name, key);
  return { get: (column: AnyPgColumn) => byName.get(column.name) };
}

/**
 * Every table of the schema in dependency order (a referenced table before the tables that
 * refer to it), derived from the foreign keys so a schema change needs no edit here.
 */
export function backupPlan(): TablePlan[] {
  const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
  const plans = new Map<string, TablePlan>();
  const edges = new Map<string, { to: string; columns: string[]; nullable: boolean }[]>();
  for (const table of tables) {
    const config = getTableConfig(table);
    if (EXCLUDED.has(config.name)) continue;
    const keys = keysOf(table);
    const pkColumns = config.primaryKeys[0]?.columns ?? config.columns.filter((c) => c.primary);
    plans.set(config.name, { name: config.name, table, primaryKey: pkColumns.map((c) => keys.get(c)!), deferred: [] });
    edges.set(
      config.name,
      config.foreignKeys.map((fk) => {
        const ref = fk.reference();
        return {
          to: getTableConfig(ref.foreignTable).name,
          columns: ref.columns.map((c) => keys.get(c)!),
          nullable: ref.columns.every((c) => !c.notNull),
        };
      }),
    );
  }

  const ordered: TablePlan[] = [];
  const done = new Set<string>();
  const pending = () => [...plans.keys()].filter((n) => !done.has(n));
  const blockers = (name: string) =>
    (edges.get(name) ?? []).filter((e) => plans.has(e.to) && !done.has(e.to) && e.to !== name);
  while (pending().length) {
    const ready = pending().filter((n) => blockers(n).length === 0);
    if (ready.length) {
      for (const name of ready.sort()) {
        ordered.push(plans.get(name)!);
        done.add(name);
      }
      continue;
    }
    // A cycle: break it at a nullable foreign key that lies on the cycle. A table merely waiting
    // for a table of the cycle (compliance_documents → construction_sites) keeps its key: deferring
    // it would insert rows that break the table's own checks (a site document with no site).
    const reaches = (from: string, target: string, seen = new Set<string>()): boolean =>
      from === target ||
      (!seen.has(from) && (seen.add(from), blockers(from).some((e) => reaches(e.to, target, seen))));
    const breakable = pending()
      .sort()
      .flatMap((n) =>
        blockers(n)
          .filter((e) => e.nullable && reaches(e.to, n))
          .map((e) => ({ name: n, edge: e })),
      )[0];
    if (!breakable) throw new Error(`Ciclo di chiavi esterne non risolvibile tra: ${pending().join(", ")}`);
    plans.get(breakable.name)!.deferred.push(...breakable.edge.columns);
    edges.set(
      breakable.name,
      edges.get(breakable.name)!.filter((e) => e !== breakable.edge),
    );
  }
  // Self references (a row pointing at a row of the same table) are deferred as well.
  for (const plan of ordered) {
    for (const e of edges.get(plan.name) ?? []) if (e.to === plan.name && e.nullable) plan.deferred.push(...e.columns);
  }
  return ordered;
}
