import { loadConfig } from "../src/server/config";
import { openPostgres } from "../src/server/db/client";
import { migrateFilesToDatabase } from "../src/server/storage/migrate";
import { uploadsDir } from "../src/server/storage/storage";

// npm run files:migrate: copies the uploaded files of DATA_DIR/uploads into PostgreSQL's
// `files` table, before running several instances (docs/deploy.md). Restartable: files already
// copied (same sha256) are skipped. The disk files are left in place.
const config = loadConfig();
if (!config.databaseUrl) {
  console.error("DATABASE_URL non impostata: i file restano sul disco (database integrato), niente da migrare.");
  process.exit(1);
}
const uploads = uploadsDir(config.dataDir);
const database = await openPostgres(config.databaseUrl, { poolSize: 2 });
try {
  console.log(`Migrazione dei file da ${uploads} al database...`);
  const report = await migrateFilesToDatabase(database.db, uploads, {
    onProgress: (r) => process.stdout.write(`\r  ${r.copied} copiati, ${r.unchanged} già presenti`),
  });
  process.stdout.write("\n");
  console.log(
    `File trovati: ${report.found}; copiati: ${report.copied} (${(report.bytes / 1048576).toFixed(1)} MB); già presenti e uguali: ${report.unchanged}; ignorati: ${report.skipped.length}.`,
  );
  for (const key of report.skipped) console.log(`  ignorato (nome non valido o file temporaneo): ${key}`);
  console.log("I file su disco non sono stati cancellati.");
} catch (err) {
  console.error(
    `\nMigrazione interrotta: ${(err as Error).message}. Rilancia il comando: riprende da dove si è fermata.`,
  );
  process.exitCode = 1;
} finally {
  await database.close();
}
