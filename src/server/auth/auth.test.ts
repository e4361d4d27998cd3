import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { sessions, users } from "../db/schema";
import { ADMIN, buildTestApp, type TestApp } from "../test/app";
import { bootstrapAdmin } from "./bootstrap";
import { hashPassword, verifyPassword } from "./passwords";
import { SESSION_COOKIE } from "./sessions";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const login = (username: string, password: string, ip = "10.0.0.1") =>
  t.app.inject({ method: "POST", url: "/api/auth/login", payload: { username, password }, remoteAddress: ip });

describe("passwords", () => {
  it("hashes with scrypt and a salt, and verifies", async () => {
    const a = await hashPassword("una password lunga");
    const b = await hashPassword("una password lunga");
    expect(a).toMatch(/^scrypt\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("una password lunga", a)).toBe(true);
    expect(await verifyPassword("un'altra", a)).toBe(false);
    expect(await verifyPassword("x", null)).toBe(false);
  });
});

describe("login, me, logout", () => {
  it("logs in (case-insensitive user name) with an HttpOnly SameSite=Lax cookie", async () => {
    const res = await login(ADMIN.username.toUpperCase(), ADMIN.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: ADMIN.username, role: "admin", clientId: null });
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
    expect(JSON.stringify(res.json())).not.toContain("password");
  });

  it("answers the same 401 for an unknown user and a wrong password", async () => {
    const unknown = await login("nessuno", "qualcosa", "10.0.0.2");
    const wrong = await login(ADMIN.username, "sbagliata", "10.0.0.3");
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: "Credenziali non valide" });
    expect(wrong.json()).toEqual(unknown.json());
  });

  it("refuses a malformed login with 400 naming the field", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { username: "admin" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty("password");
  });

  it("gives a new session id at every login and kills it on the server at logout", async () => {
    const first = t.admin;
    const again = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { cookie: first },
      payload: ADMIN,
    });
    const second = `${SESSION_COOKIE}=${again.cookies.find((c) => c.name === SESSION_COOKIE)!.value}`;
    expect(second).not.toBe(first);
    // The cookie presented at login is dropped: it cannot be reused.
    expect((await t.app.inject({ url: "/api/auth/me", headers: { cookie: first } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/auth/me", headers: { cookie: second } })).statusCode).toBe(200);

    const out = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie: second } });
    expect(out.statusCode).toBe(204);
    expect((await t.app.inject({ url: "/api/auth/me", headers: { cookie: second } })).statusCode).toBe(401);
    t.admin = await t.login(ADMIN.username, ADMIN.password);
  });

  it("rejects expired sessions and disabled users", async () => {
    const portal = await t.clientUser();
    expect((await t.app.inject({ url: "/api/auth/me", headers: { cookie: portal.cookie } })).json().role).toBe(
      "client",
    );
    await t.db.update(users).set({ active: false }).where(eq(users.id, portal.userId));
    expect((await t.app.inject({ url: "/api/auth/me", headers: { cookie: portal.cookie } })).statusCode).toBe(401);
    await t.db.update(users).set({ active: true }).where(eq(users.id, portal.userId));
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(sessions.userId, portal.userId));
    expect((await t.app.inject({ url: "/api/auth/me", headers: { cookie: portal.cookie } })).statusCode).toBe(401);
  });

  it("slides the idle expiry with at most one write a minute, on the database's clock", async () => {
    const portal = await t.clientUser();
    const me = () => t.app.inject({ url: "/api/auth/me", headers: { cookie: portal.cookie } });
    const session = async () => {
      const [row] = await t.db
        .select({
          lastSeenAt: sql<string>`${sessions.lastSeenAt}::text`,
          expiresAt: sql<string>`${sessions.expiresAt}::text`,
          idle: sql<number>`extract(epoch from ${sessions.expiresAt} - ${sessions.lastSeenAt})`.mapWith(Number),
        })
        .from(sessions)
        .where(eq(sessions.userId, portal.userId));
      return row!;
    };
    const fresh = await session();
    // Within the minute: answered, nothing written.
    expect((await me()).statusCode).toBe(200);
    expect(await session()).toEqual(fresh);
    // A minute since the last write, a few seconds before expiring: refreshed to exactly the idle
    // timeout (SESSION_IDLE_HOURS, 12 by default) from now.
    await t.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '61 seconds'`, expiresAt: sql`now() + interval '5 seconds'` })
      .where(eq(sessions.userId, portal.userId));
    expect((await me()).statusCode).toBe(200);
    const touched = await session();
    expect(touched.idle).toBe(12 * 3600);
    expect(touched.lastSeenAt > fresh.lastSeenAt).toBe(true);
    // Past its expiry it is refused, however recent the last write.
    await t.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '10 seconds'`, expiresAt: sql`now() - interval '1 millisecond'` })
      .where(eq(sessions.userId, portal.userId));
    expect((await me()).statusCode).toBe(401);
  });

  it("throttles repeated failures per user name and address with 429 and Retry-After", async () => {
    const [victim] = await t.db
      .insert(users)
      .values({ username: "bersaglio", passwordHash: await hashPassword("password-giusta-1"), role: "admin" })
      .returning();
    for (let i = 0; i < 5; i++) expect((await login("bersaglio", "no", "10.1.0.1")).statusCode).toBe(401);
    const locked = await login("bersaglio", "password-giusta-1", "10.1.0.1");
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    expect(locked.json().message).toMatch(/Troppi tentativi/);
    expect(victim).toBeDefined();
  });

  it("slows repeated failures from one IP across user names, without locking right credentials out", async () => {
    for (let i = 0; i < 20; i++) await login(`utente${i}`, "no", "10.9.9.9");
    // Over the address budget: one check per slowSeconds, and right credentials still get in (issue 26).
    expect((await login(ADMIN.username, ADMIN.password, "10.9.9.9")).statusCode).toBe(200);
    const slowed = await login("utente99", "no", "10.9.9.9");
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers["retry-after"])).toBeLessThanOrEqual(10);
    expect((await login(ADMIN.username, ADMIN.password, "10.9.9.10")).statusCode).toBe(200);
  });
});

describe("request guards", () => {
  it("refuses state-changing requests from another origin (CSRF)", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/clients",
      headers: { cookie: t.admin, origin: "https://evil.example", host: "localhost:80" },
      payload: { name: "X", type: "privato", address: "Via Y" },
    });
    expect(res.statusCode).toBe(403);
  });

  it("sends security headers and serves health and OpenAPI", async () => {
    const res = await t.app.inject({ url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe("ok");
    expect(["pglite", "postgresql"]).toContain(res.json().database);
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("same-origin");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
    const docs = await t.app.inject({ url: "/api/docs/json" });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toContain("/api/clients");
  });

  it("answers unknown API paths with an Italian 404", async () => {
    const res = await t.app.inject({ url: "/api/inesistente", headers: { cookie: t.admin } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Risorsa non trovata");
  });
});

describe("first administrator", () => {
  it("bootstrap creates the admin from the environment only when none exists", async () => {
    expect(await bootstrapAdmin(t.db, { username: "secondo", password: "password-secondo" })).toBeNull();
    const rows = await t.db.select().from(users).where(eq(users.username, "secondo"));
    expect(rows).toHaveLength(0);
  });

  it("the /setup flow needs the logged token and works once", async () => {
    const setup = { token: "codice-segreto" };
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: ".tmp/test-data" });
    // An installation with no administrator at all.
    const { openPglite } = await import("../db/client");
    const database = await openPglite(null);
    const app = await buildApp({ db: database.db, database, config, setup });
    try {
      expect((await app.inject({ url: "/api/setup/status" })).json()).toEqual({ needsSetup: true });
      const body = { username: "titolare", password: "Comignolo-Ardesia-48" };
      expect(
        (await app.inject({ method: "POST", url: "/api/setup", payload: { ...body, token: "sbagliato" } })).statusCode,
      ).toBe(403);
      const short = await app.inject({
        method: "POST",
        url: "/api/setup",
        payload: { ...body, password: "corta", token: setup.token },
      });
      expect(short.statusCode).toBe(400);
      const ok = await app.inject({ method: "POST", url: "/api/setup", payload: { ...body, token: "codice-segreto" } });
      expect(ok.statusCode).toBe(201);
      expect(ok.json().role).toBe("admin");
      expect(
        (await app.inject({ method: "POST", url: "/api/setup", payload: { ...body, token: "codice-segreto" } }))
          .statusCode,
      ).toBe(409);
      expect((await app.inject({ url: "/api/setup/status" })).json()).toEqual({ needsSetup: false });
    } finally {
      await app.close();
      await database.close();
    }
  });
});
