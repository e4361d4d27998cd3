import { and, eq, like, notLike } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginChallenges, users } from "../db/schema";
import { buildTestApp, type TestApp } from "../test/app";
import { hashPassword } from "./passwords";
import { SESSION_COOKIE } from "./sessions";

// Two-factor sign-in (issue 19, docs/decisions/010-two-factor.md): enrolment from the profile,
// the login's second step with a code or a recovery code, throttling, and the company setting
// that requires it of admins.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const PASSWORD = "Grondaia-Rame-Solida-71";
let seq = 0;
let ipSeq = 0;
const nextIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

async function staffUser(role: "admin" | "ufficio" | "tecnico" = "tecnico") {
  const username = `staff${++seq}.${role}`;
  const [user] = await t.db
    .insert(users)
    .values({ username, passwordHash: await hashPassword(PASSWORD), role })
    .returning();
  return { id: user!.id, username };
}

const post = (url: string, payload: unknown, cookie?: string, ip = "10.8.0.1") =>
  t.app.inject({
    method: "POST",
    url,
    payload: payload as object,
    headers: cookie ? { cookie } : {},
    remoteAddress: ip,
  });

const cookieOf = (res: { cookies: { name: string; value: string }[] }) => {
  const c = res.cookies.find((x) => x.name === SESSION_COOKIE);
  return c ? `${SESSION_COOKIE}=${c.value}` : undefined;
};

async function passwordLogin(username: string, ip = nextIp()) {
  return post("/api/auth/login", { username, password: PASSWORD }, undefined, ip);
}

/** Logs in with the password only (two-factor still off) and answers the cookie. */
async function sessionOf(username: string) {
  const res = await passwordLogin(username);
  expect(res.statusCode).toBe(200);
  return cookieOf(res)!;
}

/** A code of the step `offset` steps from now, as the phone would show it. */
const codeAt = (secret: string, offset = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

/** Forgets the used-steps marks, so a test can sign in again within the same 30 seconds. */
const forgetUsedSteps = (userId: string) =>
  t.db.delete(loginChallenges).where(like(loginChallenges.id, `totp-used:${userId}:%`));

async function enrol(cookie: string) {
  const setup = await post("/api/auth/totp/setup", { password: PASSWORD }, cookie);
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUri, qrCode } = setup.json();
  const enable = await post("/api/auth/totp/enable", { code: await codeAt(secret) }, cookie);
  expect(enable.statusCode).toBe(200);
  return { secret, otpauthUri, qrCode, recoveryCodes: enable.json().recoveryCodes as string[] };
}

describe("enrolment", () => {
  it("sets up a pending secret with a QR code, enables with a code and shows ten recovery codes once", async () => {
    const u = await staffUser("tecnico");
    const cookie = await sessionOf(u.username);
    const other = await sessionOf(u.username);

    const wrongPassword = await post("/api/auth/totp/setup", { password: "non-questa" }, cookie);
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({
      message: "Password non corretta",
      errors: { password: "Password non corretta" },
    });

    const setup = await post("/api/auth/totp/setup", { password: PASSWORD }, cookie);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri, qrCode } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain(`otpauth://totp/`);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(",")[1], "base64").toString()).toContain("<svg");

    // Pending: the secret is stored, two-factor is not on yet, the login still needs no code.
    const [pending] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect(pending!.totpSecret).toBe(secret);
    expect(pending!.totpEnabledAt).toBeNull();
    expect((await t.app.inject({ url: "/api/profile", headers: { cookie } })).json()).toMatchObject({
      twoFactorEnabledAt: null,
    });

    const bad = await post("/api/auth/totp/enable", { code: "12345" }, cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.code).toBe("Codice: inserisci le 6 cifre mostrate dall'app");
    const wrong = await post(
      "/api/auth/totp/enable",
      { code: (Number(await codeAt(secret)) + 1).toString().padStart(6, "0").slice(-6) },
      cookie,
    );
    expect(wrong.statusCode).toBe(400);

    const enable = await post("/api/auth/totp/enable", { code: await codeAt(secret) }, cookie);
    expect(enable.statusCode).toBe(200);
    const codes = enable.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const [row] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.totpEnabledAt).not.toBeNull();
    // Only hashes are stored.
    expect(row!.recoveryCodes).toHaveLength(10);
    expect(JSON.stringify(row!.recoveryCodes)).not.toContain(codes[0]!.replace("-", ""));

    // This session goes on; the one opened with the password alone ended.
    expect((await t.app.inject({ url: "/api/auth/me", headers: { cookie } })).json()).toMatchObject({
      twoFactorEnabled: true,
    });
    expect((await t.app.inject({ url: "/api/auth/me", headers: { cookie: other } })).statusCode).toBe(401);
    const profile = (await t.app.inject({ url: "/api/profile", headers: { cookie } })).json();
    expect(profile).toMatchObject({ twoFactorAvailable: true, recoveryCodesLeft: 10 });
    expect(profile.twoFactorEnabledAt).toBeTruthy();

    // A second setup is refused while it is on.
    expect((await post("/api/auth/totp/setup", { password: PASSWORD }, cookie)).statusCode).toBe(409);
  });

  it("is for staff only: a portal client gets 403", async () => {
    const portal = await t.clientUser();
    expect((await post("/api/auth/totp/setup", { password: "password-cliente-1" }, portal.cookie)).statusCode).toBe(
      403,
    );
    const profile = await t.app.inject({ url: "/api/profile", headers: { cookie: portal.cookie } });
    expect(profile.json()).toMatchObject({ role: "client", twoFactorAvailable: false });
  });

  it("refuses without a session", async () => {
    expect((await post("/api/auth/totp/setup", { password: PASSWORD })).statusCode).toBe(401);
    expect((await post("/api/auth/totp/enable", { code: "123456" })).statusCode).toBe(401);
  });
});

describe("login with two-factor", () => {
  it("asks for a code after the password, with no session until the code is right", async () => {
    const u = await staffUser("ufficio");
    const { secret } = await enrol(await sessionOf(u.username));

    const first = await passwordLogin(u.username);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ twoFactorRequired: true, expiresInSeconds: 300 });
    expect(first.json()).not.toHaveProperty("username");
    expect(cookieOf(first)).toBeUndefined();
    const { challenge } = first.json();

    // The enrolment's code was spent: the same code does not sign in (replay).
    await forgetUsedSteps(u.id);
    const code = await codeAt(secret, 1);
    const ok = await post("/api/auth/login/totp", { challenge, code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ username: u.username, role: "ufficio", twoFactorEnabled: true });
    const cookie = cookieOf(ok)!;
    expect((await t.app.inject({ url: "/api/auth/me", headers: { cookie } })).statusCode).toBe(200);

    // The challenge is gone once used.
    const again = await post("/api/auth/login/totp", { challenge, code });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe("Accesso scaduto: inserisci di nuovo nome utente e password");

    // The same code, within its window, does not open a second session.
    const second = await passwordLogin(u.username);
    const replay = await post("/api/auth/login/totp", { challenge: second.json().challenge, code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({
      message: "Codice non valido o già usato",
      errors: { code: "Codice non valido o già usato" },
    });
  });

  it("signs in once with each recovery code", async () => {
    const u = await staffUser("tecnico");
    const { recoveryCodes } = await enrol(await sessionOf(u.username));
    const code = recoveryCodes[3]!;

    const first = await passwordLogin(u.username);
    const ok = await post("/api/auth/login/totp", {
      challenge: first.json().challenge,
      recoveryCode: code.toUpperCase().replace("-", " "),
    });
    expect(ok.statusCode).toBe(200);
    const cookie = cookieOf(ok)!;
    expect((await t.app.inject({ url: "/api/profile", headers: { cookie } })).json().recoveryCodesLeft).toBe(9);

    const second = await passwordLogin(u.username);
    const reused = await post("/api/auth/login/totp", { challenge: second.json().challenge, recoveryCode: code });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().errors).toEqual({ recoveryCode: "Codice di recupero non valido o già usato" });
  });

  it("refuses bad input with Italian messages naming the field", async () => {
    const missing = await post("/api/auth/login/totp", { challenge: "x".repeat(43) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.code).toBe("Codice: campo obbligatorio");
    const letters = await post("/api/auth/login/totp", { challenge: "x".repeat(43), code: "abcdef" });
    expect(letters.json().errors.code).toBe("Codice: inserisci le 6 cifre mostrate dall'app");
    const recovery = await post("/api/auth/login/totp", { challenge: "x".repeat(43), recoveryCode: "corto" });
    expect(recovery.statusCode).toBe(400);
    expect(recovery.json().errors.recoveryCode).toMatch(/^Codice di recupero:/);
    const noChallenge = await post("/api/auth/login/totp", { code: "123456" });
    expect(noChallenge.statusCode).toBe(400);
    expect(noChallenge.json().errors.challenge).toMatch(/Accesso scaduto/);
    const unknown = await post("/api/auth/login/totp", { challenge: "y".repeat(43), code: "123456" });
    expect(unknown.statusCode).toBe(401);
  });

  it("ends a challenge after five attempts, even from different addresses", async () => {
    const u = await staffUser("tecnico");
    const { secret } = await enrol(await sessionOf(u.username));
    const { challenge } = (await passwordLogin(u.username)).json();
    const wrong = String((Number(await codeAt(secret)) + 500000) % 1000000).padStart(6, "0");
    for (let i = 1; i <= 4; i++) {
      const res = await post("/api/auth/login/totp", { challenge, code: wrong }, undefined, nextIp());
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBeUndefined();
    }
    const fifth = await post("/api/auth/login/totp", { challenge, code: wrong }, undefined, nextIp());
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json().code).toBe("challenge_expired");
    // Even the right code no longer works on that challenge.
    await forgetUsedSteps(u.id);
    const right = await post("/api/auth/login/totp", { challenge, code: await codeAt(secret) }, undefined, nextIp());
    expect(right.statusCode).toBe(401);
    expect(right.json().message).toBe("Accesso scaduto: inserisci di nuovo nome utente e password");
  });

  it("lets a challenge live five minutes", async () => {
    const u = await staffUser("tecnico");
    const { secret } = await enrol(await sessionOf(u.username));
    const { challenge } = (await passwordLogin(u.username)).json();
    const [row] = await t.db
      .select()
      .from(loginChallenges)
      .where(and(eq(loginChallenges.userId, u.id), notLike(loginChallenges.id, "totp-used:%")));
    const ttl = new Date(row!.expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(4 * 60_000);
    expect(ttl).toBeLessThanOrEqual(5 * 60_000 + 1000);
    await t.db
      .update(loginChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(loginChallenges.id, row!.id));
    await forgetUsedSteps(u.id);
    const late = await post("/api/auth/login/totp", { challenge, code: await codeAt(secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe("Accesso scaduto: inserisci di nuovo nome utente e password");
  });

  it("counts wrong codes in the login throttle, not the right password (issue 26)", async () => {
    const u = await staffUser("tecnico");
    const { secret } = await enrol(await sessionOf(u.username));
    const ip = nextIp();
    const wrong = String((Number(await codeAt(secret)) + 500000) % 1000000).padStart(6, "0");
    // The right password gives its attempt back: four wrong codes and the right one fit in the five.
    const { challenge } = (await passwordLogin(u.username, ip)).json();
    for (let i = 0; i < 4; i++)
      expect((await post("/api/auth/login/totp", { challenge, code: wrong }, undefined, ip)).statusCode).toBe(401);
    await forgetUsedSteps(u.id);
    const right = await post("/api/auth/login/totp", { challenge, code: await codeAt(secret) }, undefined, ip);
    expect(right.statusCode).toBe(200);
  });
});

describe("disable and new recovery codes", () => {
  it("regenerates recovery codes with a code and disables with a recovery code", async () => {
    const u = await staffUser("tecnico");
    const cookie = await sessionOf(u.username);
    const { secret, recoveryCodes } = await enrol(cookie);
    await forgetUsedSteps(u.id);

    expect((await post("/api/auth/totp/recovery-codes", { code: "000000" }, cookie, nextIp())).statusCode).toBe(400);
    const fresh = await post("/api/auth/totp/recovery-codes", { code: await codeAt(secret) }, cookie, nextIp());
    expect(fresh.statusCode).toBe(200);
    const codes = fresh.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(codes).not.toContain(recoveryCodes[0]);

    const noProof = await post("/api/auth/totp/disable", {}, cookie, nextIp());
    expect(noProof.statusCode).toBe(400);
    expect(noProof.json().errors.code).toMatch(/^Codice: campo obbligatorio/);
    // The password alone no longer switches it off (issue 26): a code or a recovery code does.
    expect((await post("/api/auth/totp/disable", { password: PASSWORD }, cookie, nextIp())).statusCode).toBe(400);
    expect((await post("/api/auth/totp/disable", { recoveryCode: codes[0] }, cookie, nextIp())).statusCode).toBe(204);
    const [row] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null, recoveryCodes: null });
    // Back to the password alone.
    expect(cookieOf(await passwordLogin(u.username))).toBeDefined();
  });

  it("disables with a current code", async () => {
    const u = await staffUser("ufficio");
    const cookie = await sessionOf(u.username);
    const { secret } = await enrol(cookie);
    await forgetUsedSteps(u.id);
    expect((await post("/api/auth/totp/disable", { code: await codeAt(secret) }, cookie, nextIp())).statusCode).toBe(
      204,
    );
  });
});

describe("enrolling again", () => {
  it("accepts the current code of a new secret right after signing in with a later code of the old one", async () => {
    const u = await staffUser("tecnico");
    const { secret } = await enrol(await sessionOf(u.username));
    const { challenge } = (await passwordLogin(u.username)).json();
    const signedIn = await post("/api/auth/login/totp", { challenge, code: await codeAt(secret, 1) });
    expect(signedIn.statusCode).toBe(200);
    const cookie = cookieOf(signedIn)!;
    await forgetUsedSteps(u.id);
    expect((await post("/api/auth/totp/disable", { code: await codeAt(secret, 1) }, cookie, nextIp())).statusCode).toBe(
      204,
    );
    // The steps spent with the old secret do not refuse the new one's current code.
    await enrol(cookie);
  });
});

describe("required for admins", () => {
  it("lets an admin without two-factor reach only the profile until enrolled", async () => {
    const boss = await staffUser("admin");
    const bossCookie = await sessionOf(boss.username);
    const settings = (await t.app.inject({ url: "/api/settings", headers: { cookie: bossCookie } })).json();
    const { logoUrl: _l, updatedAt: _u, requireTotpForAdmins: _r, ...body } = settings;

    // Turning it on without a second factor of one's own is refused.
    const early = await t.app.inject({
      method: "PUT",
      url: "/api/settings",
      headers: { cookie: bossCookie },
      payload: { ...body, requireTotpForAdmins: true },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().errors.requireTotpForAdmins).toMatch(/Attiva prima/);

    await enrol(bossCookie);
    const on = await t.app.inject({
      method: "PUT",
      url: "/api/settings",
      headers: { cookie: bossCookie },
      payload: { ...body, requireTotpForAdmins: true },
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().requireTotpForAdmins).toBe(true);
    // A PUT without the field leaves it as it is.
    const same = await t.app.inject({
      method: "PUT",
      url: "/api/settings",
      headers: { cookie: bossCookie },
      payload: body,
    });
    expect(same.json().requireTotpForAdmins).toBe(true);

    // The other admin (and the run's admin, already logged in) are held at the profile.
    const admin = await staffUser("admin");
    const login = await passwordLogin(admin.username);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ role: "admin", twoFactorSetupRequired: true });
    const cookie = cookieOf(login)!;
    const blocked = await t.app.inject({ url: "/api/clients", headers: { cookie } });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({
      message: "Attiva la verifica in due passaggi per continuare",
      code: "two_factor_setup_required",
    });
    expect((await t.app.inject({ url: "/api/clients", headers: { cookie: t.admin } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: "/api/auth/me", headers: { cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/profile", headers: { cookie } })).json()).toMatchObject({
      twoFactorSetupRequired: true,
      twoFactorRequiredForRole: true,
    });
    expect((await t.app.inject({ url: "/api/profile/sessions", headers: { cookie } })).statusCode).toBe(200);

    // Staff of other roles are not concerned.
    const office = await staffUser("ufficio");
    const officeLogin = await passwordLogin(office.username);
    expect(officeLogin.json()).toMatchObject({ role: "ufficio", twoFactorSetupRequired: false });

    // Enrolling opens the rest; disabling is then refused.
    const { secret } = await enrol(cookie);
    expect((await t.app.inject({ url: "/api/clients", headers: { cookie } })).statusCode).toBe(200);
    await forgetUsedSteps(admin.id);
    const off = await post("/api/auth/totp/disable", { code: await codeAt(secret) }, cookie);
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toMatch(/obbligatoria per gli amministratori/);

    // Only an admin changes the setting.
    const officeCookie = await sessionOf(office.username);
    expect(
      (await t.app.inject({ method: "PUT", url: "/api/settings", headers: { cookie: officeCookie }, payload: body }))
        .statusCode,
    ).toBe(403);

    // Off again: the held admin is free.
    const off2 = await t.app.inject({
      method: "PUT",
      url: "/api/settings",
      headers: { cookie: bossCookie },
      payload: { ...body, requireTotpForAdmins: false },
    });
    expect(off2.statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/clients", headers: { cookie: t.admin } })).statusCode).toBe(200);
  });
});
