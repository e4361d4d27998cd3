import { and, desc, eq, gte, ilike, lte, or, sql, type SQL } from "drizzle-orm";
import type { SurveyListParams } from "@domain/surveys";
import type { Queryable } from "../../db/client";
import { clients, contacts, estimates, surveys, users } from "../../db/schema";
import {
  countShaped,
  countedRow,
  cursorSql,
  keyset,
  likePattern,
  sortKey,
  sortKeys,
  type Keyset,
  type SortKey,
  keysetPage,
} from "../../lib/list";
import { shapedRead } from "../../lib/prepared";
import { assigneeColumns, withAssignedUser } from "../team/queries";

type ListParams = SurveyListParams & { limit: number; offset: number; after?: string; before?: string };

export const surveyColumns = {
  id: surveys.id,
  clientId: surveys.clientId,
  clientName: clients.name,
  contactId: surveys.contactId,
  contactName: contacts.name,
  date: surveys.date,
  time: surveys.time,
  address: surveys.address,
  description: surveys.description,
  notes: surveys.notes,
  status: surveys.status,
  surveyType: surveys.surveyType,
  estimatedDuration: surveys.estimatedDuration,
  requiredEquipment: surveys.requiredEquipment,
  accessConditions: surveys.accessConditions,
  issuesFound: surveys.issuesFound,
  measurements: surveys.measurements,
  photosNotes: surveys.photosNotes,
  urgencyLevel: surveys.urgencyLevel,
  weatherConditions: surveys.weatherConditions,
  ownerPresent: surveys.ownerPresent,
  safetyNotes: surveys.safetyNotes,
  followUpRequired: surveys.followUpRequired,
  followUpDate: surveys.followUpDate,
  assignedUserId: surveys.assignedUserId,
  assignee: assigneeColumns,
  createdAt: surveys.createdAt,
  updatedAt: surveys.updatedAt,
  version: surveys.version,
};

/** `scope`: a portal user's client; null for an administrator. */
function listWhere(params: ListParams, scope: string | null): SQL | undefined {
  const filters: (SQL | undefined)[] = [];
  if (params.q) {
    const p = likePattern(params.q);
    filters.push(or(ilike(surveys.description, p), ilike(clients.name, p), ilike(surveys.address, p)));
  }
  if (params.status) filters.push(eq(surveys.status, params.status));
  if (params.clientId) filters.push(eq(surveys.clientId, params.clientId));
  if (params.contactId) filters.push(eq(surveys.contactId, params.contactId));
  if (params.from) filters.push(gte(surveys.date, params.from));
  if (params.to) filters.push(lte(surveys.date, params.to));
  // Resolved by the route (`assigned=me` → the session user); uses (assigned_user_id, date).
  if (params.assignedUserId) filters.push(eq(surveys.assignedUserId, params.assignedUserId));
  if (scope) filters.push(eq(surveys.clientId, scope));
  return and(...filters);
}

/**
 * The day order, most recent first or oldest first. A survey with no time follows the timed ones
 * of its day when the most recent come first, and leads its day read oldest first: the same
 * index (surveys_list_idx) read one way or the other.
 */
const byDate = (descending: boolean): SortKey[] => [
  { expr: surveys.date, desc: descending },
  { expr: surveys.time, desc: descending, nullable: true, nullsFirst: !descending },
  { expr: surveys.id, desc: descending },
];

/** The page the parameters ask for, by cursor or by offset. */
export function surveyKeyset(params: ListParams): Keyset {
  // A calendar range reads in day order; the list shows the most recent first.
  const fallback = byDate(!(params.from || params.to));
  const key = sortKey(params.sort);
  const keys =
    key === "date"
      ? byDate(params.sort!.startsWith("-"))
      : sortKeys(
          params.sort,
          { createdAt: surveys.createdAt, status: surveys.status, clientName: sql`lower(${clients.name})` },
          fallback,
          surveys.id,
        );
  return keyset(params, keys);
}

const readPage = shapedRead();

/**
 * One page: the ids first (through the ORDER BY's index), then client and contact names for those
 * rows only. Built once per shape (lib/prepared.ts shapedRead): the keys depend on the sort and,
 * without one, on whether a calendar range is asked.
 */
export async function listSurveys(
  db: Queryable,
  params: ListParams,
  scope: string | null,
  ks: Keyset = surveyKeyset(params),
) {
  const byClientName = Boolean(params.q) || sortKey(params.sort) === "clientName";
  const ranged = Boolean(params.from || params.to);
  const rows = await readPage(
    db,
    keysetPage({
      shape: `surveys|${params.sort ?? ""}|${ranged}|${byClientName}`,
      filters: listWhere(params, scope),
      ks,
      limit: params.limit,
      build: (ordered) => {
        let ids = db.select({ id: surveys.id }).from(surveys).$dynamic();
        if (byClientName) ids = ids.innerJoin(clients, eq(clients.id, surveys.clientId));
        const page = ordered(ids).as("page");
        return db
          .select({ ...surveyColumns, cursor: cursorSql(ks.keys) })
          .from(page)
          .innerJoin(surveys, eq(surveys.id, page.id))
          .innerJoin(clients, eq(clients.id, surveys.clientId))
          .leftJoin(contacts, eq(contacts.id, surveys.contactId))
          .leftJoin(users, eq(users.id, surveys.assignedUserId))
          .orderBy(...ks.order);
      },
    }),
  );
  return rows.map(withAssignedUser);
}

export function countSurveys(db: Queryable, params: ListParams, scope: string | null) {
  const byClientName = Boolean(params.q);
  return countShaped(db, {
    shape: `surveys|${byClientName}`,
    where: listWhere(params, scope),
    table: surveys,
    joined: byClientName,
    matching: (where) => {
      const counted = db.select(countedRow).from(surveys).$dynamic();
      return (byClientName ? counted.leftJoin(clients, eq(clients.id, surveys.clientId)) : counted).where(where);
    },
  });
}

export async function findSurvey(db: Queryable, id: string) {
  const [row] = await db
    .select(surveyColumns)
    .from(surveys)
    .leftJoin(clients, eq(clients.id, surveys.clientId))
    .leftJoin(contacts, eq(contacts.id, surveys.contactId))
    .leftJoin(users, eq(users.id, surveys.assignedUserId))
    .where(eq(surveys.id, id));
  return row ? withAssignedUser(row) : null;
}

/** The detail: the survey, its client and contact cards, and the estimates made from it. */
export async function getSurveyDetail(db: Queryable, id: string) {
  const survey = await findSurvey(db, id);
  if (!survey) return null;
  const [client] = await db
    .select({
      id: clients.id,
      name: clients.name,
      address: clients.address,
      phone: clients.phone,
      email: clients.email,
    })
    .from(clients)
    .where(eq(clients.id, survey.clientId));
  const [contact] = survey.contactId
    ? await db
        .select({
          id: contacts.id,
          name: contacts.name,
          role: contacts.role,
          phone: contacts.phone,
          email: contacts.email,
        })
        .from(contacts)
        .where(eq(contacts.id, survey.contactId))
    : [];
  const estimateRows = await db
    .select({
      id: estimates.id,
      number: estimates.number,
      title: estimates.title,
      status: estimates.status,
      totalAmount: estimates.totalAmount,
      createdAt: estimates.createdAt,
    })
    .from(estimates)
    .where(eq(estimates.surveyId, id))
    .orderBy(desc(estimates.createdAt));
  return { ...survey, client: client ?? null, contact: contact ?? null, estimates: estimateRows };
}
