import { buildApp } from "./app";
import { bootstrapAdmin } from "./auth/bootstrap";
import { loadConfig } from "./config";
import { openDatabase, openPostgres } from "./db/client";
import { startJobs } from "./jobs";
import { setOutboxRetryBase } from "./mail/mail";

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
const app = await buildApp({ db: database.db, database, config, setup: { token: setupToken } });
// Session purge, outbox delivery: each runs once across instances (src/server/jobs). On
// PostgreSQL the jobs have a small pool of their own (JOBS_POOL_SIZE): a burst of requests
// cannot starve them, and they never take a connection a request waits for. PGlite is one
// connection in this process: the jobs share it.
setOutboxRetryBase(config.outboxRetrySeconds);
const jobsDatabase = config.databaseUrl
  ? await openPostgres(config.databaseUrl, { migrate: false, poolSize: config.jobsPoolSize })
  : database;
const stopJobs = startJobs(jobsDatabase.db, config, app.log);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal, drainMs: config.shutdownDrainMs }, "arresto in corso");
  // 1. /api/health/ready answers 503, requests are still served: the balancer takes us out.
  app.lifecycle.draining = true;
  if (config.shutdownDrainMs > 0) await new Promise((r) => setTimeout(r, config.shutdownDrainMs));
  // 2. Stop accepting (new requests on kept-alive connections get 503), let those in flight
  //    finish, stop the background jobs, then close the database.
  await Promise.all([app.close(), stopJobs()]);
  if (jobsDatabase !== database) await jobsDatabase.close();
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
