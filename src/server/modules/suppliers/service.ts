import { and, eq, sql } from "drizzle-orm";
import type { Actor } from "../../auth/actor";
import type { SupplierValues } from "@domain/suppliers";
import type { Db, Queryable } from "../../db/client";
import { suppliers } from "../../db/schema";
import { conflict, notFound, staleVersion } from "../../http/errors";
import { recordActivity } from "../activity/record";
import { supplierOrderCount, supplierWithVat } from "./queries";

export const SUPPLIER_NOT_FOUND = "Fornitore non trovato";

/** The unique index would answer a generic 409: say which field and which supplier. */
async function assertVatFree(tx: Queryable, vatNumber: string | null, exceptId?: string) {
  if (!vatNumber) return;
  const other = await supplierWithVat(tx, vatNumber, exceptId);
  if (other) {
    throw conflict(`Partita IVA già registrata per il fornitore ${other.name}`, {
      vatNumber: "Partita IVA già registrata per un altro fornitore",
    });
  }
}

export async function createSupplier(db: Db, actor: Actor, values: SupplierValues) {
  return db.transaction(async (tx) => {
    await assertVatFree(tx, values.vatNumber);
    const [row] = await tx.insert(suppliers).values(values).returning();
    await recordActivity(tx, actor, {
      action: "create",
      entityType: "supplier",
      entityId: row!.id,
      description: `Nuovo fornitore ${row!.name}`,
    });
    return row!;
  });
}

export async function updateSupplier(db: Db, actor: Actor, id: string, values: SupplierValues & { version: number }) {
  return db.transaction(async (tx) => {
    const { version, ...fields } = values;
    await assertVatFree(tx, fields.vatNumber, id);
    const [row] = await tx
      .update(suppliers)
      .set({ ...fields, updatedAt: sql`now()`, version: sql`${suppliers.version} + 1` })
      .where(and(eq(suppliers.id, id), eq(suppliers.version, version)))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, id));
      throw exists ? staleVersion() : notFound(SUPPLIER_NOT_FOUND);
    }
    await recordActivity(tx, actor, {
      action: "update",
      entityType: "supplier",
      entityId: id,
      description: `Fornitore ${row.name} aggiornato`,
    });
    return row;
  });
}

export async function deleteSupplier(db: Db, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const [supplier] = await tx.select({ name: suppliers.name }).from(suppliers).where(eq(suppliers.id, id)).for("update");
    if (!supplier) throw notFound(SUPPLIER_NOT_FOUND);
    const n = await supplierOrderCount(tx, id);
    if (n > 0) {
      throw conflict(
        `Impossibile eliminare il fornitore: ha ancora ${n} ${n === 1 ? "ordine" : "ordini"}. Impostalo come inattivo per non usarlo più.`,
      );
    }
    await tx.delete(suppliers).where(eq(suppliers.id, id));
    await recordActivity(tx, actor, {
      action: "delete",
      entityType: "supplier",
      entityId: null,
      description: `Fornitore ${supplier.name} eliminato`,
    });
  });
}
