import { and, between, eq, inArray, lt, ne, sql, type SQL } from "drizzle-orm";
import { addDays, SOON_DAYS } from "@domain/dates";
import { formatDate, formatEuro } from "@domain/format";
import { notificationKinds, type NotificationAudience } from "@domain/notifications";
import type { Queryable, Tx } from "../../db/client";
import { constructionSites, contracts, estimates, invoices, notifications } from "../../db/schema";
import { overdueSql } from "../invoices/queries";
import { complianceCandidates } from "../compliance/daily";

interface Candidate {
  entityId: string;
  clientId: string | null;
  title: string;
  body: string;
  link: string;
}

interface Rule {
  kind: string;
  entityType: string;
  audiences: NotificationAudience[];
  /** Records in the condition today; `clientId` narrows them to one portal client. */
  candidates(
    db: Queryable,
    today: string,
    audience: NotificationAudience,
    clientId: string | null,
  ): Promise<Candidate[]>;
}

const ofClient = (clientId: string | null): SQL | undefined =>
  clientId ? eq(estimates.clientId, clientId) : undefined;

const rules: Rule[] = [
  {
    kind: notificationKinds.invoiceOverdue,
    entityType: "invoice",
    audiences: ["admin", "client"],
    async candidates(db, today, audience, clientId) {
      const rows = await db
        .select({
          id: invoices.id,
          number: invoices.number,
          dueDate: invoices.dueDate,
          total: invoices.totalAmount,
          clientId: estimates.clientId,
        })
        .from(invoices)
        .innerJoin(contracts, eq(contracts.id, invoices.contractId))
        .innerJoin(estimates, eq(estimates.id, contracts.estimateId))
        .where(
          and(
            // Overdue on the remainder (docs/domain/invoices.md). The company chases every unpaid invoice
            // (drafts included); the client only sees invoices it was sent.
            overdueSql(today),
            audience === "admin" ? undefined : eq(invoices.status, "inviata"),
            ofClient(clientId),
          ),
        );
      return rows.map((r) => ({
        entityId: r.id,
        clientId: r.clientId,
        title: r.number ? `Fattura scaduta: ${r.number}` : "Bozza di fattura scaduta",
        body: `Scaduta il ${formatDate(r.dueDate)} · ${formatEuro(r.total)}`,
        link: audience === "admin" ? `/admin/invoices/${r.id}` : `/client/invoices/${r.id}`,
      }));
    },
  },
  {
    kind: notificationKinds.siteLate,
    entityType: "site",
    audiences: ["admin"],
    async candidates(db, today) {
      const rows = await db
        .select({
          id: constructionSites.id,
          name: constructionSites.name,
          end: constructionSites.estimatedEndDate,
          clientId: estimates.clientId,
        })
        .from(constructionSites)
        .innerJoin(estimates, eq(estimates.id, constructionSites.estimateId))
        .where(and(lt(constructionSites.estimatedEndDate, today), ne(constructionSites.status, "completato")));
      return rows.map((r) => ({
        entityId: r.id,
        clientId: r.clientId,
        title: `Cantiere in ritardo: ${r.name}`,
        body: `Fine prevista il ${formatDate(r.end)}`,
        link: `/admin/sites/${r.id}`,
      }));
    },
  },
  {
    kind: notificationKinds.estimateExpiring,
    entityType: "estimate",
    audiences: ["admin", "client"],
    async candidates(db, today, audience, clientId) {
      // Only a sent estimate waits for an answer; 1–7 days left, like expiryState().
      const rows = await db
        .select({
          id: estimates.id,
          number: estimates.number,
          title: estimates.title,
          expiresAt: estimates.expiresAt,
          clientId: estimates.clientId,
        })
        .from(estimates)
        .where(
          and(
            eq(estimates.status, "inviato"),
            between(estimates.expiresAt, addDays(today, 1), addDays(today, SOON_DAYS)),
            ofClient(clientId),
          ),
        );
      return rows.map((r) => ({
        entityId: r.id,
        clientId: r.clientId,
        title: `Preventivo in scadenza: ${r.number}`,
        body: `${r.title} · scade il ${formatDate(r.expiresAt)}`,
        link: audience === "admin" ? `/admin/quotes/${r.id}` : `/client/estimates/${r.id}`,
      }));
    },
  },
  {
    // Site compliance (docs/domain/sites.md): one entry per site with papers expiring within 15 days or
    // required papers missing or expired while the site is in corso.
    kind: notificationKinds.siteCompliance,
    entityType: "site",
    audiences: ["admin"],
    candidates: (db, today) => complianceCandidates(db, today),
  },
];

// Serialises concurrent readers (several processes on one PostgreSQL) so no duplicate is written.
const SYNC_LOCK = 7_318_224_912;

/**
 * Brings the derived notifications of one bell up to date: records newly in an attention
 * state get a notification, and those no longer in it (paid, completed, answered) lose it.
 * A notification already read stays read while its condition lasts.
 */
export async function syncDerivedNotifications(
  tx: Tx,
  today: string,
  audience: NotificationAudience,
  clientId: string | null,
) {
  await tx.execute(sql`select pg_advisory_xact_lock(${SYNC_LOCK})`);
  for (const rule of rules) {
    if (!rule.audiences.includes(audience)) continue;
    const candidates = await rule.candidates(tx, today, audience, clientId);
    const bell = and(
      eq(notifications.kind, rule.kind),
      eq(notifications.audience, audience),
      clientId ? eq(notifications.clientId, clientId) : undefined,
    );
    const existing = await tx
      .select({ id: notifications.id, entityId: notifications.entityId })
      .from(notifications)
      .where(bell);
    const wanted = new Set(candidates.map((c) => c.entityId));
    const have = new Set(existing.map((e) => e.entityId));
    const stale = existing.filter((e) => !e.entityId || !wanted.has(e.entityId)).map((e) => e.id);
    if (stale.length) await tx.delete(notifications).where(inArray(notifications.id, stale));
    const fresh = candidates.filter((c) => !have.has(c.entityId));
    // Chunked: a large backlog (demo data at scale) must stay under the bind-parameter limit.
    for (let i = 0; i < fresh.length; i += 500) {
      await tx.insert(notifications).values(
        fresh.slice(i, i + 500).map((c) => ({
          audience,
          clientId: audience === "client" ? clientId : c.clientId,
          kind: rule.kind,
          title: c.title,
          body: c.body,
          link: c.link,
          entityType: rule.entityType,
          entityId: c.entityId,
        })),
      );
    }
  }
}
