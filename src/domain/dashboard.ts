import { isoDateSchema } from "./dates";
import { z } from "./zod";

const moneyString = z.string();

/** Figures of the admin dashboard, all computed in SQL (docs/domain/screens.md, issue: charts). */
export const dashboardSchema = z.object({
  /** The reference day the figures were computed for (Rome calendar day). */
  date: z.string(),
  cards: z.object({
    /** docs/domain/screens.md: every client counts as active. */
    activeClients: z.number().int(),
    /** bozza + inviato. */
    quotesInProgress: z.number().int(),
    /** in_corso. */
    activeSites: z.number().int(),
    /** Collected this calendar month: the sum of the payments by payment date (docs/domain/invoices.md). */
    monthlyRevenue: moneyString,
  }),
  /** The current month and the eleven before it, oldest first. */
  revenueByMonth: z.array(z.object({ month: z.string(), invoiced: moneyString, collected: moneyString })),
  estimatesByStatus: z.array(z.object({ status: z.string(), count: z.number().int(), total: moneyString })),
  /** accettati / (accettati + rifiutati) in percent with one decimal; null before any decision. */
  acceptanceRate: z.string().nullable(),
  sitesByStatus: z.array(z.object({ status: z.string(), count: z.number().int(), late: z.number().int() })),
  lateSites: z.number().int(),
  /** Overdue on the remainder: what is still to be collected on invoices past due. */
  overdueInvoices: z.object({ count: z.number().int(), total: moneyString }),
  /** Overdue invoices due for a reminder (none sent yet, or the last one a week ago or more), most overdue first. */
  remindersDue: z.array(
    z.object({
      id: z.string(),
      number: z.string(),
      clientName: z.string(),
      dueDate: z.string(),
      remainder: moneyString,
      daysPastDue: z.number().int(),
      remindersSent: z.number().int(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/**
 * A technician's dashboard (docs/domain/roles.md): his work, counted — never revenue, totals
 * or invoices. The route answers this shape to a tecnico and `dashboardSchema` to the office.
 */
export const tecnicoDashboardSchema = z.object({
  view: z.literal("tecnico"),
  date: z.string(),
  cards: z.object({
    /** Surveys of the reference day that are not cancelled. */
    surveysToday: z.number().int(),
    /** Programmed surveys of the next seven days, the reference day included. */
    surveysNextWeek: z.number().int(),
    /** in_corso. */
    activeSites: z.number().int(),
    /** Sites past their expected end and not completed. */
    lateSites: z.number().int(),
  }),
  /** The day's surveys in time order, at most TECNICO_DASHBOARD_SURVEYS. */
  todaySurveys: z.array(
    z.object({
      id: z.string(),
      time: z.string().nullable(),
      clientName: z.string().nullable(),
      address: z.string(),
      status: z.string(),
    }),
  ),
  sitesByStatus: z.array(z.object({ status: z.string(), count: z.number().int(), late: z.number().int() })),
});
export type TecnicoDashboard = z.infer<typeof tecnicoDashboardSchema>;
export const TECNICO_DASHBOARD_SURVEYS = 10;

export const dashboardQuerySchema = z.object({
  /** Optional reference day ("as of"): defaults to today in Rome. */
  date: isoDateSchema.optional(),
});

export const REVENUE_MONTHS = 12;

/** "2026-03-15" → the first day of that month and of the next: the half-open range of the month. */
export function monthRange(isoDay: string): { start: string; end: string } {
  const [y, m] = isoDay.split("-").map(Number) as [number, number];
  const next = m === 12 ? { y: y + 1, m: 1 } : { y, m: m + 1 };
  const pad = (n: number) => String(n).padStart(2, "0");
  return { start: `${y}-${pad(m)}-01`, end: `${next.y}-${pad(next.m)}-01` };
}

/** The `count` months ending with the month of `isoDay`, oldest first, as "YYYY-MM". */
export function lastMonths(isoDay: string, count = REVENUE_MONTHS): string[] {
  const [y, m] = isoDay.split("-").map(Number) as [number, number];
  const out: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const index = y * 12 + (m - 1) - i;
    out.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`);
  }
  return out;
}

const MONTHS_IT = ["gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"];

/** "2026-03" → "mar 26": short axis label. */
export function monthLabel(month: string): string {
  const [y, m] = month.split("-");
  return `${MONTHS_IT[Number(m) - 1] ?? m} ${y?.slice(2)}`;
}
