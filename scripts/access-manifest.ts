// npm run access:manifest — writes src/server/access-manifest.json from the live route table,
// keeping the reviewed money/secrets annotations of routes that still exist. Exits 1 (after
// writing) when an office/staff route still needs its annotation, saying which.
import fs from "node:fs";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { openPglite } from "../src/server/db/client";
import {
  buildManifest,
  diffManifest,
  MANIFEST_FILE,
  readManifest,
  serialise,
  unreviewed,
  unreviewedMessage,
} from "../src/server/access-manifest";

const database = await openPglite(null);
const config = { ...loadConfig({ NODE_ENV: "test", DATA_DIR: ".tmp/access-manifest" }), logLevel: "silent" as const };
const app = await buildApp({ db: database.db, database, config, setup: { token: null } });
await app.ready();
const previous = readManifest();
const manifest = buildManifest(app.routeTable, previous);
await app.close();
await database.close();

const changes = diffManifest(previous, manifest);
fs.writeFileSync(MANIFEST_FILE, serialise(manifest));
console.log(`${Object.keys(manifest).length} rotte scritte in ${MANIFEST_FILE}`);
for (const line of changes) console.log(line);
const missing = unreviewed(manifest);
if (missing.length) {
  console.error(unreviewedMessage(missing));
  process.exit(1);
}
