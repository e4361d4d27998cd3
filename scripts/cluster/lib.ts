import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { dropPgDatabase, freshPgDatabase, sleep, startServer, type Server } from "../reliability/lib";

// Several Colmo instances on one PostgreSQL behind HAProxy on loopback, configured by the very
// deploy/haproxy.cfg that docs/deploy.md describes. Used by test:cluster and bench:cluster.

const ROOT = new URL("../../", import.meta.url).pathname;
export const HAPROXY_CFG = path.join(ROOT, "deploy/haproxy.cfg");

/** Why the cluster cannot run here (no PostgreSQL, no HAProxy), or null. */
export async function missingPrerequisite(): Promise<string | null> {
  try {
    execFileSync("haproxy", ["-v"], { stdio: "ignore" });
  } catch {
    return "HAProxy non installato (Debian: apt-get install -y haproxy)";
  }
  const url = process.env.DATABASE_URL;
  if (!url)
    return "DATABASE_URL non impostata: serve un server PostgreSQL (es. postgres://postgres@127.0.0.1:5432/postgres)";
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
  } catch (err) {
    return `PostgreSQL non raggiungibile (${(err as Error).message})`;
  } finally {
    await client.end().catch(() => {});
  }
  return null;
}

/** The smallest SMTP server: counts messages by subject; answers 451 while `failing`. */
export function smtpSink(): Promise<{ url: string; messages: string[]; setFailing(v: boolean): void; close(): void }> {
  const messages: string[] = [];
  let failing = false;
  const server = net.createServer((socket) => {
    let inData = false;
    let subject = "";
    let buffer = "";
    socket.write("220 sink ESMTP\r\n");
    socket.on("error", () => {});
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      let idx;
      while ((idx = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, idx);
        buffer = buffer.slice(idx + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            if (failing) socket.write("451 4.3.0 temporaneamente non disponibile\r\n");
            else {
              messages.push(subject);
              socket.write("250 OK queued\r\n");
            }
          } else if (line.startsWith("Subject: ")) subject = line.slice(9);
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === "EHLO" || cmd === "HELO") socket.write("250 sink\r\n");
        else if (cmd === "DATA") {
          inData = true;
          subject = "";
          socket.write("354 go ahead\r\n");
        } else if (cmd === "QUIT") socket.end("221 bye\r\n");
        else socket.write("250 OK\r\n");
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({
        url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
        messages,
        setFailing: (v) => (failing = v),
        close: () => server.close(),
      });
    }),
  );
}

export interface Cluster {
  proxy: string;
  instances: Server[];
  ports: number[];
  dbUrl: string;
  dbName: string;
  workDir: string;
  haproxy: ChildProcess;
  stop(): Promise<void>;
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timeout: ${what}`);
    await sleep(100);
  }
}

/**
 * Starts `count` instances (1 to 3) on a fresh database and HAProxy in front. The instances start
 * together: the migration advisory lock lets one migrate while the others wait.
 */
export async function startCluster(opts: {
  count: number;
  basePort: number;
  env?: Record<string, string>;
  dbName: string;
}): Promise<Cluster> {
  const dbUrl = await freshPgDatabase(opts.dbName);
  if (!dbUrl) throw new Error("DATABASE_URL non impostata");
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "colmo-cluster-"));
  const ports = [1, 2, 3].map((i) => opts.basePort + i);
  const instances = await Promise.all(
    ports.slice(0, opts.count).map((port, i) => {
      // Each instance its own DATA_DIR: nothing is shared through the disk.
      const dataDir = path.join(workDir, `instance-${i + 1}`);
      fs.mkdirSync(dataDir, { recursive: true });
      return startServer({
        port,
        log: path.join(workDir, `instance-${i + 1}.log`),
        env: {
          DATA_DIR: dataDir,
          DATABASE_URL: dbUrl,
          DATABASE_POOL_SIZE: "8",
          TRUST_PROXY_HOPS: "1",
          LOG_LEVEL: "error",
          PDF_WORKERS: "1",
          ...opts.env,
        },
      });
    }),
  );
  for (const s of instances)
    await waitFor(`${s.base} ready`, async () => (await fetch(`${s.base}/api/health/ready`)).ok);

  // The instances HAProxy is told about: the missing ones point at a port nobody listens on
  // (marked down by the health check, never chosen).
  const env = {
    ...process.env,
    COLMO_PROXY_BIND: `127.0.0.1:${opts.basePort}`,
    COLMO_1: `127.0.0.1:${ports[0]}`,
    COLMO_2: opts.count >= 2 ? `127.0.0.1:${ports[1]}` : `127.0.0.1:${opts.basePort + 9}`,
    COLMO_3: opts.count >= 3 ? `127.0.0.1:${ports[2]}` : `127.0.0.1:${opts.basePort + 9}`,
  };
  const log = fs.openSync(path.join(workDir, "haproxy.log"), "a");
  const haproxy = spawn("haproxy", ["-db", "-f", HAPROXY_CFG], { env, stdio: ["ignore", log, log] });
  fs.closeSync(log);
  process.on("exit", () => {
    if (haproxy.exitCode === null) haproxy.kill("SIGKILL");
  });
  const proxy = `http://127.0.0.1:${opts.basePort}`;
  await waitFor("proxy ready", async () => (await fetch(`${proxy}/api/health/ready`)).ok);
  // rise 2 × inter 500ms: every instance in rotation.
  await sleep(1500);

  return {
    proxy,
    instances,
    ports,
    dbUrl,
    dbName: opts.dbName,
    workDir,
    haproxy,
    async stop() {
      for (const s of instances) if (s.child.exitCode === null) s.child.kill("SIGKILL");
      if (haproxy.exitCode === null) {
        const done = new Promise((r) => haproxy.once("exit", r));
        haproxy.kill("SIGTERM");
        await done;
      }
      await sleep(200);
      await dropPgDatabase(opts.dbName);
      fs.rmSync(workDir, { recursive: true, force: true });
    },
  };
}
