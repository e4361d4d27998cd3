import { and, eq, sql } from "drizzle-orm";
import type { Actor } from "../../auth/actor";
import { todayIso } from "@domain/dates";
import type { SiteValues } from "@domain/sites";
import { portalSiteStatusLabel } from "@domain/portal";
import { siteStatuses } from "@domain/statuses";
import type { Db, Queryable, Tx } from "../../db/client";
import { constructionSites, estimates } from "../../db/schema";
import { badRequest, conflict, notFound, staleVersion } from "../../http/errors";
import { recordActivity } from "../activity/record";
import { detachAll } from "../attachments/service";
import { guardSiteStart } from "../compliance/service";
import { checkAssignee } from "../team/queries";
import type { Config } from "../../config";
import { notifyClient } from "../notifications/notify-client";

export const SITE_NOT_FOUND = "Cantiere non trovato";

/** Only an accepted estimate can be built (docs/domain/statuses.md); returns its client for the activity log. */
async function acceptedEstimate(tx: Tx, estimateId: string) {
  const [estimate] = await tx
    .select({ id: estimates.id, status: estimates.status, clientId: estimates.clientId, number: estimates.number })
    .from(estimates)
    .where(eq(estimates.id, estimateId));
  if (!estimate) throw badRequest("Dati non validi. Preventivo non trovato", { estimateId: "Preventivo non trovato" });
  if (estimate.status !== "accettato") {
    throw conflict(
      `Il preventivo ${estimate.number} non è accettato: solo i preventivi accettati possono avere un cantiere`,
      {
        estimateId: "Scegli un preventivo accettato",
      },
    );
  }
  return estimate;
}

/** A completed site is at 100 % and has ended: the server keeps the two consistent. */
function normalise({ force: _force, reason: _reason, ...values }: SiteValues) {
  if (values.status !== "completato") return values;
  return { ...values, progress: 100, endDate: values.endDate ?? todayIso() };
}

export async function createSite(db: Db, actor: Actor, input: SiteValues) {
  return db.transaction(async (tx) => {
    const estimate = await acceptedEstimate(tx, input.estimateId);
    await checkAssignee(tx, input.assignedUserId);
    const values = normalise(input);
    const [row] = await tx.insert(constructionSites).values(values).returning();
    // A site created directly in corso passes the same guard as one that is started later.
    await guardSiteStart(tx, actor, { id: row!.id, name: row!.name, status: "programmato" }, row!.status, input);
    await recordActivity(tx, actor, {
      action: "create",
      entityType: "site",
      entityId: row!.id,
      clientId: estimate.clientId,
      description: `Nuovo cantiere ${row!.name} (preventivo ${estimate.number})`,
    });
    return row!;
  });
}

export async function updateSite(
  db: Db,
  actor: Actor,
  id: string,
  input: SiteValues & { version: number },
  config: Config | null = null,
) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(constructionSites).where(eq(constructionSites.id, id)).for("update");
    if (!current) throw notFound(SITE_NOT_FOUND);
    const { version, ...fields } = input;
    if (current.version !== version) throw staleVersion();
    const estimate = fields.estimateId === current.estimateId ? null : await acceptedEstimate(tx, fields.estimateId);
    await checkAssignee(tx, fields.assignedUserId, current.assignedUserId);
    const values = normalise(fields);
    await guardSiteStart(tx, actor, current, values.status, input);
    const [row] = await tx
      .update(constructionSites)
      .set({ ...values, updatedAt: sql`now()`, version: sql`${constructionSites.version} + 1` })
      .where(and(eq(constructionSites.id, id), eq(constructionSites.version, version)))
      .returning();
    if (!row) throw staleVersion();
    await recordSiteUpdate(tx, actor, current, row, estimate ? [`preventivo ${estimate.number}`] : [], config);
    return row;
  });
}

/** One activity entry for a changed site, naming what changed, scoped to the site's client. */
async function recordSiteUpdate(
  tx: Queryable,
  actor: Actor,
  before: { status: SiteValues["status"]; progress: number },
  row: typeof constructionSites.$inferSelect,
  more: string[],
  config: Config | null,
): Promise<void> {
  const [owner] = await tx
    .select({ clientId: estimates.clientId })
    .from(estimates)
    .where(eq(estimates.id, row.estimateId));
  const changes: string[] = [];
  if (before.status !== row.status) changes.push(`stato ${siteStatuses.label(row.status)}`);
  if (before.progress !== row.progress) changes.push(`avanzamento ${row.progress}%`);
  changes.push(...more);
  await recordActivity(tx, actor, {
    action: before.status !== row.status ? "status" : "update",
    entityType: "site",
    entityId: row.id,
    clientId: owner?.clientId ?? null,
    description: `Cantiere ${row.name} aggiornato${changes.length ? `: ${changes.join(", ")}` : ""}`,
  });
  // The client is told when its site starts or is finished (portal bell, and e-mail when it has
  // one): the two states the portal names; the others read "Programmato" there (docs/domain/screens.md).
  if (before.status === row.status || !owner || !config) return;
  if (row.status !== "in_corso" && row.status !== "completato") return;
  const label = portalSiteStatusLabel(row.status);
  const what = row.status === "in_corso" ? "sono iniziati i lavori" : "i lavori sono stati completati";
  await notifyClient(tx, config, {
    clientId: owner.clientId,
    kind: "site_status",
    title: `Cantiere ${row.name}: ${label}`,
    body: `Stato del cantiere: ${label} · avanzamento ${row.progress}%`,
    link: `/client/projects/${row.id}`,
    entityType: "site",
    entityId: row.id,
    mail: {
      subject: `Cantiere ${row.name}: ${label}`,
      lines: [`la informiamo che nel cantiere "${row.name}" (${row.address}) ${what}.`, `Avanzamento: ${row.progress}%.`],
    },
  });
}

/** Deletes the site; its orders stay (unlinked) and its files go. Returns the storage keys to remove. */
export async function deleteSite(db: Db, actor: Actor, id: string) {
  return db.transaction(async (tx) => {
    const [site] = await tx
      .select({ name: constructionSites.name, clientId: estimates.clientId })
      .from(constructionSites)
      .innerJoin(estimates, eq(estimates.id, constructionSites.estimateId))
      .where(eq(constructionSites.id, id))
      .for("update", { of: constructionSites });
    if (!site) throw notFound(SITE_NOT_FOUND);
    const keys = await detachAll(tx, "site", id);
    await tx.delete(constructionSites).where(eq(constructionSites.id, id));
    await recordActivity(tx, actor, {
      action: "delete",
      entityType: "site",
      entityId: id,
      clientId: site.clientId,
      description: `Cantiere ${site.name} eliminato`,
    });
    return keys;
  });
}

/**
 * The technician's change to a site (PUT /api/construction-sites/:id/progress): progress, state
 * and notes only, with the same completed ⇒ 100 % rule; the rest of the site stays the office's.
 */
export async function updateSiteProgress(
  db: Db,
  actor: Actor,
  id: string,
  input: {
    progress: number;
    status?: SiteValues["status"] | undefined;
    notes?: string | null | undefined;
    version: number;
    force?: boolean | undefined;
    reason?: string | undefined;
  },
  config: Config | null = null,
) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(constructionSites).where(eq(constructionSites.id, id)).for("update");
    if (!current) throw notFound(SITE_NOT_FOUND);
    if (current.version !== input.version) throw staleVersion();
    const status = input.status ?? current.status;
    await guardSiteStart(tx, actor, current, status, input);
    const completed = status === "completato";
    const [row] = await tx
      .update(constructionSites)
      .set({
        status,
        progress: completed ? 100 : input.progress,
        endDate: completed ? (current.endDate ?? todayIso()) : current.endDate,
        ...(input.notes !== undefined ? { notes: input.notes } : {}),
        updatedAt: sql`now()`,
        version: sql`${constructionSites.version} + 1`,
      })
      .where(and(eq(constructionSites.id, id), eq(constructionSites.version, input.version)))
      .returning();
    if (!row) throw staleVersion();
    await recordSiteUpdate(tx, actor, current, row, current.notes !== row.notes ? ["note"] : [], config);
    return row;
  });
}
