import fs from "node:fs";
import path from "node:path";
import { ADMIN, assert, killHard, login, report, startServer } from "./lib";

// The real server's JSON log (pino, LOG_LEVEL=info) over a request sequence that carries
// passwords, session cookies and activation tokens: none of them may be written down.

const PORT = Number(process.env.RELIABILITY_PORT ?? 5188) + 104;
const dataDir = path.resolve(".tmp/reliability-logs");
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
const log = path.join(dataDir, "server.log");
const server = await startServer({ port: PORT, env: { DATA_DIR: dataDir, LOG_LEVEL: "trace" }, log });
const base = server.base;
const post = (url: string, body: unknown, cookie = "") =>
  fetch(`${base}${url}`, { method: "POST", headers: { "content-type": "application/json", origin: base, cookie }, body: JSON.stringify(body) });

const secrets: string[] = [ADMIN.password];
const wrong = "password-sbagliata-Z9";
secrets.push(wrong);
await post("/api/auth/login", { username: ADMIN.username, password: wrong });
const admin = await login(base);
secrets.push(...admin.cookie.split("; ").map((c) => c.split("=")[1]!));
const client = await admin.call("POST", "/api/clients", { name: "Cliente Log", type: "privato", address: "Via Log 1", email: "log@example.it" });
const portalPassword = "password-portale-Q7";
secrets.push(portalPassword);
const access = await admin.call("POST", `/api/clients/${String(client.json.id)}/portal-access`, { username: "cliente.log", password: portalPassword });
assert(access.status === 201, `portal access: ${access.text}`);
const portal = await login(base, { username: "cliente.log", password: portalPassword });
secrets.push(...portal.cookie.split("; ").map((c) => c.split("=")[1]!));
await portal.call("GET", "/api/auth/me");
await portal.call("POST", "/api/auth/logout");
// A reset with a one-time link: its token is a secret too, and the link is opened for real
// (the request line of /portal/activate?token=… is exactly what a request log writes down).
const reset = await admin.call("POST", `/api/clients/${String(client.json.id)}/portal-access/reset`, {});
const link = String((reset.json as { activationUrl?: string } | null)?.activationUrl ?? "");
const token = link ? new URL(link).searchParams.get("token") : null;
assert(token, `the reset gave no one-time link: ${reset.text}`);
secrets.push(token!);
// The page itself is the SPA (404 when no web build is present): its request line is logged either way.
const opened = await fetch(`${base}/portal/activate?token=${encodeURIComponent(token!)}`, { headers: { accept: "text/html" } });
assert(opened.status < 500, `activation page: ${opened.status}`);
await post("/api/auth/activate/check", { token });
await admin.call("POST", "/api/auth/logout");
await killHard(server);

const text = fs.readFileSync(log, "utf8");
const lines = text.split("\n").filter((l) => l.startsWith("{")).length;
assert(lines > 5, `too few JSON log lines (${lines}): is the request log on?`);
for (const s of secrets) assert(!text.includes(s), `the log contains a secret: ${s.slice(0, 6)}…`);
assert(!/colmo_session=/.test(text), "the log contains a session cookie");
report("log: nessuna password, cookie o token", "pglite", secrets.length, `nessun segreto in ${lines} righe di log JSON`, { logLines: lines });
