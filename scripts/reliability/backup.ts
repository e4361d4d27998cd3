import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../src/server/db/client";
import { DEMO_LOGINS } from "../../src/server/demo/run";
import { assert, dbTargets, dropPgDatabase, freshPgDatabase, killHard, login, report, startServer } from "./lib";

// npm run demo → npm run backup → wipe (DATA_DIR removed / database dropped) → npm run restore:
// every table's rows and every uploaded file are identical, and the app serves the restored data.

const PORT = Number(process.env.RELIABILITY_PORT ?? 5188) + 105;

async function dumpDatabase(env: { DATA_DIR: string; DATABASE_URL: string }) {
  const database = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL || undefined });
  try {
    const tables = (await database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )) as unknown as { rows: unknown[] };
    const out: Record<string, string> = {};
    const counts: Record<string, number> = {};
    let rows = 0;
    for (const { table_name: name } of tables.rows as { table_name: string }[]) {
      const res = (await database.db.execute(
        sql.raw(`select coalesce(json_agg(t order by t::text), '[]'::json)::text as j, count(*)::int as n from "${name}" t`),
      )) as unknown as { rows: unknown[] };
      const row = res.rows[0] as { j: string; n: number };
      out[name] = crypto.createHash("sha256").update(row.j).digest("hex");
      counts[name] = Number(row.n);
      rows += Number(row.n);
    }
    return { tables: out, counts, rows };
  } finally {
    await database.close();
  }
}

function dumpFiles(dataDir: string) {
  const root = path.join(dataDir, "uploads");
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else out[path.relative(root, full)] = crypto.createHash("sha256").update(fs.readFileSync(full)).digest("hex");
    }
  };
  walk(root);
  return out;
}

const npm = (args: string[], env: Record<string, string>) =>
  execFileSync("npm", ["run", "--silent", ...args], { env: { ...process.env, ...env, LOG_LEVEL: "warn" }, stdio: ["ignore", "pipe", "inherit"] }).toString();

async function scenario(db: "pglite" | "postgresql") {
  const dataDir = path.resolve(`.tmp/reliability-backup-${db}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const name = "colmo_rel_backup";
  const url = db === "postgresql" ? ((await freshPgDatabase(name)) ?? "") : "";
  const env = { DATA_DIR: dataDir, DATABASE_URL: url };
  npm(["demo"], env);

  const before = { db: await dumpDatabase(env), files: dumpFiles(dataDir) };
  const file = path.resolve(`.tmp/reliability-backup-${db}.tar.gz`);
  fs.rmSync(file, { force: true });
  npm(["backup", "--", file], env);
  assert(fs.existsSync(file), "the backup file was not written");

  // Wipe everything: the data folder, and the PostgreSQL database itself.
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (db === "postgresql") await freshPgDatabase(name);
  npm(["restore", "--", file], env);

  const after = { db: await dumpDatabase(env), files: dumpFiles(dataDir) };
  const differentTables = Object.keys(before.db.tables).filter((t) => before.db.tables[t] !== after.db.tables[t]);
  assert(differentTables.length === 0, `${db}: tables differ after restore: ${differentTables.join(", ")}`);
  assert(JSON.stringify(before.files) === JSON.stringify(after.files), `${db}: uploaded files differ after restore`);
  // PGlite keeps uploads under DATA_DIR/uploads; PostgreSQL in its `files` table (compared above).
  const files = Object.keys(before.files).length + (before.db.counts.files ?? 0);
  assert(files > 0, "no uploaded files in the data set: the file check would be vacuous");

  // The app starts on the restored data and the demo logins work.
  const restored = await startServer({ port: PORT, env, log: path.resolve(`.tmp/reliability-backup-${db}.log`) });
  try {
    const check = await login(restored.base, DEMO_LOGINS.admin);
    await login(restored.base, DEMO_LOGINS.client);
    const clients = await check.call("GET", "/api/clients?limit=1");
    assert(clients.status === 200 && Number(clients.headers.get("x-total-count")) > 0, "no clients served after restore");
  } finally {
    await killHard(restored);
  }
  if (db === "postgresql") await dropPgDatabase(name);
  report("backup → cancellazione → ripristino", db, 1, "tabelle e file identici, app funzionante", {
    tables: Object.keys(before.db.tables).length,
    rows: before.db.rows,
    files,
  });
}

for (const db of dbTargets()) await scenario(db);
