import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { DEMO_LOGINS, runDemo } from "../src/server/demo/run";

// npm run demo [-- --scale N]: fills the configured database with a realistic Italian data set.
const arg = process.argv.indexOf("--scale");
const scale = arg >= 0 ? Number(process.argv[arg + 1]) : 1;
if (!Number.isInteger(scale) || scale < 1) {
  console.error("--scale deve essere un numero intero maggiore di zero");
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config);
console.log(`Caricamento dati dimostrativi (scala ${scale}) nel database ${database.kind}...`);
const started = Date.now();
const { adminCreated } = await runDemo(database.db, scale);
await database.close();
console.log(`Fatto in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
console.log("Accessi dimostrativi:");
if (adminCreated) console.log(`  Amministratore: ${DEMO_LOGINS.admin.username} / ${DEMO_LOGINS.admin.password}`);
else console.log("  Amministratore: quello già configurato (ADMIN_USERNAME o /setup)");
console.log(`  Cliente (portale): ${DEMO_LOGINS.client.username} / ${DEMO_LOGINS.client.password}`);
console.log(`  Ufficio: ${DEMO_LOGINS.ufficio.username} / ${DEMO_LOGINS.ufficio.password}`);
console.log(`  Tecnico (Marco Ferri): ${DEMO_LOGINS.tecnico.username} / ${DEMO_LOGINS.tecnico.password}`);
