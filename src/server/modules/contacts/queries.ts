import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { CONTACT_DETAIL_SURVEYS, type ContactListParams } from "@domain/contacts";
import type { Queryable } from "../../db/client";
import { clients, contacts, surveys } from "../../db/schema";
import {
  countShaped,
  countedRow,
  cursorSql,
  keyset,
  searchMatches,
  sortKey,
  sortKeys,
  type Keyset,
  keysetPage,
} from "../../lib/list";
import { shapedRead } from "../../lib/prepared";

type ListParams = ContactListParams & { limit: number; offset: number; after?: string; before?: string };

const columns = {
  id: contacts.id,
  clientId: contacts.clientId,
  clientName: clients.name,
  name: contacts.name,
  role: contacts.role,
  phone: contacts.phone,
  email: contacts.email,
  notes: contacts.notes,
  createdAt: contacts.createdAt,
  updatedAt: contacts.updatedAt,
  version: contacts.version,
};

function listWhere(params: ListParams): SQL | undefined {
  const filters: (SQL | undefined)[] = [];
  if (params.q) {
    // Name, e-mail or phone: one LIKE on the three together (migration 0024).
    filters.push(searchMatches(contacts.searchText, params.q));
  }
  if (params.clientId) filters.push(eq(contacts.clientId, params.clientId));
  return and(...filters);
}

const contactName = sql`lower(${contacts.name})`;

/**
 * The page the parameters ask for (by cursor or by offset). Default order: the name, then the
 * newest id (contacts_list_idx); a chosen sort is followed by the id in its direction, so one
 * index serves it both ways (migration 0017).
 */
export const contactKeyset = (params: ListParams) =>
  keyset(
    params,
    sortKeys(
      params.sort,
      { name: contactName, createdAt: contacts.createdAt, clientName: sql`lower(${clients.name})` },
      [{ expr: contactName }, { expr: contacts.id, desc: true }],
      contacts.id,
    ),
  );

const readPage = shapedRead();

/**
 * One page: the ids first (through the ORDER BY's index), then the client's name for those rows
 * only. Built once per shape (lib/prepared.ts shapedRead).
 */
export async function listContacts(db: Queryable, params: ListParams, ks: Keyset = contactKeyset(params)) {
  const byClientName = sortKey(params.sort) === "clientName";
  return readPage(
    db,
    keysetPage({
      shape: `contacts|${params.sort ?? ""}|${byClientName}`,
      filters: listWhere(params),
      ks,
      limit: params.limit,
      build: (ordered) => {
        let ids = db.select({ id: contacts.id }).from(contacts).$dynamic();
        if (byClientName) ids = ids.innerJoin(clients, eq(clients.id, contacts.clientId));
        const page = ordered(ids).as("page");
        return db
          .select({ ...columns, cursor: cursorSql(ks.keys) })
          .from(page)
          .innerJoin(contacts, eq(contacts.id, page.id))
          .innerJoin(clients, eq(clients.id, contacts.clientId))
          .orderBy(...ks.order);
      },
    }),
  );
}

export function countContacts(db: Queryable, params: ListParams) {
  return countShaped(db, {
    shape: "contacts",
    where: listWhere(params),
    table: contacts,
    matching: (where) => db.select(countedRow).from(contacts).where(where).$dynamic(),
  });
}

export async function findContact(db: Queryable, id: string) {
  const [row] = await db
    .select(columns)
    .from(contacts)
    .leftJoin(clients, eq(clients.id, contacts.clientId))
    .where(eq(contacts.id, id));
  return row ?? null;
}

/** The detail screen: the contact, its client, how many surveys name it and the latest five. */
export async function getContactDetail(db: Queryable, id: string) {
  const contact = await findContact(db, id);
  if (!contact) return null;
  const [client] = await db
    .select({ id: clients.id, name: clients.name, type: clients.type, phone: clients.phone, email: clients.email })
    .from(clients)
    .where(eq(clients.id, contact.clientId));
  const [counted] = await db.select({ n: count() }).from(surveys).where(eq(surveys.contactId, id));
  const surveyRows = await db
    .select({
      id: surveys.id,
      date: surveys.date,
      time: surveys.time,
      address: surveys.address,
      description: surveys.description,
      status: surveys.status,
    })
    .from(surveys)
    .where(eq(surveys.contactId, id))
    .orderBy(desc(surveys.date), desc(surveys.time))
    .limit(CONTACT_DETAIL_SURVEYS);
  return { ...contact, client: client ?? null, surveyCount: Number(counted?.n ?? 0), surveys: surveyRows };
}
