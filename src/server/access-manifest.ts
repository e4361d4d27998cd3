import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { RouteEntry } from "./app";
import { loadConfig } from "./config";
import type { AppDeps } from "./deps";
import { routeOf } from "./http/register";
import { declaredEndpoints } from "./modules";

// The access policy as a reviewed file (issue 26). `access-manifest.json` lists every declared
// endpoint (method and path, src/server/modules/index.ts) with its declared access; for each
// route the firm's staff reach (`office`, `staff`) a reviewer also wrote whether its answers may carry money (prices, totals,
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

/** Deps for reading the declarations only: any handler that ran with them would throw. */
function declarationDeps(): AppDeps {
  const unusable = new Proxy(
    {},
    {
      get() {
        throw new Error("Le dichiarazioni delle rotte sono lette senza database: nessun handler deve girare qui");
      },
    },
  );
  const config = { ...loadConfig({ NODE_ENV: "test", DATA_DIR: ".tmp/declared-routes" }), logLevel: "silent" as const };
  return { db: unusable as AppDeps["db"], database: unusable as AppDeps["database"], config, setup: { token: null } };
}

/**
 * Every declared endpoint as the route table lists it (method, path, access, schema), without
 * building the app: what the manifest, the permission tests and the fuzzing iterate (issue 29).
 */
export function declaredRoutes(): RouteEntry[] {
  return declaredEndpoints(declarationDeps()).map((e) => {
    const route = routeOf(e);
    return { method: e.method, url: e.url, access: e.access, schema: route.schema as RouteEntry["schema"] };
  });
}

export function readManifest(file = MANIFEST_FILE): Manifest {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Manifest) : {};
}

/** The declared routes as a manifest, keeping the reviewed annotations of `previous`. */
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

/** Human-readable differences between the committed manifest and the declared routes. */
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
