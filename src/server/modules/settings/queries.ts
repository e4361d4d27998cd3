import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { companySettings } from "../../db/schema";

/** The single settings row, created with its defaults the first time it is read. */
export async function getSettings(db: Queryable) {
  const [row] = await db.select().from(companySettings).where(eq(companySettings.id, 1));
  if (row) return row;
  const [created] = await db.insert(companySettings).values({ id: 1 }).onConflictDoNothing().returning();
  return created ?? (await db.select().from(companySettings).where(eq(companySettings.id, 1)))[0]!;
}
