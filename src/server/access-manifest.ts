import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// The access policy as a reviewed file (issue 26). `access-manifest.json` lists every route of the
// route table (method and path) with its declared access; for each route the firm's staff reach
// (`office`, `staff`) a reviewer also wrote whether its answers may carry money (prices, totals,
// payments) or secrets (one-time links, credentials, other people's messages). A change of access
// is then a visible diff in review, and access-manifest.test.ts fails until the file is updated.
// Regenerate with `npm run access:manifest`: annotations of routes that still exist are kept.

export const MANIFEST_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), "access-manifest.json");
export const REGENERATE = "npm run access:manifest";

/** true / false once reviewed; null: a new office/staff route nobody has reviewed yet. */
export interface ManifestEntry {
  access: string;
  money?: boolean | null;
  secrets?: boolean | null;
}
export type Manifest = Record<string, ManifestEntry>;

/** Routes whose answers reach staff other than administrators: these need the review. */
const REVIEWED = new Set(["office", "staff"]);

export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

export function readManifest(file = MANIFEST_FILE): Manifest {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Manifest) : {};
}

/** The live route table as a manifest, keeping the reviewed annotations of `previous`. */
export function buildManifest(routes: { method: string; url: string; access: string }[], previous: Manifest): Manifest {
  const out: Manifest = {};
  for (const route of [...routes].sort((a, b) => routeKey(a).localeCompare(routeKey(b)))) {
    const key = routeKey(route);
    const before = previous[key];
    if (!REVIEWED.has(route.access)) {
      out[key] = { access: route.access };
      continue;
    }
    out[key] = { access: route.access, money: before?.money ?? null, secrets: before?.secrets ?? null };
  }
  return out;
}

/** Deterministic text: sorted keys, two-space indent, final newline. */
export const serialise = (manifest: Manifest) => `${JSON.stringify(manifest, null, 2)}\n`;

/** Routes still waiting for a reviewer's money/secrets answer. */
export const unreviewed = (manifest: Manifest) =>
  Object.entries(manifest)
    .filter(([, e]) => REVIEWED.has(e.access) && (typeof e.money !== "boolean" || typeof e.secrets !== "boolean"))
    .map(([key]) => key);

/** Human-readable differences between the committed manifest and the live route table. */
export function diffManifest(committed: Manifest, live: Manifest): string[] {
  const lines: string[] = [];
  for (const key of Object.keys(live)) {
    const before = committed[key];
    if (!before) lines.push(`+ ${key}: ${live[key]!.access} (route not in the manifest)`);
    else if (before.access !== live[key]!.access)
      lines.push(`~ ${key}: manifest says ${before.access}, the route declares ${live[key]!.access}`);
  }
  for (const key of Object.keys(committed))
    if (!live[key]) lines.push(`- ${key}: ${committed[key]!.access} (in the manifest, no longer a route)`);
  return lines;
}

export const unreviewedMessage = (keys: string[]) =>
  `These office/staff routes have no review of what their answers carry. In ${path.relative(process.cwd(), MANIFEST_FILE)} set ` +
  `"money" (prices, totals, payments) and "secrets" (one-time links, credentials, other people's mail) to true or false:\n  ${keys.join("\n  ")}`;
