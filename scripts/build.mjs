// npm run build: the web app (vite) into dist/web and the server (esbuild) into dist/server, so
// that `npm start` runs plain `node dist/server/main.js`: no TypeScript compilation, no vite, no
// tsx at start. Plain JavaScript on purpose: it runs before anything is compiled.
//
//   node scripts/build.mjs             build everything
//   node scripts/build.mjs --if-stale  (prestart) build only when an output is missing or older
//                                      than the newest source, configuration or lock file
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const at = (...p) => path.join(root, ...p);
const outputs = [
  at("dist", "server", "main.js"),
  at("dist", "server", "render-worker.js"),
  at("dist", "web", "index.html"),
];
// What the outputs are made of. drizzle/ and the XSD files are read at run time, not built.
const inputs = [
  at("src"),
  at("package.json"),
  at("package-lock.json"),
  at("tsconfig.json"),
  at("vite.config.ts"),
  fileURLToPath(import.meta.url),
];

function newestMtime(p) {
  let stat;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file changes its folder's mtime
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

function isStale() {
  const oldestOutput = Math.min(...outputs.map((o) => (fs.existsSync(o) ? fs.statSync(o).mtimeMs : 0)));
  if (oldestOutput === 0) return true;
  return Math.max(...inputs.map(newestMtime)) > oldestOutput;
}

async function buildServer() {
  const esbuild = await import("esbuild");
  fs.rmSync(at("dist", "server"), { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: root,
    // The PDF worker is its own entry: piscina loads it by file name in each worker thread.
    entryPoints: { main: "src/server/main.ts", "render-worker": "src/server/documents/pdf/render-worker.ts" },
    outdir: "dist/server",
    bundle: true,
    // Our code (with the @domain/@server aliases from tsconfig.json) in one file; every npm
    // package stays an import resolved from node_modules at run time (native/wasm files, fonts).
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20",
    tsconfig: "tsconfig.json",
    logLevel: "warning",
  });
}

function buildWeb() {
  execFileSync(process.execPath, [at("node_modules", "vite", "bin", "vite.js"), "build", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, WEB_DIR: "" },
  });
}

const onlyIfStale = process.argv.includes("--if-stale");
if (onlyIfStale && !isStale()) process.exit(0);
const started = Date.now();
if (onlyIfStale) console.log("Colmo: compilazione in corso (codice più recente della build)...");
buildWeb();
await buildServer();
console.log(`Colmo: build completata in ${((Date.now() - started) / 1000).toFixed(1)} s (dist/web, dist/server)`);
