import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";

/**
 * The variables `npm start` sets before `node` (package.json's start script: NODE_ENV, the C
 * library's malloc tunables of docs/decisions/017-pglite-memory.md), so the measured server runs
 * with exactly those.
 */
export function startScriptEnv(): Record<string, string> {
  const pkg = JSON.parse(fs.readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    scripts: { start: string };
  };
  const env: Record<string, string> = {};
  for (const word of pkg.scripts.start.trim().split(/\s+/)) {
    const m = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(word);
    if (!m) break;
    env[m[1]!] = m[2]!;
  }
  return env;
}

/** The app as users run it (`npm start`: node on the build, no tsx, its environment): its own process, production mode, quiet logs. */
export async function startServer(env: Record<string, string>, port: number) {
  const started = Date.now();
  const child = spawn(process.execPath, ["dist/server/main.js"], {
    env: {
      ...process.env,
      ...startScriptEnv(),
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error("the server stopped while starting");
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return { child, base, startMs: Date.now() - started };
}

/** Resident memory of a process (the largest of it and its children). */
export function rssMb(pid: number): number {
  const pids = [pid, ...childPids(pid)];
  let kb = 0;
  for (const p of pids) {
    try {
      const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, "utf8"));
      kb = Math.max(kb, Number(m?.[1] ?? 0));
    } catch {
      // gone
    }
  }
  return Math.round(kb / 1024);
}

function childPids(pid: number): number[] {
  try {
    const direct = fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
    return direct.flatMap((c) => [c, ...childPids(c)]);
  } catch {
    return [];
  }
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await done;
}
