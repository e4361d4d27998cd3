import { randomInt } from "node:crypto";
import { and, eq, like, lt, sql } from "drizzle-orm";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { RECOVERY_CODE_COUNT } from "@domain/profile";
import type { Db } from "../db/client";
import { loginChallenges, users } from "../db/schema";
import { hashToken } from "./tokens";

// Two-factor sign-in with an authenticator app (docs/decisions/010-two-factor.md): RFC 6238
// codes of 6 digits every 30 seconds (what every authenticator app defaults to), accepted one
// step either side of now for clocks that drift; a code that was accepted once is never
// accepted again (RFC 6238 §5.2).

const PERIOD_SECONDS = 30;
/** One step either side: a phone a few seconds off, or a code typed just as it changed. */
const TOLERANCE_SECONDS = PERIOD_SECONDS;

export const newTotpSecret = () => generateSecret();

export async function totpEnrolment(secret: string, issuer: string, account: string) {
  const otpauthUri = generateURI({ issuer, label: account, secret });
  const svg = await QRCode.toString(otpauthUri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

/**
 * Marks of the time steps already used live in login_challenges, next to the challenges they
 * belong with, as rows "totp-used:<user>:<step>" that expire with the step's window. The row's
 * primary key makes "use this step" one atomic insert: two requests with the same code cannot
 * both pass. (A challenge's id is a sha256 in hex and never has this prefix.)
 */
const usedPrefix = (userId: string) => `totp-used:${userId}:`;

async function lastUsedStep(db: Db, userId: string): Promise<number | undefined> {
  const rows = await db
    .select({ id: loginChallenges.id })
    .from(loginChallenges)
    .where(and(eq(loginChallenges.userId, userId), like(loginChallenges.id, `${usedPrefix(userId)}%`)));
  const steps = rows.map((r) => Number(r.id.slice(usedPrefix(userId).length))).filter(Number.isFinite);
  return steps.length ? Math.max(...steps) : undefined;
}

/**
 * Checks a code against the secret and, when it is right, spends its time step: the same code
 * (or an older one of the same window) is refused afterwards. Answers whether it was accepted.
 */
export async function useTotpCode(db: Db, userId: string, secret: string, code: string): Promise<boolean> {
  const after = await lastUsedStep(db, userId);
  let result;
  try {
    result = await verify({
      secret,
      token: code,
      epochTolerance: TOLERANCE_SECONDS,
      ...(after === undefined ? {} : { afterTimeStep: after }),
    });
  } catch {
    // A malformed token or secret is a wrong code, never a 500.
    return false;
  }
  // A TOTP result carries its time step (the HOTP half of the union has none).
  if (!result.valid || !("timeStep" in result)) return false;
  const inserted = await db
    .insert(loginChallenges)
    .values({
      id: `${usedPrefix(userId)}${result.timeStep}`,
      userId,
      // Past the last moment this step could be accepted again.
      expiresAt: new Date(((result.timeStep + 2) * PERIOD_SECONDS + TOLERANCE_SECONDS) * 1000).toISOString(),
    })
    .onConflictDoNothing()
    .returning({ id: loginChallenges.id });
  return inserted.length === 1;
}

/** A new secret makes the steps spent with the old one meaningless: they would refuse good codes. */
export async function forgetUsedSteps(db: Db, userId: string) {
  await db
    .delete(loginChallenges)
    .where(and(eq(loginChallenges.userId, userId), like(loginChallenges.id, `${usedPrefix(userId)}%`)));
}

/** Expired challenges and used-step marks: called when a new challenge is made. */
export async function purgeExpiredChallenges(db: Db) {
  await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, sql`now()`));
}

// Recovery codes: 10 characters of an alphabet without look-alikes (no 0/o, 1/l/i), 50 bits
// each, stored only as sha256 of the normalised form.
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(""),
  );
}

export const hashRecoveryCode = (normalised: string) => hashToken(`recovery:${normalised}`);

/** Spends a recovery code: one atomic update, so the same code cannot sign in twice. */
export async function useRecoveryCode(db: Db, userId: string, normalised: string): Promise<number | null> {
  const hash = hashRecoveryCode(normalised);
  const [row] = await db
    .update(users)
    .set({ recoveryCodes: sql`${users.recoveryCodes} - ${hash}::text` })
    .where(and(eq(users.id, userId), sql`${users.recoveryCodes} @> jsonb_build_array(${hash}::text)`))
    .returning({ left: sql<number>`jsonb_array_length(${users.recoveryCodes})`.mapWith(Number) });
  return row ? row.left : null;
}
