import { and, eq, isNull, sql } from "drizzle-orm";
import { addDays, daysBetween } from "@domain/dates";
import type { ContractStatus } from "@domain/statuses";
import { contracts, estimates } from "../../db/schema";
import { insertBatched, type DemoContext } from "../../demo/context";
import { assignNumbers, saveCounters } from "../../demo/numbers";
import { DEFAULT_CONTRACT_TERMS } from "./create-contract";

/**
 * 80 contracts per unit of scale, one per accepted estimate (oldest acceptances first are
 * skipped when there are more estimates than contracts). Old contracts are completed, recent
 * ones still bozza, firmato or attivo.
 */
export async function seedContracts(ctx: DemoContext) {
  const { random, scale, db, today } = ctx;
  const accepted = await db
    .select({
      id: estimates.id,
      acceptedAt: estimates.acceptedAt,
      createdAt: estimates.createdAt,
    })
    .from(estimates)
    .leftJoin(contracts, eq(contracts.estimateId, estimates.id))
    .where(and(eq(estimates.status, "accettato"), isNull(contracts.id)))
    .orderBy(sql`${estimates.acceptedAt} desc nulls last`)
    .limit(80 * scale);

  type Draft = { row: typeof contracts.$inferInsert; accepted: string };
  const drafts: Draft[] = accepted.map((e) => {
    const acceptedOn = (e.acceptedAt ?? e.createdAt).slice(0, 10);
    const age = daysBetween(acceptedOn, today);
    const status: ContractStatus =
      age < 15
        ? random.weighted([
            ["bozza", 3],
            ["firmato", 2],
            ["attivo", 1],
          ] as const)
        : age < 180
          ? random.weighted([
              ["firmato", 1],
              ["attivo", 6],
              ["completato", 3],
            ] as const)
          : random.weighted([
              ["attivo", 1],
              ["completato", 19],
            ] as const);
    const signedDate = status === "bozza" ? null : addDays(acceptedOn, Math.min(random.int(1, 10), Math.max(age, 0)));
    const activated =
      status === "attivo" || status === "completato"
        ? `${addDays(signedDate!, Math.min(random.int(3, 20), daysBetween(signedDate!, today)))}T08:00:00Z`
        : null;
    const completed =
      status === "completato"
        ? `${addDays(activated!.slice(0, 10), Math.min(random.int(20, 150), daysBetween(activated!.slice(0, 10), today)))}T17:00:00Z`
        : null;
    const createdAt = `${acceptedOn}T16:00:00Z`;
    return {
      row: {
        number: "",
        estimateId: e.id,
        terms: DEFAULT_CONTRACT_TERMS,
        signedDate,
        status,
        activatedAt: activated,
        completedAt: completed,
        createdAt,
        updatedAt: completed ?? activated ?? createdAt,
      },
      accepted: acceptedOn,
    };
  });

  const lastByYear = await assignNumbers(
    db,
    "CTR",
    drafts,
    (d) => d.accepted,
    (d, number) => (d.row.number = number),
  );
  ctx.ids.contracts = [];
  await insertBatched(drafts, async (batch) => {
    const inserted = await db
      .insert(contracts)
      .values(batch.map((d) => d.row))
      .returning({ id: contracts.id });
    ctx.ids.contracts!.push(...inserted.map((r) => r.id));
  });
  await saveCounters(db, "CTR", lastByYear);
}
