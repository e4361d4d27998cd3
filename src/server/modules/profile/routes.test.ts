import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../auth/passwords";
import { SESSION_COOKIE } from "../../auth/sessions";
import { users } from "../../db/schema";
import { buildTestApp, type TestApp } from "../../test/app";

// "Il mio profilo" (issue 19): name and e-mail, open sessions and "Esci da tutti gli altri
// dispositivi". Two-factor has its own file (src/server/auth/two-factor.test.ts).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const PASSWORD = "Camino-Ardesia-Lenta-58";
let seq = 0;

async function staffUser(role: "admin" | "ufficio" | "tecnico" = "tecnico") {
  const username = `profilo${++seq}.${role}`;
  const [user] = await t.db
    .insert(users)
    .values({ username, passwordHash: await hashPassword(PASSWORD), role })
    .returning();
  return { id: user!.id, username };
}

async function loginFrom(username: string, userAgent: string, ip = "10.7.0.1") {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { username, password: PASSWORD },
    headers: { "user-agent": userAgent },
    remoteAddress: ip,
  });
  expect(res.statusCode).toBe(200);
  return `${SESSION_COOKIE}=${res.cookies.find((c) => c.name === SESSION_COOKIE)!.value}`;
}

const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const DESKTOP =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

describe("profile", () => {
  it("shows and updates the user's own name and e-mail", async () => {
    const u = await staffUser("tecnico");
    const cookie = await loginFrom(u.username, DESKTOP);
    const before = await t.app.inject({ url: "/api/profile", headers: { cookie } });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      username: u.username,
      name: null,
      email: null,
      role: "tecnico",
      twoFactorAvailable: true,
      twoFactorEnabledAt: null,
    });
    expect(JSON.stringify(before.json())).not.toMatch(/password|secret|recovery_codes/i);

    const put = await t.app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: { cookie },
      payload: { name: "  Luca Bianchi ", email: "luca@example.it" },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ name: "Luca Bianchi", email: "luca@example.it" });
    expect((await t.app.inject({ url: "/api/auth/me", headers: { cookie } })).json().name).toBe("Luca Bianchi");

    const cleared = await t.app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: { cookie },
      payload: { name: "", email: "" },
    });
    expect(cleared.json()).toMatchObject({ name: null, email: null });
  });

  it("refuses bad input with Italian messages naming the field", async () => {
    const u = await staffUser("ufficio");
    const cookie = await loginFrom(u.username, DESKTOP);
    const bad = await t.app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: { cookie },
      payload: { name: "x".repeat(121), email: "non-una-mail" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      name: "Nome e cognome: massimo 120 caratteri",
      email: "Indirizzo e-mail non valido",
    });
  });

  it("never changes someone else: the body's id and role are ignored", async () => {
    const u = await staffUser("tecnico");
    const cookie = await loginFrom(u.username, DESKTOP);
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: { cookie },
      payload: { name: "Io", role: "admin", id: "00000000-0000-4000-8000-000000000000" },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect(row).toMatchObject({ name: "Io", role: "tecnico" });
  });

  it("lets a portal client read the profile but not edit name and e-mail", async () => {
    const portal = await t.clientUser();
    expect((await t.app.inject({ url: "/api/profile", headers: { cookie: portal.cookie } })).json()).toMatchObject({
      role: "client",
      twoFactorAvailable: false,
    });
    expect(
      (
        await t.app.inject({
          method: "PUT",
          url: "/api/profile",
          headers: { cookie: portal.cookie },
          payload: { name: "Cliente" },
        })
      ).statusCode,
    ).toBe(403);
  });

  it("answers 401 without a session", async () => {
    expect((await t.app.inject({ url: "/api/profile" })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/profile/sessions" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: "/api/profile/sessions/logout-others" })).statusCode).toBe(401);
  });
});

describe("sessions", () => {
  it("lists the user's devices in words, marks this one, and ends the others", async () => {
    const u = await staffUser("tecnico");
    const other = await staffUser("tecnico");
    const phone = await loginFrom(u.username, PHONE, "10.7.1.5");
    const desk = await loginFrom(u.username, DESKTOP, "10.7.1.6");
    const someoneElse = await loginFrom(other.username, DESKTOP);

    const list = await t.app.inject({ url: "/api/profile/sessions", headers: { cookie: desk } });
    expect(list.statusCode).toBe(200);
    const rows = list.json() as { id: string; device: string; kind: string; current: boolean; ip: string }[];
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.current)).toMatchObject({
      device: "Chrome su Windows",
      kind: "computer",
      ip: "10.7.1.6",
    });
    expect(rows.find((r) => !r.current)).toMatchObject({ device: "Safari su iPhone", kind: "telefono" });
    // No stored session id leaks: the list's ids are not the cookie's hash.
    for (const r of rows) expect(r.id).toMatch(/^[0-9a-f]{32}$/);

    const out = await t.app.inject({
      method: "POST",
      url: "/api/profile/sessions/logout-others",
      headers: { cookie: desk },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ ended: 1 });
    expect((await t.app.inject({ url: "/api/auth/me", headers: { cookie: phone } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/auth/me", headers: { cookie: desk } })).statusCode).toBe(200);
    // Another user's sessions are untouched.
    expect((await t.app.inject({ url: "/api/auth/me", headers: { cookie: someoneElse } })).statusCode).toBe(200);
  });

  it("ends one other session by its id, but not this one nor another user's", async () => {
    const u = await staffUser("ufficio");
    const v = await staffUser("ufficio");
    const a = await loginFrom(u.username, PHONE);
    const b = await loginFrom(u.username, DESKTOP);
    const theirs = await loginFrom(v.username, DESKTOP);
    const rows = (await t.app.inject({ url: "/api/profile/sessions", headers: { cookie: b } })).json() as {
      id: string;
      current: boolean;
    }[];
    const mine = rows.find((r) => r.current)!;
    const phone = rows.find((r) => !r.current)!;
    const theirId = (
      (await t.app.inject({ url: "/api/profile/sessions", headers: { cookie: theirs } })).json() as { id: string }[]
    )[0]!.id;

    const self = await t.app.inject({
      method: "DELETE",
      url: `/api/profile/sessions/${mine.id}`,
      headers: { cookie: b },
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toMatch(/Esci/);
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/profile/sessions/${theirId}`, headers: { cookie: b } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/profile/sessions/nonvalido`, headers: { cookie: b } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/profile/sessions/${phone.id}`, headers: { cookie: b } }))
        .statusCode,
    ).toBe(204);
    expect((await t.app.inject({ url: "/api/auth/me", headers: { cookie: a } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/auth/me", headers: { cookie: theirs } })).statusCode).toBe(200);
  });

  it("works for a portal client too", async () => {
    const portal = await t.clientUser();
    const rows = (await t.app.inject({ url: "/api/profile/sessions", headers: { cookie: portal.cookie } })).json();
    expect(rows).toHaveLength(1);
    expect(rows[0].current).toBe(true);
  });
});
