import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import pg from "pg";

// The app as users run it, in its own process (node + tsx loader, ONE process, so kill -9 hits
// the app itself and not a launcher), with its log captured in a file.

export const ADMIN = { username: "admin", password: "password-affidabilita-1" };
const ROOT = new URL("../../", import.meta.url).pathname;

// Whatever happens (a failed check throws), no server of ours outlives the script.
const started = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of started) if (child.exitCode === null) child.kill("SIGKILL");
});

export interface Server {
  child: ChildProcess;
  base: string;
  log: string;
  pid: number;
}

export async function startServer(opts: { port: number; env: Record<string, string>; log: string; timeoutMs?: number }): Promise<Server> {
  // Another program on the port would answer the health check in our place.
  const busy = await fetch(`http://127.0.0.1:${opts.port}/api/health`).then(() => true, () => false);
  if (busy) throw new Error(`port ${opts.port} is already in use: set RELIABILITY_PORT`);
  const out = fs.openSync(opts.log, "a");
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(opts.port),
      LOG_LEVEL: "info",
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      DATABASE_URL: "",
      ...opts.env,
    },
    stdio: ["ignore", out, out],
  });
  fs.closeSync(out);
  started.add(child);
  const base = `http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped while starting (exit ${child.exitCode}); see ${opts.log}`);
    if (Date.now() > deadline) throw new Error(`the server did not start in time; see ${opts.log}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  return { child, base, log: opts.log, pid: child.pid! };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function killHard(server: Server) {
  if (server.child.exitCode !== null) return;
  const done = new Promise((r) => server.child.once("exit", r));
  server.child.kill("SIGKILL");
  await done;
}

export async function stopServer(server: Server) {
  if (server.child.exitCode !== null) return;
  const done = new Promise((r) => server.child.once("exit", r));
  server.child.kill("SIGTERM");
  await done;
}

/** A logged-in API client (cookie kept, same-origin header set like a browser's). */
export async function login(base: string, who = ADMIN) {
  const res = await fetch(`${base}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(who) });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const call = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${base}${path}`, {
      method,
      headers: { cookie, origin: base, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await r.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: r.status, json: json as Record<string, unknown> & unknown[], text, headers: r.headers };
  };
  return { cookie, call };
}
export type ApiClient = Awaited<ReturnType<typeof login>>;

/** A fresh, empty PostgreSQL database for one scenario, on the server of DATABASE_URL. */
export async function freshPgDatabase(name: string): Promise<string | null> {
  const url = process.env.DATABASE_URL;
  if (!url) return null;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function dropPgDatabase(name: string) {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
  await admin.end();
}

/** One line of the summary table (scripts/reliability/run.ts prints them). */
export function report(check: string, db: string, tried: number, held: string, extra: Record<string, number | string> = {}) {
  const file = process.env.RELIABILITY_REPORT;
  const line = { check, db, tried, held, ...extra };
  if (file) fs.appendFileSync(file, JSON.stringify(line) + "\n");
  console.log(JSON.stringify(line));
}

export function assert(cond: unknown, message: string): asserts cond {
  if (!cond) throw new Error(message);
}

export const dbTargets = (): ("pglite" | "postgresql")[] => ["pglite", ...(process.env.DATABASE_URL ? (["postgresql"] as const) : [])];
