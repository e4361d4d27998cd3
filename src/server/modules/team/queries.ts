import { and, asc, eq, inArray, ne, or, sql } from "drizzle-orm";
import { staffRoles } from "@domain/statuses";
import {
  ACTIVE_SITE_STATUSES,
  ASSIGNEE_INVALID,
  displayName,
  MAX_TEAM,
  teamColor,
  type AssignedUser,
} from "@domain/team";
import type { Queryable } from "../../db/client";
import { clients, constructionSites, contacts, estimates, surveys, users } from "../../db/schema";
import { badRequest } from "../../http/errors";

/** Columns of the assigned user, to select as a nested object over a LEFT JOIN of users. */
export const assigneeColumns = { id: users.id, name: users.name, username: users.username, color: users.color };

type AssigneeRow = { id: string; name: string | null; username: string; color: string | null } | null;

/** What answers carry about the technician: id, name and a colour that is never empty. */
export function toAssignedUser(row: AssigneeRow): AssignedUser {
  return row ? { id: row.id, name: displayName(row), color: teamColor(row.id, row.color) } : null;
}

/** Replaces the nested `assignee` row of a query with the `assignedUser` of the answers. */
export function withAssignedUser<T extends { assignee: AssigneeRow }>(
  row: T,
): Omit<T, "assignee"> & { assignedUser: AssignedUser } {
  const { assignee, ...rest } = row;
  return { ...rest, assignedUser: toAssignedUser(assignee) };
}

/** The firm's active people (admin, ufficio, tecnico), by name: pickers and the calendar legend. */
/**
 * Who can be assigned. The office gets user names and roles (pickers, users screen); a
 * technician only names and colours, what his calendar legend needs (issue 26).
 */
export async function listTeam(db: Queryable, withAccounts: boolean) {
  const rows = await db
    .select({ id: users.id, username: users.username, name: users.name, role: users.role, color: users.color })
    .from(users)
    .where(and(eq(users.active, true), inArray(users.role, [...staffRoles])))
    .orderBy(sql`lower(coalesce(nullif(trim(${users.name}), ''), ${users.username}))`, asc(users.id))
    .limit(MAX_TEAM);
  return rows.map((u) => ({
    id: u.id,
    name: displayName(u),
    color: teamColor(u.id, u.color),
    ...(withAccounts ? { username: u.username, role: u.role as (typeof staffRoles)[number] } : {}),
  }));
}

/**
 * A survey or site can be assigned only to an active staff user (never a portal user or a
 * disabled account). `current` is the stored assignee: keeping it is always allowed, so an
 * unrelated edit of a record assigned to someone since disabled still saves.
 */
export async function checkAssignee(db: Queryable, assignedUserId: string | null, current: string | null = null) {
  if (!assignedUserId || assignedUserId === current) return;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, assignedUserId), eq(users.active, true), inArray(users.role, [...staffRoles])));
  if (!user) throw badRequest(ASSIGNEE_INVALID, { assignedUserId: ASSIGNEE_INVALID });
}

/** `assigned=me` is the session user; otherwise an explicit technician, or nobody in particular. */
export function assigneeFilter(
  query: { assigned?: "me"; assignedUserId?: string },
  userId: string | undefined,
): string | undefined {
  if (query.assigned === "me") return userId;
  return query.assignedUserId;
}

/**
 * The technician's day: surveys of today and tomorrow assigned to the user (cancelled ones
 * left out) and the sites he runs that are not finished or on hold. Only what a phone card
 * shows: names, addresses, phones, status and progress — no amounts of any kind.
 */
export async function myDay(db: Queryable, userId: string, window: { today: string; tomorrow: string }) {
  const surveyRows = await db
    .select({
      id: surveys.id,
      date: surveys.date,
      time: surveys.time,
      status: surveys.status,
      address: surveys.address,
      description: surveys.description,
      clientName: clients.name,
      clientPhone: clients.phone,
      contactName: contacts.name,
      contactPhone: contacts.phone,
      version: surveys.version,
    })
    .from(surveys)
    .innerJoin(clients, eq(clients.id, surveys.clientId))
    .leftJoin(contacts, eq(contacts.id, surveys.contactId))
    // (assigned_user_id, date) index: two days of one person.
    .where(
      and(
        eq(surveys.assignedUserId, userId),
        or(eq(surveys.date, window.today), eq(surveys.date, window.tomorrow)),
        ne(surveys.status, "annullato"),
      ),
    )
    .orderBy(asc(surveys.date), sql`${surveys.time} asc nulls last`, asc(surveys.id))
    .limit(100);
  const siteRows = await db
    .select({
      id: constructionSites.id,
      name: constructionSites.name,
      address: constructionSites.address,
      status: constructionSites.status,
      progress: constructionSites.progress,
      startDate: constructionSites.startDate,
      estimatedEndDate: constructionSites.estimatedEndDate,
      workingHours: constructionSites.workingHours,
      clientName: clients.name,
      clientPhone: clients.phone,
      emergencyPhone: constructionSites.emergencyPhone,
      version: constructionSites.version,
    })
    .from(constructionSites)
    .innerJoin(estimates, eq(estimates.id, constructionSites.estimateId))
    .innerJoin(clients, eq(clients.id, estimates.clientId))
    // (assigned_user_id, status) index.
    .where(
      and(eq(constructionSites.assignedUserId, userId), inArray(constructionSites.status, [...ACTIVE_SITE_STATUSES])),
    )
    // Running sites first, then the next to start.
    .orderBy(
      sql`${constructionSites.status} = 'in_corso' desc`,
      sql`${constructionSites.startDate} asc nulls last`,
      asc(constructionSites.name),
    )
    .limit(50);
  return {
    ...window,
    surveys: {
      today: surveyRows.filter((r) => r.date === window.today),
      tomorrow: surveyRows.filter((r) => r.date === window.tomorrow),
    },
    sites: siteRows,
  };
}
