import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, sessions, users } from "../db/schema";
import { ADMIN, buildTestApp, type TestApp } from "../test/app";
import { hashPassword } from "./passwords";
import { SESSION_COOKIE } from "./sessions";

// Issue 13, bullets 4-6: no secrets in logs, login throttling that holds under bursts and forged
// addresses, the password policy, and one-time setup/activation under concurrency.
// Runs on PGlite and, with DATABASE_URL, on PostgreSQL (real parallel connections).

const STRONG = "Gronda-Nuova-Lamiera-1";

async function addUser(t: TestApp, username: string, password = STRONG, role: "admin" | "client" = "admin") {
  let clientId: string | null = null;
  if (role === "client") {
    const [c] = await t.db.insert(clients).values({ name: `Cliente ${username}`, type: "privato", address: "Via Roma 1" }).returning();
    clientId = c!.id;
  }
  const [u] = await t.db.insert(users).values({ username, passwordHash: await hashPassword(password), role, clientId }).returning();
  return u!;
}

const loginAt = (t: TestApp, username: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/api/auth/login", payload: { username, password }, remoteAddress, headers });

const statuses = (list: { statusCode: number }[]) =>
  list.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.statusCode]: (acc[r.statusCode] ?? 0) + 1 }), {});

describe("no secrets in the log", () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ logStream: { write: (line) => void lines.push(line) }, env: { LOG_LEVEL: "trace" } });
  });
  afterAll(async () => t.close());

  it("opening a real activation link over HTTP never writes its token", async () => {
    const [client] = await t.db.insert(clients).values({ name: "Cliente Log", type: "privato", address: "Via Roma 1" }).returning();
    const created = await t.app.inject({
      method: "POST",
      url: `/api/clients/${client!.id}/portal-access`,
      headers: { cookie: t.admin },
      payload: { username: "cliente.log" },
    });
    expect(created.statusCode).toBe(201);
    const token = new URL(created.json().activationUrl).searchParams.get("token")!;
    expect(token.length).toBeGreaterThan(20);

    const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    // The link as the client opens it, then what the page does with it, then other secret URLs.
    await fetch(`${base}/portal/activate?token=${encodeURIComponent(token)}`);
    await fetch(`${base}/api/auth/activate/check`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token }) });
    await fetch(`${base}/setup?token=${token}`);
    await fetch(`${base}/qualsiasi/percorso?pagina=2&code=${token}&key=${token}`);
    await fetch(`${base}/reset?t=${token}`);
    const ok = await fetch(`${base}/api/auth/activate`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token, password: STRONG }),
    });
    expect(ok.status).toBe(200);

    const log = lines.join("");
    expect(log).toContain("/portal/activate?[nascosto]");
    expect(log).toContain("pagina=2&code=[nascosto]&key=[nascosto]");
    expect(log).not.toContain(token);
    expect(log).not.toContain(encodeURIComponent(token));
    expect(log).not.toContain(STRONG);
  });
});

describe("login throttling", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { TRUST_PROXY_TLS: "true" } });
  });
  afterAll(async () => t.close());

  it("30 parallel wrong passwords: exactly 5 are checked, the rest 429 with Retry-After", async () => {
    await addUser(t, "raffica");
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => loginAt(t, "raffica", `sbagliata-${i}`, "10.20.0.1")));
    expect(statuses(results)).toEqual({ 401: 5, 429: 25 });
    for (const r of results.filter((r) => r.statusCode === 429)) {
      expect(Number(r.headers["retry-after"])).toBeGreaterThan(0);
      expect(r.json().message).toBe("Troppi tentativi di accesso. Riprova tra qualche minuto.");
    }
  });

  it("forged X-Forwarded-For does not reset the counter, even with TRUST_PROXY_TLS=true", async () => {
    await addUser(t, "falsario");
    const results = [];
    for (let i = 0; i < 60; i++) {
      results.push(await loginAt(t, "falsario", "no", "10.20.0.2", { "x-forwarded-for": `203.0.113.${i}` }));
    }
    expect(statuses(results)).toEqual({ 401: 5, 429: 55 });
  });

  it("the real user logs in from another address while an attacker hammers from one", async () => {
    await addUser(t, "titolare.vero");
    const attack = await Promise.all(Array.from({ length: 30 }, () => loginAt(t, "titolare.vero", "indovino", "10.66.0.1")));
    expect(attack.filter((r) => r.statusCode === 401)).toHaveLength(5);
    expect((await loginAt(t, "titolare.vero", STRONG, "10.66.0.1")).statusCode).toBe(429);
    expect((await loginAt(t, "titolare.vero", STRONG, "192.168.1.20")).statusCode).toBe(200);
  });

  it("locks again for longer after the lock ends (growing delay)", async () => {
    await addUser(t, "ostinato");
    for (let i = 0; i < 6; i++) await loginAt(t, "ostinato", "no", "10.20.0.3");
    const first = Number((await loginAt(t, "ostinato", "no", "10.20.0.3")).headers["retry-after"]);
    // The lock is over (moved into the past), and the five new attempts are spent again.
    await t.db.execute(sql`update login_attempts set locked_until = now() - interval '1 second', window_start = now() - interval '1 second' where key like 'user:ostinato|%'`);
    const again = [];
    for (let i = 0; i < 6; i++) again.push(await loginAt(t, "ostinato", "no", "10.20.0.3"));
    expect(statuses(again)).toEqual({ 401: 5, 429: 1 });
    const second = Number(again[5]!.headers["retry-after"]);
    expect(second).toBeGreaterThan(first * 1.5);
  });

  it("a successful login gives the attempt back: the office does not lock itself out", async () => {
    for (let i = 0; i < 25; i++) expect((await loginAt(t, ADMIN.username, ADMIN.password, "10.20.0.4")).statusCode).toBe(200);
  });
});

describe("trusted proxy hops", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { TRUST_PROXY_HOPS: "1" } });
  });
  afterAll(async () => t.close());

  it("takes the client address one hop from the right: forging the left part changes nothing", async () => {
    await addUser(t, "dietro.proxy");
    const results = [];
    for (let i = 0; i < 20; i++) {
      results.push(await loginAt(t, "dietro.proxy", "no", "10.0.0.1", { "x-forwarded-for": `198.51.100.${i}, 203.0.113.9` }));
    }
    expect(statuses(results)).toEqual({ 401: 5, 429: 15 });
    // Another client behind the same proxy is a different address.
    expect((await loginAt(t, "dietro.proxy", STRONG, "10.0.0.1", { "x-forwarded-for": "203.0.113.10" })).statusCode).toBe(200);
  });
});

describe("one-time setup under concurrency", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ setupToken: "codice-setup-concorrente" });
  });
  afterAll(async () => t.close());

  it("refuses a weak or user-name password with an Italian 400", async () => {
    const common = await t.app.inject({ method: "POST", url: "/api/setup", payload: { token: "codice-setup-concorrente", username: "titolare", password: "password123456" } });
    expect(common.statusCode).toBe(400);
    expect(common.json().errors.password).toMatch(/troppo comune/);
    const named = await t.app.inject({ method: "POST", url: "/api/setup", payload: { token: "codice-setup-concorrente", username: "titolare", password: "Titolare-2026-Gronda" } });
    expect(named.statusCode).toBe(400);
    expect(named.json().errors.password).toBe("Password: non può contenere il nome utente");
    const short = await t.app.inject({ method: "POST", url: "/api/setup", payload: { token: "codice-setup-concorrente", username: "titolare", password: "Gronda-7!" } });
    expect(short.json().errors.password).toBe("Password: almeno 12 caratteri");
  });

  it("10 parallel setups with the right code create exactly one administrator", async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({ method: "POST", url: "/api/setup", payload: { token: "codice-setup-concorrente", username: `titolare${i}`, password: STRONG } }),
      ),
    );
    expect(statuses(results)).toEqual({ 201: 1, 409: 9 });
    const admins = await t.db.select().from(users).where(eq(users.role, "admin"));
    expect(admins).toHaveLength(1);
  });
});

describe("activation links under concurrency and the policy on portal accounts", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  async function newLink(username: string) {
    const [client] = await t.db.insert(clients).values({ name: `Cliente ${username}`, type: "privato", address: "Via Roma 1" }).returning();
    const res = await t.app.inject({ method: "POST", url: `/api/clients/${client!.id}/portal-access`, headers: { cookie: t.admin }, payload: { username } });
    return { clientId: client!.id, token: new URL(res.json().activationUrl).searchParams.get("token")! };
  }

  it("10 parallel activations of one link: exactly one succeeds", async () => {
    const { token } = await newLink("cliente.gara");
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => t.app.inject({ method: "POST", url: "/api/auth/activate", payload: { token, password: `${STRONG}-${i}` } })),
    );
    expect(statuses(results)).toEqual({ 200: 1, 404: 9 });
    const winner = results.findIndex((r) => r.statusCode === 200);
    await t.login("cliente.gara", `${STRONG}-${winner}`);
  });

  it("activation refuses a password built from the user name, and the link still works after", async () => {
    const { token } = await newLink("mario.rossi");
    const bad = await t.app.inject({ method: "POST", url: "/api/auth/activate", payload: { token, password: "MarioRossi-1975!" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.password).toBe("Password: non può contenere il nome utente");
    expect((await t.app.inject({ method: "POST", url: "/api/auth/activate", payload: { token, password: STRONG } })).statusCode).toBe(200);
  });

  it("creating or resetting a portal access with a weak password is refused", async () => {
    const [client] = await t.db.insert(clients).values({ name: "Cliente Debole", type: "privato", address: "Via Roma 1" }).returning();
    const url = `/api/clients/${client!.id}/portal-access`;
    const common = await t.app.inject({ method: "POST", url, headers: { cookie: t.admin }, payload: { username: "debole", password: "juventus1234" } });
    expect(common.statusCode).toBe(400);
    expect(common.json().errors.password).toMatch(/troppo comune/);
    const named = await t.app.inject({ method: "POST", url, headers: { cookie: t.admin }, payload: { username: "debole", password: "Debole-Gronda-2026" } });
    expect(named.json().errors.password).toBe("Password: non può contenere il nome utente");
    expect((await t.app.inject({ method: "POST", url, headers: { cookie: t.admin }, payload: { username: "debole", password: STRONG } })).statusCode).toBe(201);
    const reset = await t.app.inject({ method: "POST", url: `${url}/reset`, headers: { cookie: t.admin }, payload: { password: "DEBOLE-gronda-99" } });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().errors.password).toBe("Password: non può contenere il nome utente");
  });
});

describe("POST /api/auth/password", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const change = (cookie: string, body: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: "/api/auth/password", headers: { cookie }, payload: body });

  it("needs a session", async () => {
    expect((await change("", { currentPassword: "x", newPassword: STRONG })).statusCode).toBe(401);
  });

  it("refuses a wrong current password and a weak new one in Italian, changing nothing", async () => {
    await addUser(t, "ufficio.uno", "Coppo-Verde-Camino-22");
    const cookie = await t.login("ufficio.uno", "Coppo-Verde-Camino-22");
    const wrong = await change(cookie, { currentPassword: "non-questa", newPassword: STRONG });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.currentPassword).toBe("Password attuale non corretta");
    const weak = await change(cookie, { currentPassword: "Coppo-Verde-Camino-22", newPassword: "qwertyuiop123" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.newPassword).toMatch(/troppo comune/);
    const named = await change(cookie, { currentPassword: "Coppo-Verde-Camino-22", newPassword: "Ufficio-Uno-Gronda-1" });
    expect(named.json().errors.newPassword).toBe("Password: non può contenere il nome utente");
    const missing = await change(cookie, { newPassword: STRONG });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty("currentPassword");
    await t.login("ufficio.uno", "Coppo-Verde-Camino-22");
  });

  it("changes the password, ends the other sessions and keeps this one (admin and portal user)", async () => {
    for (const role of ["admin", "client"] as const) {
      const name = `cambio.${role}`;
      const user = await addUser(t, name, "Coppo-Verde-Camino-22", role);
      const here = await t.login(name, "Coppo-Verde-Camino-22");
      const elsewhere = await t.login(name, "Coppo-Verde-Camino-22");
      const res = await change(here, { currentPassword: "Coppo-Verde-Camino-22", newPassword: STRONG });
      expect(res.statusCode).toBe(204);
      expect((await t.app.inject({ url: "/api/auth/me", headers: { cookie: here } })).statusCode).toBe(200);
      expect((await t.app.inject({ url: "/api/auth/me", headers: { cookie: elsewhere } })).statusCode).toBe(401);
      expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
      await expect(t.login(name, "Coppo-Verde-Camino-22")).rejects.toThrow();
      const fresh = await t.login(name, STRONG);
      expect(fresh.startsWith(`${SESSION_COOKIE}=`)).toBe(true);
    }
  });
});
