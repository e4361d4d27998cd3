import { and, eq, sql } from "drizzle-orm";
import type { Actor } from "../../auth/actor";
import type { ContactValues } from "@domain/contacts";
import type { Db, Queryable } from "../../db/client";
import { clients, contacts } from "../../db/schema";
import { badRequest, notFound, staleVersion } from "../../http/errors";
import { recordActivity } from "../activity/record";
import { findContact } from "./queries";

const NOT_FOUND = "Contatto non trovato";

/** A contact belongs to an existing client: say so on the field rather than with a bare 409. */
async function requireClient(tx: Queryable, clientId: string) {
  const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId));
  if (!client) throw badRequest("Dati non validi. Cliente non trovato", { clientId: "Cliente non trovato" });
}

export async function createContact(db: Db, actor: Actor, values: ContactValues) {
  return db.transaction(async (tx) => {
    await requireClient(tx, values.clientId);
    const [row] = await tx.insert(contacts).values(values).returning({ id: contacts.id });
    await recordActivity(tx, actor, {
      action: "create",
      entityType: "contact",
      entityId: row!.id,
      clientId: values.clientId,
      description: `Nuovo contatto ${values.name}`,
    });
    return (await findContact(tx, row!.id))!;
  });
}

export async function updateContact(db: Db, actor: Actor, id: string, values: ContactValues & { version: number }) {
  return db.transaction(async (tx) => {
    const { version, ...fields } = values;
    await requireClient(tx, fields.clientId);
    const [row] = await tx
      .update(contacts)
      .set({ ...fields, updatedAt: sql`now()`, version: sql`${contacts.version} + 1` })
      .where(and(eq(contacts.id, id), eq(contacts.version, version)))
      .returning({ id: contacts.id });
    if (!row) {
      const [exists] = await tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, id));
      throw exists ? staleVersion() : notFound(NOT_FOUND);
    }
    await recordActivity(tx, actor, {
      action: "update",
      entityType: "contact",
      entityId: id,
      clientId: fields.clientId,
      description: `Contatto ${fields.name} aggiornato`,
    });
    return (await findContact(tx, id))!;
  });
}

/** Surveys that named the contact keep existing without one (the foreign key sets it null). */
export async function deleteContact(db: Db, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const [contact] = await tx.select({ name: contacts.name, clientId: contacts.clientId }).from(contacts).where(eq(contacts.id, id)).for("update");
    if (!contact) throw notFound(NOT_FOUND);
    await tx.delete(contacts).where(eq(contacts.id, id));
    await recordActivity(tx, actor, {
      action: "delete",
      entityType: "contact",
      entityId: null,
      clientId: contact.clientId,
      description: `Contatto ${contact.name} eliminato`,
    });
  });
}
