// npm run access:manifest — writes src/server/access-manifest.json from the declared endpoints
// (src/server/modules/index.ts; no app, no database),
// keeping the reviewed money/secrets annotations of routes that still exist. Exits 1 (after
// writing) when an office/staff route still needs its annotation, saying which.
import fs from "node:fs";
import {
  buildManifest,
  declaredRoutes,
  diffManifest,
  MANIFEST_FILE,
  readManifest,
  serialise,
  unreviewed,
  unreviewedMessage,
} from "../src/server/access-manifest";

const previous = readManifest();
const manifest = buildManifest(declaredRoutes(), previous);

const changes = diffManifest(previous, manifest);
fs.writeFileSync(MANIFEST_FILE, serialise(manifest));
console.log(`${Object.keys(manifest).length} rotte scritte in ${MANIFEST_FILE}`);
for (const line of changes) console.log(line);
const missing = unreviewed(manifest);
if (missing.length) {
  console.error(unreviewedMessage(missing));
  process.exit(1);
}
