import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations, Logger } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";
import { runtimePaths } from "../paths";
import { acquireDataDirLock } from "./data-dir-lock";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What query functions take: the database or an open transaction. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgresql";
  close(): Promise<void>;
}

export const migrationsFolder = runtimePaths.migrations;
const MIGRATION_LOCK = 7_318_224_911;

/** A real PostgreSQL: pooled, migrations applied under an advisory lock so several processes can start together. */
export async function openPostgres(
  url: string,
  opts: { migrate?: boolean; poolSize?: number; logger?: Logger } = {},
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 20, connectionTimeoutMillis: 5000 });
  pool.on("error", () => {
    // An idle client lost its connection (server restart): the pool replaces it on next use.
  });
  // A checked-out client whose server goes away (restart, failover) emits "error" too: without a
  // listener that crashed the whole process. Its query fails (503) and the pool drops it on release.
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzlePg(pool, {
    schema,
    casing: "snake_case",
    ...(opts.logger ? { logger: opts.logger } : {}),
  }) as unknown as Db;
  if (opts.migrate !== false) {
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client, { casing: "snake_case" }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
  }
  return { db, kind: "postgresql", close: () => pool.end() };
}

/** Trigram search (GIN indexes on names, addresses, numbers) needs pg_trgm, bundled with PGlite as a contrib. */
const extensions = { pg_trgm };

/** Embedded PostgreSQL (PGlite) persisted in DATA_DIR/pglite, guarded against a second process. */
export async function openPglite(
  dataDir: string | null,
  opts: { loadDataDir?: Blob; logger?: Logger; sharedBuffersMb?: number } = {},
): Promise<Database> {
  // PostgreSQL's default 128 MB of shared buffers made up a third of the idle server's memory.
  const startParams = [...PGlite.defaultStartParams, "-c", `shared_buffers=${opts.sharedBuffersMb ?? 32}MB`];
  let release = () => {};
  let client: PGlite;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    release = acquireDataDirLock(dataDir);
    client = new PGlite(path.join(dataDir, "pglite"), { extensions, startParams });
  } else {
    client = new PGlite(
      opts.loadDataDir ? { loadDataDir: opts.loadDataDir, extensions, startParams } : { extensions, startParams },
    );
  }
  await client.waitReady;
  const db = drizzlePglite(client, {
    schema,
    casing: "snake_case",
    ...(opts.logger ? { logger: opts.logger } : {}),
  }) as unknown as Db;
  await migratePglite(drizzlePglite(client, { casing: "snake_case" }), { migrationsFolder });
  return {
    db,
    kind: "pglite",
    close: async () => {
      await client.close();
      release();
    },
  };
}

export function openDatabase(config: {
  databaseUrl?: string | undefined;
  dataDir: string;
  databasePoolSize?: number;
  pgliteSharedBuffersMb?: number;
}): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, { poolSize: config.databasePoolSize })
    : openPglite(config.dataDir, { sharedBuffersMb: config.pgliteSharedBuffersMb });
}
