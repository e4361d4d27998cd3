import path from "node:path";
import { createBackup } from "../src/server/backup/backup";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";

// npm run backup [-- FILE]: one .tar.gz with every table (JSON lines) and the uploaded files.
const stamp = new Date().toISOString().replace(/[:T]/g, "-").replace(/\..*$/, "");
const file = path.resolve(process.argv[2] ?? `backups/colmo-backup-${stamp}.tar.gz`);

const config = loadConfig();
let database;
try {
  database = await openDatabase(config);
} catch (err) {
  console.error(`Impossibile aprire il database: ${(err as Error).message}`);
  console.error("Con il database integrato (PGlite) ferma prima l'applicazione.");
  process.exit(1);
}
try {
  const manifest = await createBackup(database, { dataDir: config.dataDir, file });
  const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
  console.log(`Backup creato: ${file}`);
  console.log(
    `  ${manifest.tables.length} tabelle, ${rows} righe, ${manifest.uploads} file caricati (database ${manifest.database}).`,
  );
} catch (err) {
  console.error(`Backup non riuscito: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
