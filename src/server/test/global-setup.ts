import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openPglite, openPostgres } from "../db/client";

/**
 * Migrates once per run: a PGlite snapshot every test file loads (0.5 s instead of 3 s),
 * and, with DATABASE_URL, a template database every test file copies.
 */
export default async function setup({ provide }: { provide: (key: string, value: string) => void }) {
  const snapshotPath = path.join(os.tmpdir(), `colmo-pglite-${process.pid}.tar.gz`);
  const database = await openPglite(null);
  const client = (database.db as unknown as { $client: { dumpDataDir(c: "gzip"): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir("gzip");
  fs.writeFileSync(snapshotPath, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  provide("pgliteSnapshot", snapshotPath);

  const url = process.env.DATABASE_URL;
  let template = "";
  if (url) {
    template = `colmo_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    await admin.end();
    const tplUrl = withDatabase(url, template);
    const tpl = await openPostgres(tplUrl);
    await tpl.close();
  }
  provide("pgTemplate", template);

  return async () => {
    fs.rmSync(snapshotPath, { force: true });
    if (url && template) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like $1",
        [`colmo_t_${process.pid}_%`],
      );
      for (const row of rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    }
  };
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    pgTemplate: string;
  }
}
