import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { todayIso } from "@domain/dates";
import { PORTAL_DASHBOARD_ESTIMATES, PORTAL_DASHBOARD_INVOICES, PORTAL_DASHBOARD_PROJECTS } from "@domain/portal";
import { plainDecimal } from "@domain/money";
import type { Queryable } from "../../db/client";
import { remainderSql } from "../invoices/queries";
import { estimateItemView, estimateVatView } from "../estimates/queries";
import {
  attachments,
  clients,
  constructionSites,
  contracts,
  estimateItems,
  estimates,
  invoices,
  users,
} from "../../db/schema";

// What a portal user sees of their client (docs/domain/portal.md): estimates once sent (a draft is the
// company's unfinished work), every site descending from them, and invoices once issued.
// Every query here takes the client id from the session, never from the request.

const visibleEstimate = (clientId: string) => and(eq(estimates.clientId, clientId), ne(estimates.status, "bozza"));
const visibleInvoice = (clientId: string) => and(eq(estimates.clientId, clientId), ne(invoices.status, "bozza"));

/** Whether the client may see this estimate (its own, not a draft). */
export async function isVisibleEstimate(db: Queryable, clientId: string, id: string) {
  const [row] = await db
    .select({ id: estimates.id })
    .from(estimates)
    .where(and(eq(estimates.id, id), visibleEstimate(clientId)));
  return row !== undefined;
}

/** Whether the client may see this invoice (of its own estimate's contract, issued). */
export async function isVisibleInvoice(db: Queryable, clientId: string, id: string) {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .innerJoin(contracts, eq(contracts.id, invoices.contractId))
    .innerJoin(estimates, eq(estimates.id, contracts.estimateId))
    .where(and(eq(invoices.id, id), visibleInvoice(clientId)));
  return row !== undefined;
}

export async function getPortalDashboard(db: Queryable, clientId: string, userId: string) {
  const today = todayIso();
  const [head] = await db
    .select({
      id: clients.id,
      name: clients.name,
      lastLoginAt: sql<string | null>`(select u.last_login_at from users u where u.id = ${userId})`.mapWith(
        users.lastLoginAt,
      ),
      // Raw SQL with aliases: drizzle leaves column names unqualified inside sql``, which joins make ambiguous.
      activeEstimates: sql<number>`(select count(*) from estimates e where e.client_id = ${clientId}
        and e.status = 'inviato' and e.expires_at >= ${today})`.mapWith(Number),
      sitesInProgress: sql<number>`(select count(*) from construction_sites s join estimates e on e.id = s.estimate_id
        where e.client_id = ${clientId} and s.status = 'in_corso')`.mapWith(Number),
      // docs/domain/statuses.md: on the client side an invoice that was sent ("inviata") is pending.
      pendingInvoices: sql<number>`(select count(*) from invoices i join contracts c on c.id = i.contract_id
        join estimates e on e.id = c.estimate_id where e.client_id = ${clientId} and i.status = 'inviata'
        and i.kind <> 'nota_credito' and i.net_to_pay - i.paid_amount - i.credited_amount > 0)`.mapWith(Number),
      completedProjects: sql<number>`(select count(*) from construction_sites s join estimates e on e.id = s.estimate_id
        where e.client_id = ${clientId} and s.status = 'completato')`.mapWith(Number),
    })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!head) return null;

  const projects = await db
    .select({
      id: constructionSites.id,
      name: constructionSites.name,
      status: constructionSites.status,
      address: constructionSites.address,
      progress: constructionSites.progress,
      estimatedEndDate: constructionSites.estimatedEndDate,
    })
    .from(constructionSites)
    .innerJoin(estimates, eq(estimates.id, constructionSites.estimateId))
    .where(eq(estimates.clientId, clientId))
    // Work in progress first, then what is planned, then what is finished.
    .orderBy(
      sql`case ${constructionSites.status} when 'in_corso' then 0 when 'completato' then 2 else 1 end`,
      desc(constructionSites.createdAt),
      desc(constructionSites.id),
    )
    .limit(PORTAL_DASHBOARD_PROJECTS);

  const latestEstimates = await db
    .select(estimateSummaryColumns)
    .from(estimates)
    .where(visibleEstimate(clientId))
    .orderBy(desc(estimates.createdAt), desc(estimates.id))
    .limit(PORTAL_DASHBOARD_ESTIMATES);

  const latestInvoices = await listPortalInvoices(db, clientId, PORTAL_DASHBOARD_INVOICES, 0);

  const { id, name, lastLoginAt, ...counters } = head;
  return {
    client: { id, name },
    lastLoginAt,
    counters,
    projects,
    estimates: latestEstimates,
    invoices: latestInvoices,
  };
}

const estimateSummaryColumns = {
  id: estimates.id,
  number: estimates.number,
  title: estimates.title,
  status: estimates.status,
  totalAmount: estimates.totalAmount,
  grossTotal: estimates.grossTotal,
  createdAt: estimates.createdAt,
  expiresAt: estimates.expiresAt,
};

const invoiceSummaryColumns = {
  id: invoices.id,
  // The portal shows issued invoices only, and an issued invoice always has its number.
  number: sql<string>`${invoices.number}`,
  issueDate: invoices.issueDate,
  dueDate: invoices.dueDate,
  paidDate: invoices.paidDate,
  status: invoices.status,
  kind: invoices.kind,
  amount: invoices.amount,
  totalAmount: invoices.totalAmount,
  paidAmount: sql<string>`(${invoices.paidAmount} + ${invoices.creditedAmount})::numeric(14,2)::text`,
  remainder: sql<string>`(case when ${invoices.kind} = 'nota_credito' then 0 else ${remainderSql} end)::numeric(14,2)::text`,
};

export async function listPortalInvoices(db: Queryable, clientId: string, limit: number, offset: number) {
  return db
    .select(invoiceSummaryColumns)
    .from(invoices)
    .innerJoin(contracts, eq(contracts.id, invoices.contractId))
    .innerJoin(estimates, eq(estimates.id, contracts.estimateId))
    .where(visibleInvoice(clientId))
    .orderBy(desc(invoices.issueDate), desc(invoices.number))
    .limit(limit)
    .offset(offset);
}

export async function countPortalInvoices(db: Queryable, clientId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(invoices)
    .innerJoin(contracts, eq(contracts.id, invoices.contractId))
    .innerJoin(estimates, eq(estimates.id, contracts.estimateId))
    .where(visibleInvoice(clientId));
  return row?.n ?? 0;
}

export async function getPortalInvoice(db: Queryable, clientId: string, id: string) {
  const [row] = await db
    .select({
      ...invoiceSummaryColumns,
      kind: invoices.kind,
      treatment: invoices.treatment,
      vatAmount: invoices.vatAmount,
      stampDuty: invoices.stampDuty,
      withholding: invoices.withholding,
      netToPay: invoices.netToPay,
      notes: invoices.notes,
      contractNumber: contracts.number,
      estimateId: estimates.id,
      estimateNumber: estimates.number,
      estimateTitle: estimates.title,
      clientType: clients.type,
      clientFiscalCode: clients.fiscalCode,
    })
    .from(invoices)
    .innerJoin(contracts, eq(contracts.id, invoices.contractId))
    .innerJoin(estimates, eq(estimates.id, contracts.estimateId))
    .innerJoin(clients, eq(clients.id, estimates.clientId))
    .where(and(eq(invoices.id, id), visibleInvoice(clientId)));
  return row ?? null;
}

export async function getPortalProject(db: Queryable, clientId: string, id: string) {
  const [site] = await db
    .select({
      id: constructionSites.id,
      name: constructionSites.name,
      status: constructionSites.status,
      address: constructionSites.address,
      notes: constructionSites.notes,
      startDate: constructionSites.startDate,
      estimatedEndDate: constructionSites.estimatedEndDate,
      endDate: constructionSites.endDate,
      progress: constructionSites.progress,
      workType: constructionSites.workType,
      estimateId: estimates.id,
      estimateNumber: estimates.number,
      estimateTitle: estimates.title,
    })
    .from(constructionSites)
    .innerJoin(estimates, eq(estimates.id, constructionSites.estimateId))
    .where(and(eq(constructionSites.id, id), eq(estimates.clientId, clientId)));
  if (!site) return null;
  // Only the photos and documents the company chose to share (attachments.sharedWithClient).
  const photos = await db
    .select({
      id: attachments.id,
      fileName: attachments.fileName,
      mimeType: attachments.mimeType,
      createdAt: attachments.createdAt,
    })
    .from(attachments)
    .where(
      and(eq(attachments.entityType, "site"), eq(attachments.entityId, id), eq(attachments.sharedWithClient, true)),
    )
    .orderBy(asc(attachments.createdAt));
  const { estimateId, estimateNumber, estimateTitle, ...fields } = site;
  return {
    ...fields,
    estimate: { id: estimateId, number: estimateNumber, title: estimateTitle },
    photos: photos.map((p) => ({ ...p, url: `/api/portal/attachments/${p.id}/file` })),
  };
}

export async function getPortalEstimate(db: Queryable, clientId: string, id: string) {
  const [row] = await db
    .select({
      estimate: estimates,
      client: {
        name: clients.name,
        address: clients.address,
        city: clients.city,
        province: clients.province,
        zipCode: clients.zipCode,
        phone: clients.phone,
        email: clients.email,
        vatNumber: clients.vatNumber,
        fiscalCode: clients.fiscalCode,
      },
    })
    .from(estimates)
    .innerJoin(clients, eq(clients.id, estimates.clientId))
    .where(and(eq(estimates.id, id), visibleEstimate(clientId)));
  if (!row) return null;
  const items = await db
    .select({
      id: estimateItems.id,
      description: estimateItems.description,
      quantity: estimateItems.quantity,
      unit: estimateItems.unit,
      unitPrice: estimateItems.unitPrice,
      totalPrice: estimateItems.totalPrice,
      notes: estimateItems.notes,
      vatRate: estimateItems.vatRate,
      natura: estimateItems.natura,
      significantGood: estimateItems.significantGood,
    })
    .from(estimateItems)
    .where(eq(estimateItems.estimateId, id))
    .orderBy(asc(estimateItems.position), asc(estimateItems.createdAt));
  // What the client sees is the engine's result on the same lines the office priced. With a
  // supplier order attached the breakdown is left out: a rate row could reveal the order's cost.
  const vat = row.estimate.orderId
    ? null
    : await estimateVatView(
        db,
        row.estimate,
        items.map((i) => ({ ...i, quantity: plainDecimal(i.quantity), unitPrice: plainDecimal(i.unitPrice) })),
      );
  return { ...row, items: items.map(estimateItemView), vat };
}
