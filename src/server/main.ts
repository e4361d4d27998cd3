import { buildApp } from "./app";
import { bootstrapAdmin } from "./auth/bootstrap";
import { purgeExpiredSessions } from "./auth/sessions";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";

const config = loadConfig();
const database = await openDatabase(config);
let setupToken: string | null;
try {
  setupToken = await bootstrapAdmin(database.db, config.admin);
} catch (err) {
  // A refused ADMIN_PASSWORD: say why in one line, not with a stack trace.
  console.error((err as Error).message);
  await database.close();
  process.exit(1);
}
await purgeExpiredSessions(database.db);
const app = await buildApp({ db: database.db, database, config, setup: { token: setupToken } });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "arresto in corso");
  // Stop accepting, let requests in flight finish, then close the database.
  await app.close();
  await database.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

await app.listen({ port: config.port, host: config.host });
const url = `http://${config.host}:${config.port}`;
console.log(`Colmo in ascolto su ${url} (database: ${database.kind})`);
if (setupToken) {
  console.log(`\nNessun amministratore configurato. Apri ${url}/setup e usa il codice di configurazione:\n\n    ${setupToken}\n`);
}
