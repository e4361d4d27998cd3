import { and, eq, max, sql } from "drizzle-orm";
import type { Actor } from "../../auth/actor";
import { addDays, parseTimestamp, romeIsoDate, todayIso } from "@domain/dates";
import {
  estimateActionRefusal,
  statusAfterEdit,
  type EstimateItemValues,
  type EstimateUpdateValues,
  type EstimateValues,
} from "@domain/estimates";
import type { Db, Tx } from "../../db/client";
import { estimateItems, estimates } from "../../db/schema";
import { conflict, notFound, staleVersion } from "../../http/errors";
import { nextDocumentNumber } from "../../lib/numbering";
import { recordActivity } from "../activity/record";
import { checkSurvey, loadClient, orderTotalFor, refreshTotals, resolveLines, totalsFor, vatSetup } from "./lines";
import { estimateDependents, estimateItemView, findEstimate } from "./queries";

export const ESTIMATE_NOT_FOUND = "Preventivo non trovato";
const ITEM_NOT_FOUND = "Voce del preventivo non trovata";

/** Locks the estimate row for the rest of the transaction. */
export async function lockEstimate(tx: Tx, id: string, scope: string | null = null) {
  const [row] = await tx
    .select()
    .from(estimates)
    .where(and(eq(estimates.id, id), scope ? eq(estimates.clientId, scope) : undefined))
    .for("update");
  if (!row) throw notFound(ESTIMATE_NOT_FOUND);
  return row;
}

/** Creates the estimate and its lines in one transaction, with the next PRV number. */
export async function createEstimate(db: Db, actor: Actor, values: EstimateValues) {
  return db.transaction(async (tx) => {
    const client = await loadClient(tx, values.clientId);
    await checkSurvey(tx, values.surveyId, client.id);
    const orderTotal = await orderTotalFor(tx, values.orderId);
    const setup = await vatSetup(tx, client, values.treatment);
    const lines = await resolveLines(tx, values.items, "items", setup.defaultRate);
    const totals = totalsFor(lines, orderTotal, setup);
    const today = todayIso();
    // Taken last: the counter row stays locked until commit, so keep that window short.
    const { number } = await nextDocumentNumber(tx, "PRV", Number(today.slice(0, 4)));
    const [row] = await tx
      .insert(estimates)
      .values({
        number,
        clientId: client.id,
        surveyId: values.surveyId,
        orderId: values.orderId,
        title: values.title,
        description: values.description,
        validityDays: values.validityDays,
        treatment: values.treatment,
        ...totals,
        status: "bozza",
        expiresAt: addDays(today, values.validityDays),
      })
      .returning({ id: estimates.id });
    if (lines.length) await tx.insert(estimateItems).values(lines.map((l) => ({ ...l, estimateId: row!.id })));
    await recordActivity(tx, actor, {
      action: "create",
      entityType: "estimate",
      entityId: row!.id,
      clientId: client.id,
      description: `Nuovo preventivo ${number} per ${client.name}`,
    });
    return (await findEstimate(tx, row!.id))!;
  });
}

/** What a copy never takes from its original (docs/domain/sites.md): identity, links and the history of its status. */
const NOT_DUPLICATED = [
  "id",
  "number",
  "surveyId",
  "orderId",
  "status",
  "sentAt",
  "acceptedAt",
  "acceptedBy",
  "acceptedIp",
  "acceptedSnapshot",
  "rejectedAt",
  "createdAt",
  "updatedAt",
  "version",
] as const;
const TITLE_MAX = 200;

/**
 * "Duplica": a new bozza of the same client with every line, its own number, title "Copia di …"
 * and no survey, order or contract. Header and lines are copied column by column minus the list
 * above, so a column added later (VAT fields of a line, …) comes along without touching this.
 */
export async function duplicateEstimate(db: Db, actor: Actor, id: string) {
  return db.transaction(async (tx) => {
    const original = await lockEstimate(tx, id);
    const items = await tx.select().from(estimateItems).where(eq(estimateItems.estimateId, id));
    const header: Record<string, unknown> = { ...original };
    for (const key of NOT_DUPLICATED) delete header[key];
    const today = todayIso();
    const { number } = await nextDocumentNumber(tx, "PRV", Number(today.slice(0, 4)));
    const [row] = await tx
      .insert(estimates)
      .values({
        ...(header as typeof original),
        number,
        title: `Copia di ${original.title}`.slice(0, TITLE_MAX),
        status: "bozza",
        expiresAt: addDays(today, original.validityDays),
      })
      .returning({ id: estimates.id });
    const copyId = row!.id;
    if (items.length) {
      await tx.insert(estimateItems).values(
        items.map((item) => {
          const { id: _id, createdAt: _createdAt, ...columns } = item;
          return { ...columns, estimateId: copyId };
        }),
      );
    }
    // The original's attached order counted in its totals; the copy has none.
    await refreshTotals(tx, { id: copyId, clientId: original.clientId, orderId: null, treatment: original.treatment });
    await recordActivity(tx, actor, {
      action: "create",
      entityType: "estimate",
      entityId: copyId,
      clientId: original.clientId,
      description: `Preventivo ${number} duplicato da ${original.number}`,
    });
    return (await findEstimate(tx, copyId))!;
  });
}

/** Replaces header and lines atomically, with the version the editor read. */
export async function updateEstimate(db: Db, actor: Actor, id: string, values: EstimateUpdateValues) {
  return db.transaction(async (tx) => {
    const current = await lockEstimate(tx, id);
    if (current.version !== values.version) throw staleVersion();
    const refusal = estimateActionRefusal(current.status, "edit");
    if (refusal) throw conflict(refusal);
    const client = await loadClient(tx, values.clientId);
    await checkSurvey(tx, values.surveyId, client.id);
    const orderTotal = await orderTotalFor(tx, values.orderId, current.orderId);
    const setup = await vatSetup(tx, client, values.treatment);
    const existing = await tx
      .select({ serviceId: estimateItems.serviceId })
      .from(estimateItems)
      .where(eq(estimateItems.estimateId, id));
    const keep = new Set(existing.map((e) => e.serviceId).filter((s): s is string => !!s));
    const lines = await resolveLines(tx, values.items, "items", setup.defaultRate, keep);
    const totals = totalsFor(lines, orderTotal, setup);
    const status = statusAfterEdit(current.status);
    await tx
      .update(estimates)
      .set({
        clientId: client.id,
        surveyId: values.surveyId,
        orderId: values.orderId,
        title: values.title,
        description: values.description,
        validityDays: values.validityDays,
        treatment: values.treatment,
        ...totals,
        status,
        expiresAt: addDays(romeIsoDate(parseTimestamp(current.createdAt) ?? new Date()), values.validityDays),
        updatedAt: sql`now()`,
        version: sql`${estimates.version} + 1`,
      })
      .where(eq(estimates.id, id));
    await tx.delete(estimateItems).where(eq(estimateItems.estimateId, id));
    if (lines.length) await tx.insert(estimateItems).values(lines.map((l) => ({ ...l, estimateId: id })));
    await recordActivity(tx, actor, {
      action: "update",
      entityType: "estimate",
      entityId: id,
      clientId: client.id,
      description:
        status !== current.status
          ? `Preventivo ${current.number} modificato e tornato in bozza`
          : `Preventivo ${current.number} aggiornato`,
    });
    return (await findEstimate(tx, id))!;
  });
}

export async function deleteEstimate(db: Db, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const current = await lockEstimate(tx, id);
    const refusal = estimateActionRefusal(current.status, "delete");
    if (refusal) throw conflict(refusal);
    const deps = await estimateDependents(tx, id);
    const parts = [deps.contracts && `${deps.contracts} contratti`, deps.sites && `${deps.sites} cantieri`].filter(
      Boolean,
    );
    if (parts.length) throw conflict(`Impossibile eliminare il preventivo: ha ancora ${parts.join(", ")}.`);
    await tx.delete(estimates).where(eq(estimates.id, id));
    await recordActivity(tx, actor, {
      action: "delete",
      entityType: "estimate",
      entityId: null,
      clientId: current.clientId,
      description: `Preventivo ${current.number} eliminato`,
    });
  });
}

// ---- the separate item routes (docs/domain/api.md): each keeps the estimate's totals right ----------

/** Every item write: lock, check, write, recompute totals, bump the version, back to bozza. */
async function withEditableEstimate<T>(
  tx: Tx,
  estimateId: string,
  write: (estimate: Awaited<ReturnType<typeof lockEstimate>>) => Promise<T>,
) {
  const estimate = await lockEstimate(tx, estimateId);
  const refusal = estimateActionRefusal(estimate.status, "edit");
  if (refusal) throw conflict(refusal);
  const result = await write(estimate);
  await refreshTotals(tx, estimate);
  await tx
    .update(estimates)
    .set({ status: statusAfterEdit(estimate.status), updatedAt: sql`now()`, version: sql`${estimates.version} + 1` })
    .where(eq(estimates.id, estimateId));
  return { estimate, result };
}

async function findItem(tx: Tx, id: string) {
  const [item] = await tx.select().from(estimateItems).where(eq(estimateItems.id, id));
  if (!item) throw notFound(ITEM_NOT_FOUND);
  return item;
}

export async function createItem(db: Db, actor: Actor, values: EstimateItemValues & { estimateId: string }) {
  return db.transaction(async (tx) => {
    const { estimate, result } = await withEditableEstimate(tx, values.estimateId, async (estimate) => {
      const { defaultRate } = await vatSetup(tx, await loadClient(tx, estimate.clientId), estimate.treatment);
      const [line] = await resolveLines(tx, [values], "", defaultRate);
      const [last] = await tx
        .select({ position: max(estimateItems.position) })
        .from(estimateItems)
        .where(eq(estimateItems.estimateId, values.estimateId));
      const [row] = await tx
        .insert(estimateItems)
        .values({ ...line!, position: (last?.position ?? -1) + 1, estimateId: values.estimateId })
        .returning();
      return estimateItemView(row!);
    });
    await recordActivity(tx, actor, {
      action: "update",
      entityType: "estimate",
      entityId: estimate.id,
      clientId: estimate.clientId,
      description: `Voce aggiunta al preventivo ${estimate.number}`,
    });
    return result;
  });
}

export async function updateItem(
  db: Db,
  actor: Actor,
  id: string,
  values: EstimateItemValues & { estimateId?: string },
) {
  return db.transaction(async (tx) => {
    const item = await findItem(tx, id);
    if (values.estimateId && values.estimateId !== item.estimateId)
      throw conflict("La voce appartiene a un altro preventivo", { estimateId: "Preventivo diverso" });
    const { estimate, result } = await withEditableEstimate(tx, item.estimateId, async (estimate) => {
      const keep = new Set(item.serviceId ? [item.serviceId] : []);
      const { defaultRate } = await vatSetup(tx, await loadClient(tx, estimate.clientId), estimate.treatment);
      const [line] = await resolveLines(tx, [values], "", defaultRate, keep);
      const [row] = await tx
        .update(estimateItems)
        .set({ ...line!, position: item.position })
        .where(eq(estimateItems.id, id))
        .returning();
      return estimateItemView(row!);
    });
    await recordActivity(tx, actor, {
      action: "update",
      entityType: "estimate",
      entityId: estimate.id,
      clientId: estimate.clientId,
      description: `Voce modificata nel preventivo ${estimate.number}`,
    });
    return result;
  });
}

export async function deleteItem(db: Db, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const item = await findItem(tx, id);
    const { estimate } = await withEditableEstimate(tx, item.estimateId, async () => {
      await tx.delete(estimateItems).where(eq(estimateItems.id, id));
    });
    await recordActivity(tx, actor, {
      action: "update",
      entityType: "estimate",
      entityId: estimate.id,
      clientId: estimate.clientId,
      description: `Voce eliminata dal preventivo ${estimate.number}`,
    });
  });
}
