import { sql, type SQL } from "drizzle-orm";
import {
  index,
  integer,
  numeric,
  timestamp,
  uuid,
  type AnyPgColumn,
  type ExtraConfigColumn,
} from "drizzle-orm/pg-core";

// Column helpers shared by every table, so ids, timestamps, money and versions are declared once.

export const id = () => uuid().primaryKey().defaultRandom();
export const createdAt = () => timestamp({ withTimezone: true, mode: "string" }).notNull().defaultNow();
export const updatedAt = () => timestamp({ withTimezone: true, mode: "string" }).notNull().defaultNow();
export const timestampTz = () => timestamp({ withTimezone: true, mode: "string" });
/** Money: numeric(10,2) as the specification fixes, read and written as exact strings. */
export const money = () => numeric({ precision: 10, scale: 2 });
/** Totals that include VAT may exceed the 10,2 of a taxable amount. */
export const grossMoney = () => numeric({ precision: 12, scale: 2 });
export const quantity = () => numeric({ precision: 12, scale: 2 });
/** Document lines (docs/domain/invoices.md): quantity up to 3 decimals, unit price up to 4 (FatturaPA). */
export const lineQuantity = () => numeric({ precision: 12, scale: 3 });
export const lineUnitPrice = () => numeric({ precision: 15, scale: 4 });
/** Optimistic concurrency: a PUT must carry the version it read (docs/domain/api.md). */
export const version = () => integer().notNull().default(1);

/**
 * A trigram (pg_trgm) GIN index: list searches are ILIKE '%text%' on names, addresses and
 * numbers, which a b-tree cannot serve; with ten years of data a sequential scan is too slow.
 */
export const trigramIndex = (name: string, column: ExtraConfigColumn) =>
  index(name).using("gin", column.op("gin_trgm_ops"));

export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.join(
    values.map((v) => sql.raw(`'${v.replace(/'/g, "''")}'`)),
    sql`, `,
  )})`;
}
