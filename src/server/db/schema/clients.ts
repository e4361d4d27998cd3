import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import { clientTypes } from "@domain/statuses";
import { createdAt, id, oneOf, searchText, trigramIndex, updatedAt, version } from "./columns";

export const clients = pgTable(
  "clients",
  {
    id: id(),
    name: text().notNull(),
    type: text({ enum: clientTypes.values }).notNull().default("privato"),
    address: text().notNull(),
    city: text(),
    province: text(),
    zipCode: text(),
    phone: text(),
    email: text(),
    pec: text(),
    sdiCode: text(),
    vatNumber: text(),
    fiscalCode: text(),
    /** Codice univoco ufficio of an ente pubblico (6 characters): its CodiceDestinatario. */
    officeCode: text(),
    /** A condominio withholds the 4 % ritenuta (art. 25-ter DPR 600/73) unless this is off. */
    withholdingAgent: boolean().notNull().default(true),
    notes: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
    /** The list's search box reads this (migration 0024); read whole rows through rowColumns. */
    searchText: searchText((): AnyPgColumn[] => [clients.name, clients.email, clients.phone]),
  },
  (t) => [
    check("clients_type_check", oneOf(t.type, clientTypes.values)),
    index("clients_name_idx").on(sql`lower(${t.name})`),
    index("clients_type_idx").on(t.type),
    // The estimates, surveys, sites and contracts lists search the client's name on its own.
    trigramIndex("clients_name_trgm", t.name),
    trigramIndex("clients_search_trgm", t.searchText),
    // List pages walk these in ORDER BY order and stop after LIMIT (docs/benchmarks.md §1).
    // clients_list_idx also carries search_text (INCLUDE, migration 0027; drizzle cannot declare
    // it), so a search walks it without reading the rows it drops (queries.ts listClients).
    index("clients_list_idx").on(t.createdAt, t.id),
    index("clients_type_list_idx").on(t.type, t.createdAt, t.id),
  ],
);

/**
 * How many clients there are, in one row kept by statement-level triggers on clients in the
 * writing transaction (drizzle/0022_dashboard_counts.sql; docs/decisions/013-dashboard-speed.md).
 * Derived data: the dashboard's clients card reads it instead of counting every client; backups
 * leave it out (the triggers rebuild it as a restore inserts the clients).
 */
export const clientTotals = pgTable(
  "client_totals",
  {
    id: integer().primaryKey().default(1),
    count: integer().notNull().default(0),
  },
  (t) => [check("client_totals_one_row", sql`${t.id} = 1`)],
);

export const contacts = pgTable(
  "contacts",
  {
    id: id(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: "restrict" }),
    name: text().notNull(),
    role: text(),
    phone: text(),
    email: text(),
    notes: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
    /** The list's search box reads this (migration 0024). */
    searchText: searchText((): AnyPgColumn[] => [contacts.name, contacts.email, contacts.phone]),
  },
  (t) => [
    index("contacts_client_idx").on(t.clientId),
    index("contacts_name_idx").on(sql`lower(${t.name})`),
    trigramIndex("contacts_search_trgm", t.searchText),
    index("contacts_list_idx").on(sql`lower(${t.name})`, t.id.desc().nullsFirst()),
    // A chosen sort, then the id in its direction (migration 0017).
    index("contacts_name_sort_idx").on(sql`lower(${t.name})`, t.id),
    index("contacts_created_sort_idx").on(t.createdAt, t.id),
  ],
);
