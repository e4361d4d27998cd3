import { and, asc, eq, gte, lt, ne, sql } from "drizzle-orm";
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
import { preparedRead } from "../../lib/prepared";
import { readOverdueTotals, remainderSql } from "../invoices/queries";

/** How many invoices due for a reminder the dashboard lists. */
const DASHBOARD_REMINDERS = 8;

const int = (expr: ReturnType<typeof sql>) => expr.mapWith(Number);

/** "Cantieri attivi": the in_corso row of the per-status site counts (migration 0022). */
const activeSitesSql = int(
  sql`coalesce((select ${siteStatusTotals.count} from ${siteStatusTotals} where ${siteStatusTotals.status} = 'in_corso'), 0)`,
);

/**
 * The office dashboard runs seven reads at every visit: each is built once and prepared
 * (lib/prepared.ts), the day and its month as placeholders (`todayParam`, apart from the
 * `today` strings the exported functions take).
 */
const todayParam = sql.placeholder("today");

/** The four cards of docs/domain/screens.md in one round trip. */
const readCards = preparedRead("colmo_dashboard_cards", (db) =>
  db
    .select({
      // Both from the counts the triggers on clients and sites keep (migration 0022).
      activeClients: int(sql`coalesce((select ${clientTotals.count} from ${clientTotals}), 0)`),
      // From the per-status summary the triggers on estimates keep (docs/decisions/013-dashboard-speed.md).
      quotesInProgress: int(
        sql`(select coalesce(sum(${estimateStatusTotals.count}), 0) from ${estimateStatusTotals} where ${estimateStatusTotals.status} in ('bozza', 'inviato'))`,
      ),
      activeSites: activeSitesSql,
      // Collected this month: payments by payment date (docs/domain/invoices.md), partial ones
      // included, from the monthly summary (migration 0019).
      monthlyRevenue: sql<string>`coalesce((select ${paymentMonthTotals.collected} from ${paymentMonthTotals}
        where ${paymentMonthTotals.month} = ${sql.placeholder("monthStart")}), 0)::numeric(14,2)::text`,
    })
    .from(sql`(select 1) as one`),
);

async function cards(db: Queryable, day: string) {
  const [row] = await readCards(db, { monthStart: monthRange(day).start });
  return row!;
}

/**
 * Invoiced (issued, not draft, by issue month, credit notes negative) and collected (the
 * payments, by payment date) over the last twelve months; months without either are zero. Both
 * read twelve rows of the monthly summaries the triggers keep (migration 0019), not a year of
 * invoices and payments.
 */
const monthOf = (column: typeof invoiceMonthTotals.month | typeof paymentMonthTotals.month) =>
  sql<string>`to_char(${column}, 'YYYY-MM')`;
const readInvoiced = preparedRead("colmo_dashboard_invoiced", (db) =>
  db
    .select({ month: monthOf(invoiceMonthTotals.month), total: sql<string>`${invoiceMonthTotals.invoiced}::text` })
    .from(invoiceMonthTotals)
    .where(
      and(
        gte(invoiceMonthTotals.month, sql.placeholder("start")),
        lt(invoiceMonthTotals.month, sql.placeholder("end")),
      ),
    ),
);
const readCollected = preparedRead("colmo_dashboard_collected", (db) =>
  db
    .select({ month: monthOf(paymentMonthTotals.month), total: sql<string>`${paymentMonthTotals.collected}::text` })
    .from(paymentMonthTotals)
    .where(
      and(
        gte(paymentMonthTotals.month, sql.placeholder("start")),
        lt(paymentMonthTotals.month, sql.placeholder("end")),
      ),
    ),
);

async function revenueByMonth(db: Queryable, day: string) {
  const months = lastMonths(day);
  const window = { start: `${months[0]}-01`, end: monthRange(day).end };
  const [invoiced, collected] = await Promise.all([readInvoiced(db, window), readCollected(db, window)]);
  const byMonth = (rows: { month: string; total: string }[]) => new Map(rows.map((r) => [r.month, r.total]));
  const inv = byMonth(invoiced);
  const col = byMonth(collected);
  return months.map((month) => ({ month, invoiced: inv.get(month) ?? "0.00", collected: col.get(month) ?? "0.00" }));
}

/**
 * Every estimate ever written, by status: read from the four-row summary that statement-level
 * triggers on estimates keep in the writing transaction (migration 0016), not grouped at each read.
 */
const readEstimateTotals = preparedRead("colmo_dashboard_estimates", (db) =>
  db
    .select({
      status: estimateStatusTotals.status,
      count: estimateStatusTotals.count,
      total: sql<string>`${estimateStatusTotals.totalAmount}::numeric(14,2)::text`,
    })
    .from(estimateStatusTotals),
);

async function estimatesByStatus(db: Queryable) {
  const rows = await readEstimateTotals(db, {});
  const found = new Map(rows.map((r) => [r.status, r]));
  const byStatus = estimateStatuses.values.map((status) => ({
    status,
    count: Number(found.get(status)?.count ?? 0),
    total: found.get(status)?.total ?? "0.00",
  }));
  const accepted = found.get("accettato")?.count ?? 0;
  const decided = Number(accepted) + Number(found.get("rifiutato")?.count ?? 0);
  // Exact to one decimal with integer arithmetic, rounded half up: 2 of 3 → "66.7".
  const acceptanceRate = decided ? (Math.round((Number(accepted) * 1000) / decided) / 10).toFixed(1) : null;
  return { byStatus, acceptanceRate };
}

/**
 * Sites by status from the per-status counts the triggers on construction_sites keep (migration
 * 0022), each with its late ones: not completed and past the estimated end date. Late depends on
 * today, so it cannot be kept: it is counted per status through sites_status_end_idx (status,
 * estimated_end_date), an index-only range scan of that status's sites already past their date
 * (docs/decisions/013-dashboard-speed.md, "Counts").
 */
const readSiteTotals = preparedRead("colmo_dashboard_sites", (db) =>
  db
    .select({
      status: siteStatusTotals.status,
      count: siteStatusTotals.count,
      late: int(
        // Qualified by hand: drizzle leaves a single table's columns unqualified, which inside the
        // subquery would name the site's own status.
        sql`(select count(*) from ${constructionSites} as site where site.status = ${siteStatusTotals}.status
          and site.estimated_end_date < ${todayParam} and ${siteStatusTotals}.status <> 'completato')`,
      ),
    })
    .from(siteStatusTotals),
);

async function sitesByStatus(db: Queryable, day: string) {
  const rows = await readSiteTotals(db, { today: day });
  const found = new Map(rows.map((r) => [r.status, r]));
  const byStatus = siteStatuses.values.map((status) => ({
    status,
    count: Number(found.get(status)?.count ?? 0),
    late: found.get(status)?.late ?? 0,
  }));
  return { byStatus, late: byStatus.reduce((n, s) => n + s.late, 0) };
}

async function overdueInvoices(db: Queryable, day: string) {
  // Overdue derived on the remainder (docs/domain/invoices.md), from the open amounts by due date.
  const [row] = await readOverdueTotals(db, { today: day });
  return { count: Number(row?.count ?? 0), total: row?.total ?? "0.00" };
}

/** Issued invoices past due with a remainder whose last reminder (if any) is a week old or more. */
const readReminders = preparedRead("colmo_dashboard_reminders", (db) =>
  db
    .select({
      id: invoices.id,
      number: sql<string>`${invoices.number}`,
      clientName: clients.name,
      dueDate: invoices.dueDate,
      remainder: sql<string>`${remainderSql}::numeric(14,2)::text`,
      daysPastDue: sql<number>`(${todayParam}::date - ${invoices.dueDate})`.mapWith(Number),
      remindersSent: invoices.remindersSent,
    })
    .from(invoices)
    .innerJoin(contracts, eq(contracts.id, invoices.contractId))
    .innerJoin(estimates, eq(estimates.id, contracts.estimateId))
    .innerJoin(clients, eq(clients.id, estimates.clientId))
    .where(
      and(
        eq(invoices.status, "inviata"),
        ne(invoices.kind, "nota_credito"),
        lt(invoices.dueDate, todayParam),
        sql`${remainderSql} > 0`,
        sql`(${invoices.lastReminderAt} is null or ${invoices.lastReminderAt} <= ${todayParam}::date - ${REMINDER_INTERVAL_DAYS}::int)`,
      ),
    )
    .orderBy(asc(invoices.dueDate), asc(invoices.id))
    .limit(DASHBOARD_REMINDERS),
);

const remindersDue = (db: Queryable, day: string) => readReminders(db, { today: day });

export async function getDashboard(db: Queryable, today: string) {
  // Independent reads: on PostgreSQL the pool runs them side by side, PGlite queues them.
  const [c, revenue, est, sites, overdue, reminders] = await Promise.all([
    cards(db, today),
    revenueByMonth(db, today),
    estimatesByStatus(db),
    sitesByStatus(db, today),
    overdueInvoices(db, today),
    remindersDue(db, today),
  ]);
  return {
    date: today,
    cards: c,
    revenueByMonth: revenue,
    estimatesByStatus: est.byStatus,
    acceptanceRate: est.acceptanceRate,
    sitesByStatus: sites.byStatus,
    lateSites: sites.late,
    overdueInvoices: overdue,
    remindersDue: reminders,
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
      activeSites: activeSitesSql,
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
  const sites = await sitesByStatus(db, today);
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
