import { and, eq, inArray, isNotNull } from "drizzle-orm";
import {
  COMPLIANCE_SUMMARY_ITEMS,
  complianceKinds,
  complianceStates,
  requirementLabel,
  type ComplianceRow,
  type ComplianceSummary,
} from "@domain/compliance";
import { formatDate } from "@domain/format";
import type { Db, Queryable } from "../../db/client";
import { constructionSites, dailyJobRuns, estimates, users } from "../../db/schema";
import { sendMail, type MailConfig } from "../../mail/mail";
import { getSettings } from "../settings/queries";
import { complianceCounts, complianceRows } from "./queries";

/**
 * What needs the office's attention today (docs/domain/sites.md): papers of sites still to be worked
 * that expire within 15 days, and required papers mancante or scaduto on sites in corso.
 */
const EXPIRING = { excludeCompleted: true, states: ["in_scadenza"] };
const BLOCKING = { siteStatuses: ["in_corso"], requiredOnly: true, states: ["mancante", "scaduto"] };
const MISSING = { ...BLOCKING, states: ["mancante"] };
const EXPIRED = { ...BLOCKING, states: ["scaduto"] };

export async function attentionRows(db: Queryable, today: string) {
  const [expiring, blocking] = await Promise.all([
    complianceRows(db, EXPIRING, today),
    complianceRows(db, BLOCKING, today),
  ]);
  return { expiring: expiring.rows, blocking: blocking.rows };
}

/**
 * The dashboard card: the three counts in one statement and the first few rows of each part, read
 * in the list's order and stopped there, instead of every row the bell and the mail need.
 */
export async function complianceSummary(db: Queryable, today: string): Promise<ComplianceSummary> {
  const first = { limit: COMPLIANCE_SUMMARY_ITEMS, counted: false };
  const [counts, expiring, blocking] = await Promise.all([
    complianceCounts(db, { expiring: EXPIRING, missing: MISSING, expired: EXPIRED }, today),
    complianceRows(db, { ...EXPIRING, ...first }, today),
    complianceRows(db, { ...BLOCKING, ...first }, today),
  ]);
  return {
    date: today,
    expiring: counts.expiring,
    missing: counts.missing,
    expired: counts.expired,
    items: [...blocking.rows, ...expiring.rows].slice(0, COMPLIANCE_SUMMARY_ITEMS),
  };
}

/** One bell entry per site that needs attention, for the office's notifications. */
export async function complianceCandidates(db: Queryable, today: string) {
  const { expiring, blocking } = await attentionRows(db, today);
  const bySite = new Map<string, { name: string; blocking: ComplianceRow[]; expiring: ComplianceRow[] }>();
  for (const [list, key] of [
    [blocking, "blocking"],
    [expiring, "expiring"],
  ] as const) {
    for (const r of list) {
      const entry = bySite.get(r.siteId) ?? { name: r.siteName, blocking: [], expiring: [] };
      entry[key].push(r);
      bySite.set(r.siteId, entry);
    }
  }
  const owners = await siteClients(db, [...bySite.keys()]);
  return [...bySite].map(([siteId, e]) => {
    const parts = [
      ...e.blocking.map((r) => `${requirementLabel(r)} ${complianceStates.label(r.state).toLowerCase()}`),
      ...e.expiring.map(
        (r) =>
          `${r.required ? requirementLabel(r) : complianceKinds.label(r.kind)} scade il ${formatDate(r.validUntil)}`,
      ),
    ];
    return {
      entityId: siteId,
      clientId: owners.get(siteId) ?? null,
      title: `${e.blocking.length ? "Documenti mancanti" : "Documenti in scadenza"}: ${e.name}`,
      body: parts.join(" · ").slice(0, 500),
      link: `/admin/sites/${siteId}`,
    };
  });
}

async function siteClients(db: Queryable, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: constructionSites.id, clientId: estimates.clientId })
    .from(constructionSites)
    .innerJoin(estimates, eq(estimates.id, constructionSites.estimateId))
    .where(inArray(constructionSites.id, ids));
  return new Map(rows.map((r) => [r.id, r.clientId]));
}

function line(r: ComplianceRow) {
  const what = r.required ? requirementLabel(r) : `${complianceKinds.label(r.kind)}${r.title ? ` "${r.title}"` : ""}`;
  const when = r.validUntil ? ` (scade il ${formatDate(r.validUntil)})` : "";
  return `- ${r.siteName}: ${what} — ${complianceStates.label(r.state).toLowerCase()}${r.state === "mancante" ? "" : when}`;
}

/** The office's addresses: the company e-mail, else the active administrators' and office staff's. */
async function officeRecipients(db: Queryable) {
  const settings = await getSettings(db);
  if (settings.email) return [settings.email];
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.active, true), inArray(users.role, ["admin", "ufficio"]), isNotNull(users.email)));
  return rows.map((r) => r.email!).filter(Boolean);
}

export const COMPLIANCE_DAILY_JOB = "compliance-summary";

/**
 * Puts the day's summary in the outbox, once per Rome day whatever the number of instances:
 * the (job, day) primary key of daily_job_runs is claimed in the same transaction as the mail, so
 * a second instance waits on the key and then finds the day taken (and a failure claims nothing).
 * Answers whether this call sent it. A day with nothing to report is claimed without a mail.
 */
export async function runDailyComplianceSummary(
  db: Db,
  today: string,
  config?: MailConfig,
): Promise<"sent" | "nothing" | "done"> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(dailyJobRuns)
      .values({ job: COMPLIANCE_DAILY_JOB, day: today })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return "done";
    const { expiring, blocking } = await attentionRows(tx, today);
    const to = await officeRecipients(tx);
    if ((expiring.length === 0 && blocking.length === 0) || to.length === 0) return "nothing";
    const parts = [`Riepilogo sicurezza e permessi del ${formatDate(today)}.`, ""];
    if (blocking.length)
      parts.push(`Mancanti o scaduti su cantieri in corso (${blocking.length}):`, ...blocking.map(line), "");
    if (expiring.length)
      parts.push(`In scadenza nei prossimi 15 giorni (${expiring.length}):`, ...expiring.map(line), "");
    parts.push("Dettagli nella pagina Scadenze di Colmo.");
    await sendMail(
      tx,
      {
        to: to.join(", "),
        subject: `Scadenze sicurezza e permessi – ${formatDate(today)}`,
        text: parts.join("\n"),
      },
      config,
    );
    return "sent";
  });
}
