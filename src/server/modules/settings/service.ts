import { eq, sql } from "drizzle-orm";
import type { Actor } from "../../auth/actor";
import type { SettingsValues } from "@domain/settings";
import type { Db } from "../../db/client";
import { companySettings, users } from "../../db/schema";
import { conflict } from "../../http/errors";
import { newStorageKey, type FileStorage } from "../../storage";
import { recordActivity } from "../activity/record";
import { getSettings } from "./queries";

export async function updateSettings(db: Db, actor: Actor, values: SettingsValues) {
  return db.transaction(async (tx) => {
    const before = await getSettings(tx);
    if (values.requireTotpForAdmins && !before.requireTotpForAdmins) {
      // Turning it on without a second factor would shut the admin out of the page they are on.
      const [me] = await tx.select({ enabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, actor.userId));
      if (!me?.enabledAt)
        throw conflict("Attiva prima la verifica in due passaggi sul tuo profilo, poi rendila obbligatoria per gli amministratori", {
          requireTotpForAdmins: "Attiva prima la verifica in due passaggi sul tuo profilo",
        });
    }
    const [row] = await tx
      .update(companySettings)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(companySettings.id, 1))
      .returning();
    await recordActivity(tx, actor, {
      action: "update",
      entityType: "settings",
      entityId: null,
      description:
        values.requireTotpForAdmins !== undefined && values.requireTotpForAdmins !== before.requireTotpForAdmins
          ? values.requireTotpForAdmins
            ? "Impostazioni aziendali aggiornate: verifica in due passaggi obbligatoria per gli amministratori"
            : "Impostazioni aziendali aggiornate: verifica in due passaggi non più obbligatoria per gli amministratori"
          : "Impostazioni aziendali aggiornate",
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
  actor: Actor,
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
      await recordActivity(tx, actor, {
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
