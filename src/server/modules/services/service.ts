import { and, eq, sql } from "drizzle-orm";
import type { Actor } from "../../auth/actor";
import { serviceInUseMessage, type ServiceValues } from "@domain/services";
import type { Db } from "../../db/client";
import { services } from "../../db/schema";
import { conflict, notFound, staleVersion } from "../../http/errors";
import { recordActivity } from "../activity/record";
import { serviceUsage } from "./queries";

const NOT_FOUND = "Servizio non trovato";

export async function createService(db: Db, actor: Actor, values: ServiceValues) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(services).values(values).returning();
    await recordActivity(tx, actor, { action: "create", entityType: "service", entityId: row!.id, description: `Nuovo servizio ${row!.name}` });
    return row!;
  });
}

export async function updateService(db: Db, actor: Actor, id: string, values: ServiceValues & { version: number }) {
  return db.transaction(async (tx) => {
    const { version, ...fields } = values;
    const [row] = await tx
      .update(services)
      .set({ ...fields, updatedAt: sql`now()`, version: sql`${services.version} + 1` })
      .where(and(eq(services.id, id), eq(services.version, version)))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: services.id }).from(services).where(eq(services.id, id));
      throw exists ? staleVersion() : notFound(NOT_FOUND);
    }
    await recordActivity(tx, actor, { action: "update", entityType: "service", entityId: id, description: `Servizio ${row.name} aggiornato` });
    return row;
  });
}

/** Estimates keep pointing at their services: a used one is deactivated, not deleted (409). */
export async function deleteService(db: Db, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const [service] = await tx.select({ name: services.name }).from(services).where(eq(services.id, id)).for("update");
    if (!service) throw notFound(NOT_FOUND);
    const lines = await serviceUsage(tx, id);
    if (lines > 0) throw conflict(serviceInUseMessage(lines));
    await tx.delete(services).where(eq(services.id, id));
    await recordActivity(tx, actor, { action: "delete", entityType: "service", entityId: null, description: `Servizio ${service.name} eliminato` });
  });
}
