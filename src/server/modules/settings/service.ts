import { eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { SettingsValues } from "@domain/settings";
import type { Db } from "../../db/client";
import { companySettings } from "../../db/schema";
import { newStorageKey, type FileStorage } from "../../storage";
import { recordActivity } from "../activity/record";
import { getSettings } from "./queries";

export async function updateSettings(db: Db, request: FastifyRequest, values: SettingsValues) {
  return db.transaction(async (tx) => {
    await getSettings(tx);
    const [row] = await tx
      .update(companySettings)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(companySettings.id, 1))
      .returning();
    await recordActivity(tx, request, {
      action: "update",
      entityType: "settings",
      entityId: null,
      description: "Impostazioni aziendali aggiornate",
    });
    return row!;
  });
}

/**
 * Stores the new logo, points the settings at it, then removes the previous file. The file is
 * written before the row so the row never points at a missing image.
 */
export async function replaceLogo(
  db: Db,
  storage: FileStorage,
  request: FastifyRequest,
  logo: { data: Buffer; mime: string; ext: string } | null,
) {
  const key = logo ? newStorageKey("settings", logo.ext) : null;
  if (logo && key) await storage.put(key, logo.data);
  try {
    const { row, previous } = await db.transaction(async (tx) => {
      const before = await getSettings(tx);
      const [updated] = await tx
        .update(companySettings)
        .set({ logoKey: key, logoMime: logo?.mime ?? null })
        .where(eq(companySettings.id, 1))
        .returning();
      await recordActivity(tx, request, {
        action: logo ? "upload" : "delete",
        entityType: "settings",
        entityId: null,
        description: logo ? "Logo aziendale aggiornato" : "Logo aziendale rimosso",
      });
      return { row: updated!, previous: before.logoKey };
    });
    if (previous && previous !== key) await storage.delete(previous).catch(() => undefined);
    return row;
  } catch (err) {
    if (key) await storage.delete(key).catch(() => undefined);
    throw err;
  }
}
