import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema";
import { buildTestApp, type TestApp } from "../test/app";
import { hashPassword } from "./passwords";
import { THROTTLE } from "./throttle";

// Issue 26, findings 3 and 4 (docs/decisions/012-one-time-links-and-lock-out.md): the address
// limit slows an address down instead of locking every account behind it, a two-factor user's
// right password is not a failure, failed codes have a ceiling per account across addresses,
// and switching two-factor off needs a code, not the password alone.

const PASSWORD = "Grondaia-Rame-Solida-71";
let t: TestApp;
let seq = 0;
beforeAll(async () => {
  t = await buildTestApp({ env: { TRUST_PROXY_HOPS: "1" } });
});
afterAll(async () => t.close());

async function staff(role: "admin" | "ufficio" | "tecnico" = "ufficio") {
  const username = `blocco${++seq}.${role}`;
  await t.db.insert(users).values({ username, passwordHash: await hashPassword(PASSWORD), role });
  return username;
}

/** Behind the trusted proxy (TRUST_PROXY_HOPS=1) the address is the last X-Forwarded-For hop. */
const post = (url: string, payload: object, ip: string, cookie?: string) =>
  t.app.inject({
    method: "POST",
    url,
    payload,
    remoteAddress: "10.0.0.1",
    headers: { "x-forwarded-for": ip, ...(cookie ? { cookie } : {}) },
  });
const login = (username: string, password: string, ip: string) => post("/api/auth/login", { username, password }, ip);
const statuses = (list: { statusCode: number }[]) =>
  list.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.statusCode]: (acc[r.statusCode] ?? 0) + 1 }), {});
const code = (secret: string) => generate({ secret });
const wrongCode = async (secret: string) => String((Number(await code(secret)) + 500000) % 1000000).padStart(6, "0");

async function enrolled(username: string, ip: string) {
  const cookie = `colmo_session=${(await login(username, PASSWORD, ip)).cookies.find((c) => c.name === "colmo_session")!.value}`;
  const setup = await post("/api/auth/totp/setup", { password: PASSWORD }, ip, cookie);
  const secret = setup.json().secret as string;
  const enable = await post("/api/auth/totp/enable", { code: await code(secret) }, ip, cookie);
  expect(enable.statusCode).toBe(200);
  return { secret, cookie, recoveryCodes: enable.json().recoveryCodes as string[] };
}

describe("the address limit slows, it does not lock the office out", () => {
  it("after a spray of parallel failures from one address, valid credentials from it still sign in", async () => {
    const ip = "198.51.100.20";
    const colleague = await staff();
    // Someone behind the office's NAT sprays wrong passwords on many names, in parallel.
    const spray = await Promise.all(
      Array.from({ length: THROTTLE.addressLimit + 10 }, (_, i) => login(`inesistente${i}`, "sbagliata-1234", ip)),
    );
    const counted = statuses(spray);
    // Never more checks than the budget plus one slow-lane slot, whatever the parallelism.
    expect(counted[401]).toBeLessThanOrEqual(THROTTLE.addressLimit + 1);
    expect(counted[429]).toBeGreaterThan(0);
    for (const r of spray.filter((x) => x.statusCode === 429))
      expect(Number(r.headers["retry-after"])).toBeLessThanOrEqual(THROTTLE.slowSeconds);
    // The address is slowed (one check per slowSeconds), not locked for a quarter of an hour:
    // once its slot is free, a colleague's right password signs in.
    await freeSlowLane(ip);
    const ok = await login(colleague, PASSWORD, ip);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("a wrong password on one account does not lock the other accounts behind the address", async () => {
    const ip = "198.51.100.21";
    const victim = await staff();
    const other = await staff();
    const burst = await Promise.all(Array.from({ length: 12 }, () => login(victim, "sbagliata-1234", ip)));
    expect(statuses(burst)[401]).toBe(THROTTLE.pairLimit);
    expect((await login(victim, PASSWORD, ip)).statusCode).toBe(429);
    expect((await login(other, PASSWORD, ip)).statusCode).toBe(200);
  });
});

/** The slow lane's next slot, moved to now: the test does not wait for the clock. */
async function freeSlowLane(ip: string) {
  const { loginAttempts } = await import("../db/schema");
  const { eq } = await import("drizzle-orm");
  await t.db
    .update(loginAttempts)
    .set({ lockedUntil: null })
    .where(eq(loginAttempts.key, `ip:${ip}`));
}

describe("two-factor and the throttle", () => {
  it("a two-factor user's right password is not a failure: six right passwords from one address all get a challenge", async () => {
    const ip = "198.51.100.30";
    const username = await staff("tecnico");
    await enrolled(username, "198.51.100.31");
    for (let i = 0; i < THROTTLE.pairLimit + 1; i++) {
      const res = await login(username, PASSWORD, ip);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(200);
      expect(res.json().twoFactorRequired).toBe(true);
    }
  });

  it("failed codes have a ceiling per account across addresses, under parallel guesses", async () => {
    const username = await staff("ufficio");
    const { secret } = await enrolled(username, "198.51.100.40");
    // An attacker who knows the password opens challenges from many addresses...
    const challenges: string[] = [];
    for (let i = 0; i < 8; i++)
      challenges.push((await login(username, PASSWORD, `203.0.113.${100 + i}`)).json().challenge);
    // ...and guesses codes from 40 addresses at once, 5 per challenge.
    const wrong = await wrongCode(secret);
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post("/api/auth/login/totp", { challenge: challenges[i % 8], code: wrong }, `203.0.113.${150 + i}`),
      ),
    );
    const counted = statuses(guesses);
    expect(counted[401] ?? 0).toBeLessThanOrEqual(THROTTLE.codeLimit);
    expect(counted[429]).toBeGreaterThanOrEqual(40 - THROTTLE.codeLimit);
    // The account's code check stays locked from any address, the right code included.
    const fresh = (await login(username, PASSWORD, "203.0.113.250")).json().challenge;
    const right = await post("/api/auth/login/totp", { challenge: fresh, code: await code(secret) }, "203.0.113.251");
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(/Troppi codici errati/);
  });
});

describe("switching two-factor off", () => {
  it("needs a current code or a recovery code; the password alone is refused", async () => {
    const username = await staff("ufficio");
    const { cookie, recoveryCodes } = await enrolled(username, "198.51.100.50");
    const withPassword = await post("/api/auth/totp/disable", { password: PASSWORD }, "198.51.100.50", cookie);
    expect(withPassword.statusCode).toBe(400);
    expect(withPassword.json().errors.code).toMatch(/^Codice: /);
    const wrongRecovery = await post(
      "/api/auth/totp/disable",
      { recoveryCode: "aaaaa-bbbbb" },
      "198.51.100.50",
      cookie,
    );
    expect(wrongRecovery.statusCode).toBe(400);
    const ok = await post("/api/auth/totp/disable", { recoveryCode: recoveryCodes[0] }, "198.51.100.50", cookie);
    expect(ok.statusCode, ok.body).toBe(204);
    const me = await t.app.inject({ url: "/api/profile", headers: { cookie }, remoteAddress: "10.0.0.1" });
    expect(me.json().twoFactorEnabledAt).toBeNull();
  });
});
