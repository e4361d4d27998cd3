import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { companySettings } from "../../db/schema";
import { preparedRead } from "../../lib/prepared";

/** Read by every document and VAT view: prepared (lib/prepared.ts). */
const readSettings = preparedRead("colmo_company_settings", (db) =>
  db.select().from(companySettings).where(eq(companySettings.id, 1)),
);

/** The single settings row, created with its defaults the first time it is read. */

export async function getSettings(db: Queryable) {
  const [row] = await readSettings(db, {});
  if (row) return row;
  const [created] = await db.insert(companySettings).values({ id: 1 }).onConflictDoNothing().returning();
  return created ?? (await db.select().from(companySettings).where(eq(companySettings.id, 1)))[0]!;
}

export type SettingsRow = Awaited<ReturnType<typeof getSettings>>;

/** Public address of the uploaded logo; the key in the query changes with each upload, so caches refresh. */
export const logoUrlOf = (row: Pick<SettingsRow, "logoKey">) =>
  row.logoKey ? `/api/company/logo?v=${encodeURIComponent(row.logoKey)}` : null;

/** The settings as the API returns them: storage details stay inside. */
export function toSettings(row: SettingsRow) {
  const { id: _id, logoKey: _key, logoMime: _mime, ...rest } = row;
  return { ...rest, logoUrl: logoUrlOf(row) };
}

