import { readMigrationFiles } from "drizzle-orm/migrator";
import { sql } from "drizzle-orm";
import { migrationsFolder, type Db } from "../../db/client";

const migrations = readMigrationFiles({ migrationsFolder });
/** The newest migration of this build (drizzle records its folder timestamp as created_at). */
const latestMigration = migrations.at(-1)!;

/** True when the database has this build's newest migration (by its hash and timestamp). */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const result = await db.execute(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations where hash = ${latestMigration.hash} and created_at = ${latestMigration.folderMillis}`,
  );
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) > 0;
}
