import { and, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { todayIso } from "@domain/dates";
import type {
  PortalEstimateListParams,
  PortalInformationRequestListParams,
  PortalProjectListParams,
  PortalSurveyRequestListParams,
} from "@domain/portal";
import type { Queryable } from "../../db/client";
import { constructionSites, estimates, informationRequests, surveys } from "../../db/schema";
import { countCapped, countedRow, likePattern, orderBy, orderSql, sortKeys } from "../../lib/list";

// The portal's lists (docs/domain/portal.md). Each takes the client from the session and
// selects an allowlist of columns: no costs, margins, internal notes, drafts or office activity.

type Page = { limit: number; offset: number };

// ---- I miei preventivi

function estimateWhere(clientId: string, params: PortalEstimateListParams): SQL | undefined {
  const today = todayIso();
  const filters: (SQL | undefined)[] = [eq(estimates.clientId, clientId), ne(estimates.status, "bozza")];
  if (params.q) {
    const p = likePattern(params.q);
    filters.push(or(ilike(estimates.number, p), ilike(estimates.title, p)));
  }
  if (params.status === "scaduto") filters.push(eq(estimates.status, "inviato"), lt(estimates.expiresAt, today));
  else if (params.status === "inviato") filters.push(eq(estimates.status, "inviato"), gte(estimates.expiresAt, today));
  else if (params.status) filters.push(eq(estimates.status, params.status));
  return and(...filters);
}

export function listPortalEstimates(db: Queryable, clientId: string, params: PortalEstimateListParams & Page) {
  return db
    .select({
      id: estimates.id,
      number: estimates.number,
      title: estimates.title,
      status: estimates.status,
      totalAmount: estimates.totalAmount,
      grossTotal: estimates.grossTotal,
      createdAt: estimates.createdAt,
      expiresAt: estimates.expiresAt,
    })
    .from(estimates)
    .where(estimateWhere(clientId, params))
    .orderBy(
      ...orderBy(
        params.sort,
        {
          createdAt: estimates.createdAt,
          number: estimates.number,
          title: estimates.title,
          grossTotal: estimates.grossTotal,
          expiresAt: estimates.expiresAt,
        },
        [desc(estimates.createdAt), desc(estimates.id)],
      ),
    )
    .limit(params.limit)
    .offset(params.offset);
}

export const countPortalEstimates = (db: Queryable, clientId: string, params: PortalEstimateListParams) =>
  countCapped(db, db.select(countedRow).from(estimates).where(estimateWhere(clientId, params)).$dynamic());

// ---- I miei progetti (the sites descending from the client's estimates)

function projectWhere(clientId: string, params: PortalProjectListParams): SQL | undefined {
  const filters: (SQL | undefined)[] = [eq(estimates.clientId, clientId)];
  if (params.q) {
    const p = likePattern(params.q);
    filters.push(or(ilike(constructionSites.name, p), ilike(constructionSites.address, p)));
  }
  if (params.status === "programmato") filters.push(inArray(constructionSites.status, ["programmato", "sospeso"]));
  else if (params.status) filters.push(eq(constructionSites.status, params.status));
  return and(...filters);
}

export function listPortalProjects(db: Queryable, clientId: string, params: PortalProjectListParams & Page) {
  return db
    .select({
      id: constructionSites.id,
      name: constructionSites.name,
      status: constructionSites.status,
      address: constructionSites.address,
      progress: constructionSites.progress,
      startDate: constructionSites.startDate,
      estimatedEndDate: constructionSites.estimatedEndDate,
      estimate: { id: estimates.id, number: estimates.number, title: estimates.title },
    })
    .from(constructionSites)
    .innerJoin(estimates, eq(estimates.id, constructionSites.estimateId))
    .where(projectWhere(clientId, params))
    .orderBy(
      ...orderBy(
        params.sort,
        {
          name: constructionSites.name,
          status: constructionSites.status,
          startDate: constructionSites.startDate,
          estimatedEndDate: constructionSites.estimatedEndDate,
          progress: constructionSites.progress,
        },
        // Work in progress first, then what is planned, then what is finished (as the dashboard).
        [
          sql`case ${constructionSites.status} when 'in_corso' then 0 when 'completato' then 2 else 1 end`,
          desc(constructionSites.createdAt),
          desc(constructionSites.id),
        ],
      ),
    )
    .limit(params.limit)
    .offset(params.offset);
}

export const countPortalProjects = (db: Queryable, clientId: string, params: PortalProjectListParams) =>
  countCapped(
    db,
    db
      .select(countedRow)
      .from(constructionSites)
      .innerJoin(estimates, eq(estimates.id, constructionSites.estimateId))
      .where(projectWhere(clientId, params))
      .$dynamic(),
  );

// ---- Le mie richieste: the surveys the client asked for in the portal

function surveyRequestWhere(clientId: string, params: PortalSurveyRequestListParams): SQL | undefined {
  const filters: (SQL | undefined)[] = [eq(surveys.clientId, clientId), eq(surveys.portalRequest, true)];
  if (params.q) {
    const p = likePattern(params.q);
    filters.push(or(ilike(surveys.address, p), ilike(surveys.description, p)));
  }
  if (params.status) filters.push(eq(surveys.status, params.status));
  return and(...filters);
}

export function listPortalSurveyRequests(db: Queryable, clientId: string, params: PortalSurveyRequestListParams & Page) {
  return db
    .select({
      id: surveys.id,
      createdAt: surveys.createdAt,
      date: surveys.date,
      time: surveys.time,
      address: surveys.address,
      description: surveys.description,
      urgency: surveys.urgencyLevel,
      status: surveys.status,
    })
    .from(surveys)
    .where(surveyRequestWhere(clientId, params))
    .orderBy(
      ...orderBy(
        params.sort,
        { date: surveys.date, createdAt: surveys.createdAt, status: surveys.status },
        [desc(surveys.createdAt), desc(surveys.id)],
      ),
    )
    .limit(params.limit)
    .offset(params.offset);
}

export const countPortalSurveyRequests = (db: Queryable, clientId: string, params: PortalSurveyRequestListParams) =>
  countCapped(db, db.select(countedRow).from(surveys).where(surveyRequestWhere(clientId, params)).$dynamic());

// ---- Richieste di informazioni (both sides; `clientId` null: the office's list of every client)

export function informationRequestWhere(
  clientId: string | null,
  params: PortalInformationRequestListParams & { clientId?: string | undefined },
): SQL | undefined {
  const filters: (SQL | undefined)[] = [];
  if (clientId) filters.push(eq(informationRequests.clientId, clientId));
  else if (params.clientId) filters.push(eq(informationRequests.clientId, params.clientId));
  if (params.q) {
    const p = likePattern(params.q);
    filters.push(or(ilike(informationRequests.subject, p), ilike(informationRequests.message, p)));
  }
  if (params.state === "aperta") filters.push(isNull(informationRequests.repliedAt));
  if (params.state === "risposta") filters.push(isNotNull(informationRequests.repliedAt));
  return and(...filters);
}

/** Newest first, or a sort then the id in its direction (the office's list pages by keyset on these). */
export const informationRequestKeys = (sort: string | undefined) =>
  sortKeys(
    sort,
    { createdAt: informationRequests.createdAt, repliedAt: { expr: informationRequests.repliedAt, nullable: true } },
    [
      { expr: informationRequests.createdAt, desc: true },
      { expr: informationRequests.id, desc: true },
    ],
    informationRequests.id,
  );

export const informationRequestOrder = (sort: string | undefined) => orderSql(informationRequestKeys(sort));

export const informationRequestView = {
  id: informationRequests.id,
  createdAt: informationRequests.createdAt,
  subject: informationRequests.subject,
  message: informationRequests.message,
  entityType: sql<"site" | "estimate" | "invoice" | null>`${informationRequests.entityType}`,
  entityId: informationRequests.entityId,
  entityLabel: informationRequests.entityLabel,
  reply: informationRequests.reply,
  repliedAt: informationRequests.repliedAt,
};

export function listPortalInformationRequests(
  db: Queryable,
  clientId: string,
  params: PortalInformationRequestListParams & Page,
) {
  return db
    .select(informationRequestView)
    .from(informationRequests)
    .where(informationRequestWhere(clientId, params))
    .orderBy(...informationRequestOrder(params.sort))
    .limit(params.limit)
    .offset(params.offset);
}

export const countInformationRequests = (
  db: Queryable,
  clientId: string | null,
  params: PortalInformationRequestListParams & { clientId?: string | undefined },
) =>
  countCapped(
    db,
    db.select(countedRow).from(informationRequests).where(informationRequestWhere(clientId, params)).$dynamic(),
  );
