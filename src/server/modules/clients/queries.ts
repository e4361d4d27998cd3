import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { ClientListQuery } from "@domain/clients";
import { CLIENT_DETAIL_CONTACTS, CLIENT_DETAIL_ESTIMATES } from "@domain/clients";
import type { Queryable } from "../../db/client";
import { clients, contacts, estimates, surveys, users } from "../../db/schema";
import { rowColumns } from "../../db/schema/columns";
import {
  countShaped,
  countedRow,
  cursorSql,
  keyset,
  searchMatches,
  sortKeys,
  type Keyset,
  keysetPage,
} from "../../lib/list";
import { shapedRead } from "../../lib/prepared";

type ListParams = Omit<ClientListQuery, "limit" | "offset"> & { limit: number; offset: number };

function listWhere(params: ListParams): SQL | undefined {
  const filters: (SQL | undefined)[] = [];
  if (params.q) {
    // Name, e-mail or phone: one LIKE on the three together (migration 0024).
    filters.push(searchMatches(clients.searchText, params.q));
  }
  if (params.type) filters.push(eq(clients.type, params.type as "privato"));
  return and(...filters);
}

/** The page the parameters ask for, in the list's order (by cursor or by offset). */
export const clientKeyset = (params: ListParams) =>
  keyset(
    params,
    sortKeys(params.sort, { name: sql`lower(${clients.name})`, createdAt: clients.createdAt, type: clients.type }, [
      { expr: clients.createdAt, desc: true },
      { expr: clients.id, desc: true },
    ]),
  );

const readPage = shapedRead();

/**
 * One page; each row carries its `cursor` (sendKeysetPage turns it into headers). Built once per
 * shape (lib/prepared.ts shapedRead).
 *
 * A search picks the page's ids first and reads only those rows (docs/decisions/019-list-search-text.md,
 * "The page reads the index first"): the walk drops every client that does not match — ~1,400 for
 * "Moretti" at scale 500 — and with search_text carried in clients_list_idx (migration 0027) it
 * drops them from the index, without fetching each row from the table.
 */
export async function listClients(db: Queryable, params: ListParams, ks: Keyset = clientKeyset(params)) {
  const columns = { ...rowColumns(clients), cursor: cursorSql(ks.keys) };
  const rows = await readPage(
    db,
    keysetPage({
      shape: `clients|${params.sort ?? ""}|${params.q ? "ids first" : ""}`,
      filters: listWhere(params),
      ks,
      limit: params.limit,
      build: (ordered) => {
        if (!params.q) return ordered(db.select(columns).from(clients).$dynamic());
        const page = ordered(db.select({ id: clients.id }).from(clients).$dynamic()).as("page");
        return db
          .select(columns)
          .from(clients)
          .innerJoin(page, eq(page.id, clients.id))
          .orderBy(...ks.pageOrder)
          .$dynamic();
      },
    }),
  );
  // Read backwards from a `before` cursor: put the page back in the list's order.
  return ks.backwards ? rows.reverse() : rows;
}

export function countClients(db: Queryable, params: ListParams) {
  return countShaped(db, {
    shape: "clients",
    where: listWhere(params),
    table: clients,
    matching: (where) => db.select(countedRow).from(clients).where(where).$dynamic(),
  });
}

export async function findClient(db: Queryable, id: string) {
  const [row] = await db.select(rowColumns(clients)).from(clients).where(eq(clients.id, id)).limit(1);
  return row ?? null;
}

/** The detail screen in four small queries: counts in one round trip, then the few rows shown. */
export async function getClientDetail(db: Queryable, id: string) {
  const client = await findClient(db, id);
  if (!client) return null;
  const [counts] = await db
    .select({
      contacts: sql<number>`(select count(*) from ${contacts} where ${contacts.clientId} = ${id})`.mapWith(Number),
      surveys: sql<number>`(select count(*) from ${surveys} where ${surveys.clientId} = ${id})`.mapWith(Number),
      estimates: sql<number>`(select count(*) from ${estimates} where ${estimates.clientId} = ${id})`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  const contactRows = await db
    .select({ id: contacts.id, name: contacts.name, role: contacts.role, phone: contacts.phone, email: contacts.email })
    .from(contacts)
    .where(eq(contacts.clientId, id))
    .orderBy(contacts.name)
    .limit(CLIENT_DETAIL_CONTACTS);
  const latestEstimates = await db
    .select({
      id: estimates.id,
      number: estimates.number,
      title: estimates.title,
      status: estimates.status,
      totalAmount: estimates.totalAmount,
      createdAt: estimates.createdAt,
    })
    .from(estimates)
    .where(eq(estimates.clientId, id))
    .orderBy(desc(estimates.createdAt))
    .limit(CLIENT_DETAIL_ESTIMATES);
  const [portal] = await db
    .select({ userId: users.id, username: users.username, active: users.active, lastLoginAt: users.lastLoginAt })
    .from(users)
    .where(and(eq(users.clientId, id), eq(users.role, "client")))
    .limit(1);
  return {
    ...client,
    counts: counts ?? { contacts: 0, surveys: 0, estimates: 0 },
    contacts: contactRows,
    latestEstimates,
    portalAccess: portal ?? null,
  };
}

/** What still refers to a client: a client with documents is not deleted (docs/domain/api.md). */
export async function clientDependents(db: Queryable, id: string) {
  const [row] = await db
    .select({
      contacts: sql<number>`(select count(*) from ${contacts} where ${contacts.clientId} = ${id})`.mapWith(Number),
      surveys: sql<number>`(select count(*) from ${surveys} where ${surveys.clientId} = ${id})`.mapWith(Number),
      estimates: sql<number>`(select count(*) from ${estimates} where ${estimates.clientId} = ${id})`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  return row ?? { contacts: 0, surveys: 0, estimates: 0 };
}
