import path from "node:path";
import { restoreBackup, RestoreError } from "../src/server/backup/restore";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";

// npm run restore FILE: restores a backup into an empty installation (a new DATA_DIR or an
// empty PostgreSQL database), all tables in one transaction, then the uploaded files.
const arg = process.argv[2];
if (!arg) {
  console.error("Uso: npm run restore FILE.tar.gz");
  process.exit(2);
}
const file = path.resolve(arg);
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
  const { tables, manifest } = await restoreBackup(database, { dataDir: config.dataDir, file });
  const rows = tables.reduce((n, t) => n + t.rows, 0);
  console.log(`Ripristino completato da ${file} (backup del ${manifest.createdAt}).`);
  console.log(
    `  ${tables.length} tabelle, ${rows} righe, ${manifest.uploads} file caricati, nel database ${database.kind}.`,
  );
} catch (err) {
  console.error(
    err instanceof RestoreError
      ? `Ripristino non eseguito: ${err.message}`
      : `Ripristino non riuscito: ${(err as Error).message}`,
  );
  process.exitCode = 1;
} finally {
  await database.close();
}
