import fs from "node:fs";
import type { Logger } from "drizzle-orm";
import pg from "pg";
import { inject } from "vitest";
import { buildApp, type App, type DestinationStream } from "../app";
import { hashPassword } from "../auth/passwords";
import { SESSION_COOKIE } from "../auth/sessions";
import { loadConfig } from "../config";
import { openPglite, openPostgres, type Database, type Db } from "../db/client";
import { clients, users } from "../db/schema";
import { withDatabase } from "./global-setup";
import type { StaffRole } from "@domain/statuses";

export interface TestApp {
  app: App;
  db: Db;
  database: Database;
  /** Cookie header of a logged-in administrator. */
  admin: string;
  /** Logs in a new portal user for the given client (creating the client when omitted). */
  clientUser(clientId?: string): Promise<{ cookie: string; clientId: string; userId: string }>;
  login(username: string, password: string): Promise<string>;
  /** Logs in a new member of the firm with this role (created directly in the database). */
  staffUser(role: StaffRole): Promise<{ cookie: string; userId: string; username: string }>;
  close(): Promise<void>;
}

let counter = 0;

/** A fresh database per test file: PGlite from the migrated snapshot, or a PostgreSQL copy of the template. */
export async function freshDatabase(opts: { logger?: Logger } = {}): Promise<Database> {
  const url = process.env.DATABASE_URL;
  const template = inject("pgTemplate");
  if (url && template) {
    const name = `colmo_t_${process.ppid}_${process.pid}_${counter++}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const database = await openPostgres(withDatabase(url, name), { migrate: false, logger: opts.logger });
    return database;
  }
  const snapshot = fs.readFileSync(inject("pgliteSnapshot"));
  return openPglite(null, { loadDataDir: new Blob([snapshot]), logger: opts.logger });
}

export const ADMIN = { username: "admin", password: "password-admin-1" };

export interface TestAppOptions {
  /** Extra environment for loadConfig (e.g. TRUST_PROXY_HOPS). */
  env?: Record<string, string>;
  /** An installation without any administrator, waiting for /setup with this code. */
  setupToken?: string;
  /** JSON log lines go here, at LOG_LEVEL (default info), instead of being silenced. */
  logStream?: DestinationStream;
}

export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await freshDatabase();
  const loaded = loadConfig({ NODE_ENV: "test", DATA_DIR: ".tmp/test-data", ...options.env });
  const config = options.logStream
    ? { ...loaded, logLevel: (options.env?.LOG_LEVEL ?? "info") as typeof loaded.logLevel }
    : loaded;
  const app = await buildApp(
    { db: database.db, database, config, setup: { token: options.setupToken ?? null } },
    { logStream: options.logStream },
  );
  const db = database.db;
  if (!options.setupToken)
    await db
      .insert(users)
      .values({ username: ADMIN.username, passwordHash: await hashPassword(ADMIN.password), role: "admin" });

  async function login(username: string, password: string) {
    const res = await app.inject({ method: "POST", url: "/api/auth/login", payload: { username, password } });
    if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    return `${SESSION_COOKIE}=${cookie!.value}`;
  }

  let portalUsers = 0;
  async function clientUser(clientId?: string) {
    let id = clientId;
    if (!id) {
      const [client] = await db
        .insert(clients)
        .values({ name: `Cliente Portale ${++portalUsers}`, type: "privato", address: "Via Roma 1" })
        .returning();
      id = client!.id;
    }
    const username = `portale${Date.now()}${++portalUsers}`;
    const [user] = await db
      .insert(users)
      .values({ username, passwordHash: await hashPassword("password-cliente-1"), role: "client", clientId: id })
      .returning();
    return { cookie: await login(username, "password-cliente-1"), clientId: id, userId: user!.id };
  }

  let staffUsers = 0;
  async function staffUser(role: StaffRole) {
    const username = `${role}${Date.now()}${++staffUsers}`;
    const [user] = await db
      .insert(users)
      .values({ username, passwordHash: await hashPassword("password-staff-1"), role })
      .returning();
    return { cookie: await login(username, "password-staff-1"), userId: user!.id, username };
  }

  const admin = options.setupToken ? "" : await login(ADMIN.username, ADMIN.password);
  return {
    app,
    db,
    database,
    admin,
    clientUser,
    login,
    staffUser,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
