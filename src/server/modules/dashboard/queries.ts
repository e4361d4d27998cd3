import { and, asc, eq, ne, sql } from "drizzle-orm";
import { lastMonths, monthRange, TECNICO_DASHBOARD_SURVEYS, type TecnicoDashboard } from "@domain/dashboard";
import { addDays } from "@domain/dates";
import { estimateStatuses, siteStatuses } from "@domain/statuses";
import type { Queryable } from "../../db/client";
import { REMINDER_INTERVAL_DAYS } from "@domain/payments";
import {
  clients,
  clientTotals,
  constructionSites,
  contracts,
  estimates,
  estimateStatusTotals,
  invoiceMonthTotals,
  invoices,
  paymentMonthTotals,
  siteStatusTotals,
  surveys,
} from "../../db/schema";
import { preparedRead, rawStatement } from "../../lib/prepared";
import { overdueTotals, remainderSql } from "../invoices/queries";

/** How many invoices due for a reminder the dashboard lists. */
const DASHBOARD_REMINDERS = 8;

const int = (expr: ReturnType<typeof sql>) => expr.mapWith(Number);

/**
 * The office dashboard is one statement (docs/decisions/013-dashboard-speed.md, "One statement"):
 * each figure below is its own small query, and `readDashboard` selects them all as columns of
 * one row, the lists as JSON. Seven statements cost seven round trips, parses and snapshots where
 * the reads themselves are a few rows each. The day and its month are placeholders.
 */
const todayParam = sql.placeholder("today");

/** "Cantieri attivi": the in_corso row of the per-status site counts (migration 0022). */
const activeSitesSql = sql`coalesce((select ${siteStatusTotals.count} from ${siteStatusTotals} where ${siteStatusTotals.status} = 'in_corso'), 0)::int`;

/**
 * The four cards of docs/domain/screens.md: clients and sites from the counts the triggers keep
 * (migration 0022); "Preventivi in corso" (bozza + inviato) from the per-status summary (0016);
 * collected this month: payments by payment date (docs/domain/invoices.md), partial ones included,
 * from the monthly summary (0019).
 */
const cardsSql = sql`json_build_object(
  'activeClients', coalesce((select ${clientTotals.count} from ${clientTotals}), 0)::int,
  'quotesInProgress', (select coalesce(sum(${estimateStatusTotals.count}), 0) from ${estimateStatusTotals}
    where ${estimateStatusTotals.status} in ('bozza', 'inviato'))::int,
  'activeSites', ${activeSitesSql},
  'monthlyRevenue', coalesce((select ${paymentMonthTotals.collected} from ${paymentMonthTotals}
    where ${paymentMonthTotals.month} = ${sql.placeholder("monthStart")}), 0)::numeric(14,2)::text
)`;

/**
 * Invoiced (issued, not draft, by issue month, credit notes negative) and collected (the
 * payments, by payment date) over the last twelve months, as `[{ month, total }]`: twelve rows of
 * the monthly summaries the triggers keep (migration 0019), not a year of invoices and payments.
 */
const monthTotalsSql = (
  table: typeof invoiceMonthTotals | typeof paymentMonthTotals,
  total: typeof invoiceMonthTotals.invoiced | typeof paymentMonthTotals.collected,
) => sql`(select coalesce(json_agg(json_build_object('month', to_char(${table.month}, 'YYYY-MM'), 'total', ${total}::text)), '[]')
  from ${table} where ${table.month} >= ${sql.placeholder("start")} and ${table.month} < ${sql.placeholder("end")})`;

/**
 * Every estimate ever written, by status: the four-row summary that statement-level triggers on
 * estimates keep in the writing transaction (migration 0016), not grouped at each read.
 */
const estimateTotalsSql = sql`(select coalesce(json_agg(json_build_object('status', ${estimateStatusTotals.status},
  'count', ${estimateStatusTotals.count}, 'total', ${estimateStatusTotals.totalAmount}::numeric(14,2)::text)), '[]')
  from ${estimateStatusTotals})`;

/**
 * Sites by status from the per-status counts the triggers on construction_sites keep (migration
 * 0022), each with its late ones: not completed and past the estimated end date. Late depends on
 * today, so it cannot be kept: it is counted per status through sites_status_end_idx (status,
 * estimated_end_date), an index-only range scan of that status's sites already past their date
 * (docs/decisions/013-dashboard-speed.md, "Counts"). The office's statement and the technician's
 * read share it.
 */
const siteTotals = (db: Queryable) =>
  db
    .select({
      status: siteStatusTotals.status,
      count: siteStatusTotals.count,
      // Qualified by hand: drizzle leaves a single table's columns unqualified, which inside the
      // subquery would name the site's own status.
      late: sql<number>`(select count(*) from ${constructionSites} as site where site.status = ${siteStatusTotals}.status
          and site.estimated_end_date < ${todayParam} and ${siteStatusTotals}.status <> 'completato')::int`
        .mapWith(Number)
        .as("late"),
    })
    .from(siteStatusTotals);
const readSiteTotals = preparedRead("colmo_dashboard_sites", siteTotals);

interface SiteTotal {
  status: string;
  count: number;
  late: number;
}
function sitesByStatus(rows: SiteTotal[]) {
  const found = new Map(rows.map((r) => [r.status, r]));
  const byStatus = siteStatuses.values.map((status) => ({
    status,
    count: Number(found.get(status)?.count ?? 0),
    late: Number(found.get(status)?.late ?? 0),
  }));
  return { byStatus, late: byStatus.reduce((n, s) => n + s.late, 0) };
}

/** Issued invoices past due with a remainder whose last reminder (if any) is a week old or more. */
const remindersSql = sql`(select coalesce(json_agg(json_build_object('id', due.id, 'number', due.number,
    'clientName', due.client_name, 'dueDate', due.due_date, 'remainder', due.remainder,
    'daysPastDue', due.days_past_due, 'remindersSent', due.reminders_sent) order by due.due_date, due.id), '[]')
  from (select ${invoices.id} as id, ${invoices.number} as number, ${clients.name} as client_name,
      ${invoices.dueDate} as due_date, ${remainderSql}::numeric(14,2)::text as remainder,
      (${todayParam}::date - ${invoices.dueDate}) as days_past_due, ${invoices.remindersSent} as reminders_sent
    from ${invoices}
    join ${contracts} on ${contracts.id} = ${invoices.contractId}
    join ${estimates} on ${estimates.id} = ${contracts.estimateId}
    join ${clients} on ${clients.id} = ${estimates.clientId}
    where ${invoices.status} = 'inviata' and ${invoices.kind} <> 'nota_credito' and ${invoices.dueDate} < ${todayParam}
      and ${remainderSql} > 0
      and (${invoices.lastReminderAt} is null or ${invoices.lastReminderAt} <= ${todayParam}::date - ${REMINDER_INTERVAL_DAYS}::int)
    order by ${invoices.dueDate}, ${invoices.id}
    limit ${sql.raw(String(DASHBOARD_REMINDERS))}) as due)`;

interface MonthTotal {
  month: string;
  total: string;
}
interface DashboardRow {
  cards: { activeClients: number; quotesInProgress: number; activeSites: number; monthlyRevenue: string };
  invoiced: MonthTotal[];
  collected: MonthTotal[];
  estimates: { status: string; count: number; total: string }[];
  sites: SiteTotal[];
  overdue: { count: number; total: string } | null;
  reminders: {
    id: string;
    number: string;
    clientName: string;
    dueDate: string;
    remainder: string;
    daysPastDue: number;
    remindersSent: number;
  }[];
}

const readDashboard = preparedRead("colmo_dashboard", (db) =>
  rawStatement<DashboardRow>(
    db,
    sql`select ${cardsSql} as "cards",
      ${monthTotalsSql(invoiceMonthTotals, invoiceMonthTotals.invoiced)} as "invoiced",
      ${monthTotalsSql(paymentMonthTotals, paymentMonthTotals.collected)} as "collected",
      ${estimateTotalsSql} as "estimates",
      (select coalesce(json_agg(s), '[]') from (${siteTotals(db)}) as s) as "sites",
      (select row_to_json(o) from (${overdueTotals(db)}) as o) as "overdue",
      ${remindersSql} as "reminders"`,
  ),
);

function estimatesByStatus(rows: DashboardRow["estimates"]) {
  const found = new Map(rows.map((r) => [r.status, r]));
  const byStatus = estimateStatuses.values.map((status) => ({
    status,
    count: Number(found.get(status)?.count ?? 0),
    total: found.get(status)?.total ?? "0.00",
  }));
  const accepted = Number(found.get("accettato")?.count ?? 0);
  const decided = accepted + Number(found.get("rifiutato")?.count ?? 0);
  // Exact to one decimal with integer arithmetic, rounded half up: 2 of 3 → "66.7".
  const acceptanceRate = decided ? (Math.round((accepted * 1000) / decided) / 10).toFixed(1) : null;
  return { byStatus, acceptanceRate };
}

/** The twelve months of the window, those without invoices or payments at zero. */
function revenueByMonth(day: string, invoiced: MonthTotal[], collected: MonthTotal[]) {
  const byMonth = (rows: MonthTotal[]) => new Map(rows.map((r) => [r.month, r.total]));
  const inv = byMonth(invoiced);
  const col = byMonth(collected);
  return lastMonths(day).map((month) => ({
    month,
    invoiced: inv.get(month) ?? "0.00",
    collected: col.get(month) ?? "0.00",
  }));
}

export async function getDashboard(db: Queryable, today: string) {
  const months = lastMonths(today);
  const [row] = await readDashboard(db, {
    today,
    monthStart: monthRange(today).start,
    start: `${months[0]}-01`,
    end: monthRange(today).end,
  });
  const est = estimatesByStatus(row!.estimates);
  const sites = sitesByStatus(row!.sites);
  // Overdue derived on the remainder (docs/domain/invoices.md), from the open amounts by due date.
  const overdue = row!.overdue;
  return {
    date: today,
    cards: row!.cards,
    revenueByMonth: revenueByMonth(today, row!.invoiced, row!.collected),
    estimatesByStatus: est.byStatus,
    acceptanceRate: est.acceptanceRate,
    sitesByStatus: sites.byStatus,
    lateSites: sites.late,
    overdueInvoices: { count: Number(overdue?.count ?? 0), total: overdue?.total ?? "0.00" },
    remindersDue: row!.reminders,
  };
}

/** A technician's dashboard: counts of his work, no money (docs/domain/roles.md). */
export async function getTecnicoDashboard(db: Queryable, today: string): Promise<TecnicoDashboard> {
  const weekEnd = addDays(today, 7);
  const [row] = await db
    .select({
      surveysToday: int(
        sql`(select count(*) from ${surveys} where ${surveys.date} = ${today} and ${surveys.status} <> 'annullato')`,
      ),
      surveysNextWeek: int(
        sql`(select count(*) from ${surveys} where ${surveys.date} >= ${today} and ${surveys.date} < ${weekEnd} and ${surveys.status} = 'programmato')`,
      ),
      activeSites: int(activeSitesSql),
    })
    .from(sql`(select 1) as one`);
  const todaySurveys = await db
    .select({
      id: surveys.id,
      time: surveys.time,
      clientName: clients.name,
      address: surveys.address,
      status: surveys.status,
    })
    .from(surveys)
    .leftJoin(clients, eq(clients.id, surveys.clientId))
    .where(and(eq(surveys.date, today), ne(surveys.status, "annullato")))
    .orderBy(sql`${surveys.time} asc nulls last`, asc(surveys.id))
    .limit(TECNICO_DASHBOARD_SURVEYS);
  const sites = sitesByStatus(await readSiteTotals(db, { today }));
  return {
    view: "tecnico",
    date: today,
    cards: {
      surveysToday: row!.surveysToday,
      surveysNextWeek: row!.surveysNextWeek,
      activeSites: row!.activeSites,
      lateSites: sites.late,
    },
    todaySurveys,
    sitesByStatus: sites.byStatus,
  };
}
