import { and, eq, sql } from "drizzle-orm";
import type { Actor } from "../../auth/actor";
import type { ClientValues } from "@domain/clients";
import type { Db } from "../../db/client";
import { clients } from "../../db/schema";
import { rowColumns } from "../../db/schema/columns";
import { conflict, notFound, staleVersion } from "../../http/errors";
import { recordActivity } from "../activity/record";
import { clientDependents } from "./queries";

const NOT_FOUND = "Cliente non trovato";

export async function createClient(db: Db, actor: Actor, values: ClientValues) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(clients).values(values).returning(rowColumns(clients));
    await recordActivity(tx, actor, {
      action: "create",
      entityType: "client",
      entityId: row!.id,
      clientId: row!.id,
      description: `Nuovo cliente ${row!.name}`,
    });
    return row!;
  });
}

export async function updateClient(db: Db, actor: Actor, id: string, values: ClientValues & { version: number }) {
  return db.transaction(async (tx) => {
    const { version, ...fields } = values;
    const [row] = await tx
      .update(clients)
      .set({ ...fields, updatedAt: sql`now()`, version: sql`${clients.version} + 1` })
      .where(and(eq(clients.id, id), eq(clients.version, version)))
      .returning(rowColumns(clients));
    if (!row) {
      const [exists] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, id));
      throw exists ? staleVersion() : notFound(NOT_FOUND);
    }
    await recordActivity(tx, actor, {
      action: "update",
      entityType: "client",
      entityId: id,
      clientId: id,
      description: `Cliente ${row.name} aggiornato`,
    });
    return row;
  });
}

export async function deleteClient(db: Db, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const [client] = await tx.select({ name: clients.name }).from(clients).where(eq(clients.id, id)).for("update");
    if (!client) throw notFound(NOT_FOUND);
    const deps = await clientDependents(tx, id);
    const parts = [
      deps.estimates && `${deps.estimates} preventivi`,
      deps.surveys && `${deps.surveys} sopralluoghi`,
      deps.contacts && `${deps.contacts} contatti`,
    ].filter(Boolean);
    if (parts.length) {
      throw conflict(`Impossibile eliminare il cliente: ha ancora ${parts.join(", ")}.`);
    }
    await tx.delete(clients).where(eq(clients.id, id));
    await recordActivity(tx, actor, {
      action: "delete",
      entityType: "client",
      entityId: null,
      description: `Cliente ${client.name} eliminato`,
    });
  });
}
