import { and, eq, ne, sql } from "drizzle-orm";
import type { Actor } from "../../auth/actor";
import { formatRecoveryCode, type profileUpdateSchema, type totpDisableSchema } from "@domain/profile";
import type { z } from "@domain/zod";
import { verifyPassword } from "../../auth/passwords";
import { codeSucceeded, loginSucceeded, reserveCodeOrRefuse, reserveOrRefuse } from "../../auth/throttle";
import {
  forgetUsedSteps,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  totpEnrolment,
  useRecoveryCode,
  useTotpCode,
} from "../../auth/totp";
import type { Db } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../http/errors";
import { recordActivity } from "../activity/record";
import { getProfile, publicSessionId } from "./queries";

const WRONG_PASSWORD = "Password non corretta";
const WRONG_CODE = "Codice non valido o già usato";

export async function updateProfile(
  db: Db,
  actor: Actor,
  userId: string,
  values: z.output<typeof profileUpdateSchema>,
) {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ name: values.name, email: values.email }).where(eq(users.id, userId));
    await recordActivity(tx, actor, {
      action: "update",
      entityType: "user",
      entityId: userId,
      description: `${actor.username} ha aggiornato il proprio profilo`,
    });
  });
}

async function secretOf(db: Db, userId: string) {
  const [row] = await db
    .select({ passwordHash: users.passwordHash, totpSecret: users.totpSecret, totpEnabledAt: users.totpEnabledAt })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** A password typed on the profile is guessed as easily as at the login: same throttle. */
async function checkPassword(db: Db, me: Actor, ip: string, password: string, hash: string | null) {
  await reserveOrRefuse(db, me.username, ip);
  if (!(await verifyPassword(password, hash))) throw badRequest(WRONG_PASSWORD, { password: WRONG_PASSWORD });
  await loginSucceeded(db, me.username, ip);
}

/** So is a code typed to change two-factor itself (disable, new recovery codes). */
async function checkCode(db: Db, me: Actor, ip: string, secret: string, code: string) {
  await reserveCodeOrRefuse(db, { id: me.userId, username: me.username }, ip);
  if (!(await useTotpCode(db, me.userId, secret, code))) throw badRequest(WRONG_CODE, { code: WRONG_CODE });
  await codeSucceeded(db, { id: me.userId, username: me.username }, ip);
}

const WRONG_RECOVERY = "Codice di recupero non valido o già usato";

/** A recovery code spends itself (one atomic update) and is throttled like a code. */
async function checkRecoveryCode(db: Db, me: Actor, ip: string, code: string) {
  await reserveCodeOrRefuse(db, { id: me.userId, username: me.username }, ip);
  if ((await useRecoveryCode(db, me.userId, code)) === null)
    throw badRequest(WRONG_RECOVERY, { recoveryCode: WRONG_RECOVERY });
  await codeSucceeded(db, { id: me.userId, username: me.username }, ip);
}

/**
 * A new secret, kept pending (totpEnabledAt stays null) until a code from the app proves the
 * user scanned it. The password is asked again: a borrowed session must not be able to tie the
 * account to someone else's phone.
 */
export async function startTwoFactorSetup(
  db: Db,
  me: Actor,
  ip: string,
  password: string,
  issuer: string,
) {
  const row = await secretOf(db, me.userId);
  if (!row) throw badRequest("Utente non trovato");
  await checkPassword(db, me, ip, password, row.passwordHash);
  if (row.totpEnabledAt)
    throw conflict("La verifica in due passaggi è già attiva: disattivala prima di collegare un'altra app");
  const secret = newTotpSecret();
  await db.update(users).set({ totpSecret: secret }).where(eq(users.id, me.userId));
  await forgetUsedSteps(db, me.userId);
  return totpEnrolment(secret, issuer, me.username);
}

/** The first right code turns two-factor on; the recovery codes are shown this once. */
export async function enableTwoFactor(
  db: Db,
  me: Actor,
  code: string,
  currentSessionId: string,
) {
  const row = await secretOf(db, me.userId);
  if (row?.totpEnabledAt) throw conflict("La verifica in due passaggi è già attiva");
  if (!row?.totpSecret)
    throw conflict("Configurazione non avviata: premi di nuovo «Attiva la verifica in due passaggi»");
  // Not throttled: the secret was just shown to this same session, so there is nothing to guess,
  // and a user fumbling with the app must not lock their own login.
  if (!(await useTotpCode(db, me.userId, row.totpSecret, code)))
    throw badRequest("Codice non valido: controlla che l'ora del telefono sia giusta e inserisci il codice attuale", {
      code: "Codice non valido",
    });
  const codes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpEnabledAt: sql`now()`, recoveryCodes: codes.map(hashRecoveryCode) })
      .where(eq(users.id, me.userId));
    // Sessions opened with the password alone end; this one, which just proved the code, stays.
    await tx.delete(sessions).where(and(eq(sessions.userId, me.userId), ne(sessions.id, currentSessionId)));
    await recordActivity(tx, me, {
      action: "update",
      entityType: "user",
      entityId: me.userId,
      description: `${me.username} ha attivato la verifica in due passaggi`,
    });
  });
  return { recoveryCodes: codes.map(formatRecoveryCode) };
}

export async function disableTwoFactor(
  db: Db,
  me: Actor,
  ip: string,
  proof: z.output<typeof totpDisableSchema>,
) {
  const row = await secretOf(db, me.userId);
  const profile = await getProfile(db, me.userId);
  if (!row?.totpEnabledAt || !row.totpSecret) throw conflict("La verifica in due passaggi non è attiva");
  if (profile?.twoFactorRequiredForRole)
    throw conflict("La verifica in due passaggi è obbligatoria per gli amministratori: non si può disattivare");
  if ("code" in proof) await checkCode(db, me, ip, row.totpSecret, proof.code);
  else await checkRecoveryCode(db, me, ip, proof.recoveryCode);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, recoveryCodes: null })
      .where(eq(users.id, me.userId));
    await recordActivity(tx, me, {
      action: "update",
      entityType: "user",
      entityId: me.userId,
      description: `${me.username} ha disattivato la verifica in due passaggi`,
    });
  });
}

export async function regenerateRecoveryCodes(
  db: Db,
  me: Actor,
  ip: string,
  code: string,
) {
  const row = await secretOf(db, me.userId);
  if (!row?.totpEnabledAt || !row.totpSecret) throw conflict("La verifica in due passaggi non è attiva");
  await checkCode(db, me, ip, row.totpSecret, code);
  const codes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ recoveryCodes: codes.map(hashRecoveryCode) })
      .where(eq(users.id, me.userId));
    await recordActivity(tx, me, {
      action: "update",
      entityType: "user",
      entityId: me.userId,
      description: `${me.username} ha generato nuovi codici di recupero`,
    });
  });
  return { recoveryCodes: codes.map(formatRecoveryCode) };
}

/** Ends every session of the user but this one; answers how many ended. */
export async function endOtherSessions(db: Db, userId: string, currentSessionId: string) {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Ends one other session of the user, named by its public id; this one ends with «Esci». */
export async function endSession(db: Db, userId: string, currentSessionId: string, publicId: string) {
  const mine = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  const target = mine.find((s) => publicSessionId(s.id) === publicId);
  if (!target) throw notFound("Sessione non trovata");
  if (target.id === currentSessionId) throw badRequest("Per uscire da questo dispositivo usa «Esci»");
  await db.delete(sessions).where(eq(sessions.id, target.id));
}
