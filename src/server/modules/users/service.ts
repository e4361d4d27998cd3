import { and, eq } from "drizzle-orm";
import type { Actor } from "../../auth/actor";
import type { UserCreateValues } from "@domain/passwords";
import { passwordProblem } from "@domain/passwords";
import { userRoles } from "@domain/statuses";
import { LAST_ADMIN, SELF_CHANGE, USERNAME_TAKEN, userLabel, type User, type UserUpdateValues } from "@domain/users";
import type { Config } from "../../config";
import type { Db, Queryable } from "../../db/client";
import { loginChallenges, sessions, users } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../http/errors";
import { hashPassword } from "../../auth/passwords";
import { activationUrl, credentials, type NewSecret } from "../../auth/activation-links";
import { hashToken } from "../../auth/tokens";
import { LINK_SLOT, sendMail } from "../../mail";
import { recordActivity } from "../activity/record";
import { getSettings } from "../settings/queries";
import { countActiveAdmins, findUser, lockAdmins, usernameTaken } from "./queries";

// Staff accounts (docs/domain/roles.md, issue 19). The one-time link is the portal's
// (same columns, same single-use claim in /api/auth/activate): only its sha256 is stored.

const NOT_FOUND = "Utente non trovato";
const DISABLED_RESET = "L'utente è disattivato: riattivalo prima di reimpostare la password.";
const SELF_RESET = 'Per cambiare la tua password usa "Cambia password".';
const SELF_TWO_FACTOR = 'La tua verifica in due passaggi si gestisce da "Il mio profilo".';
const NO_TWO_FACTOR = "L'utente non ha la verifica in due passaggi attiva.";

const roleLabel = (role: string) => userRoles.label(role as (typeof userRoles.values)[number]);

async function mailInvitation(db: Db, config: Config, user: User, url: string, expiresAt: string, reset: boolean) {
  if (!user.email) return null;
  const settings = await getSettings(db);
  const until = new Date(expiresAt).toLocaleDateString("it-IT", { timeZone: "Europe/Rome" });
  await sendMail(
    db,
    {
      to: user.email,
      subject: reset
        ? `Nuova password per il gestionale di ${settings.companyName}`
        : `Invito al gestionale di ${settings.companyName}`,
      text: [
        `Ciao ${user.name ?? user.username},`,
        "",
        reset
          ? `la password del tuo accesso al gestionale di ${settings.companyName} è stata reimpostata.`
          : `sei stato invitato nel gestionale di ${settings.companyName} con il ruolo ${roleLabel(user.role)}.`,
        "",
        `Nome utente: ${user.username}`,
        `Per scegliere la password apri questo link (valido una sola volta, fino al ${until}):`,
        LINK_SLOT,
        "",
        "Se non ti aspettavi questo messaggio, ignoralo.",
        settings.companyName,
      ].join("\n"),
      oneTimeLink: url,
    },
    config,
  );
  return user.email;
}

function withLink(user: User, link: { url: string | null; expiresAt: string | null }, emailedTo: string | null) {
  return { ...user, activationUrl: link.url, activationExpiresAt: link.expiresAt, emailedTo };
}

/** Locks the row for the rest of the transaction; a portal account answers 404 like a missing one. */
async function lockedUser(tx: Queryable, id: string) {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for("update");
  const user = row ? await findUser(tx, id) : null;
  if (!user) throw notFound(NOT_FOUND);
  return user;
}

/** Refuses a change that would leave no active administrator; the caller holds lockAdmins. */
async function keepOneAdmin(tx: Queryable, before: User, after: { role: string; disabled: boolean } | null) {
  const wasActiveAdmin = before.role === "admin" && !before.disabled;
  const staysActiveAdmin = after !== null && after.role === "admin" && !after.disabled;
  if (wasActiveAdmin && !staysActiveAdmin && (await countActiveAdmins(tx)) <= 1) throw conflict(LAST_ADMIN);
}

export async function createUser(db: Db, config: Config, actor: Actor, input: UserCreateValues) {
  if (input.password) {
    const problem = passwordProblem(input.password, input.username);
    if (problem) throw badRequest(problem, { password: problem });
  }
  const secret = await credentials(input);
  const user = await db.transaction(async (tx) => {
    if (await usernameTaken(tx, input.username)) throw conflict(USERNAME_TAKEN, { username: USERNAME_TAKEN });
    const [row] = await tx
      .insert(users)
      .values({
        username: input.username,
        name: input.name,
        email: input.email,
        role: input.role,
        color: input.color,
        active: !input.disabled,
        passwordHash: secret.passwordHash,
        inviteTokenHash: secret.token && !input.disabled ? hashToken(secret.token) : null,
        inviteExpiresAt: secret.token && !input.disabled ? secret.expiresAt : null,
      })
      .returning({ id: users.id });
    const created = (await findUser(tx, row!.id))!;
    await recordActivity(tx, actor, {
      action: "create",
      entityType: "user",
      entityId: created.id,
      description: `${secret.token ? "Invitato" : "Creato"} l'utente ${userLabel(created)} con ruolo ${roleLabel(created.role)}`,
    });
    return created;
  });
  // A disabled account gets no link: it could not be used.
  const token = input.disabled ? null : secret.token;
  const url = activationUrl(config, token);
  const emailedTo =
    url && input.sendEmail ? await mailInvitation(db, config, user, url, secret.expiresAt!, false) : null;
  return withLink(user, { url, expiresAt: token ? secret.expiresAt : null }, emailedTo);
}

/** What changed, in Italian, for the activity log. */
function describeChanges(before: User, after: UserUpdateValues, passwordChanged: boolean) {
  const changes: string[] = [];
  if (before.username !== after.username) changes.push(`nome utente da ${before.username} a ${after.username}`);
  if ((before.name ?? null) !== after.name) changes.push(`nome "${after.name}"`);
  if ((before.email ?? null) !== after.email) changes.push(after.email ? `e-mail ${after.email}` : "e-mail rimossa");
  if (before.role !== after.role) changes.push(`ruolo da ${roleLabel(before.role)} a ${roleLabel(after.role)}`);
  if ((before.color ?? null) !== after.color) changes.push(after.color ? `colore ${after.color}` : "colore rimosso");
  if (before.disabled !== after.disabled) changes.push(after.disabled ? "disattivato" : "riattivato");
  if (passwordChanged) changes.push("password reimpostata");
  return changes.length ? changes.join(", ") : "nessuna modifica";
}

export async function updateUser(
  db: Db,
  actor: Actor,
  id: string,
  input: UserUpdateValues & { password: string | null },
) {
  const { password, ...values } = input;
  if (password) {
    const problem = passwordProblem(password, values.username);
    if (problem) throw badRequest(problem, { password: problem });
  }
  const passwordHash = password ? await hashPassword(password) : null;
  return db.transaction(async (tx) => {
    await lockAdmins(tx);
    const before = await lockedUser(tx, id);
    // The last-admin rule first: the sole admin demoting himself hears why it cannot be.
    await keepOneAdmin(tx, before, values);
    if (id === actor.userId && (values.disabled || values.role !== before.role)) throw conflict(SELF_CHANGE);
    if (await usernameTaken(tx, values.username, id)) throw conflict(USERNAME_TAKEN, { username: USERNAME_TAKEN });
    await tx
      .update(users)
      .set({
        username: values.username,
        name: values.name,
        email: values.email,
        role: values.role,
        color: values.color,
        active: !values.disabled,
        ...(passwordHash ? { passwordHash, inviteTokenHash: null, inviteExpiresAt: null } : {}),
        // A disabled account keeps no working link: re-enabled, it needs a new one.
        ...(values.disabled ? { inviteTokenHash: null, inviteExpiresAt: null } : {}),
      })
      .where(eq(users.id, id));
    // Disabled or with a new password: every open session ends now, not at its expiry.
    if (values.disabled || passwordHash) await tx.delete(sessions).where(eq(sessions.userId, id));
    await recordActivity(tx, actor, {
      action: before.disabled !== values.disabled ? "status" : "update",
      entityType: "user",
      entityId: id,
      description: `Utente ${userLabel({ username: values.username, name: values.name })} aggiornato: ${describeChanges(before, values, Boolean(passwordHash))}`,
    });
    return (await findUser(tx, id))!;
  });
}

/** A new password given by the admin, or a new one-time link; the old password and sessions end. */
export async function resetUserPassword(db: Db, config: Config, actor: Actor, id: string, input: NewSecret) {
  if (id === actor.userId) throw conflict(SELF_RESET);
  const existing = await findUser(db, id);
  if (!existing) throw notFound(NOT_FOUND);
  if (input.password) {
    const problem = passwordProblem(input.password, existing.username);
    if (problem) throw badRequest(problem, { password: problem });
  }
  const secret = await credentials(input);
  const user = await db.transaction(async (tx) => {
    const current = await lockedUser(tx, id);
    if (current.disabled) throw conflict(DISABLED_RESET);
    await tx
      .update(users)
      .set({
        passwordHash: secret.passwordHash,
        inviteTokenHash: secret.token ? hashToken(secret.token) : null,
        inviteExpiresAt: secret.expiresAt,
      })
      .where(and(eq(users.id, id), eq(users.active, true)));
    await tx.delete(sessions).where(eq(sessions.userId, id));
    await recordActivity(tx, actor, {
      action: "update",
      entityType: "user",
      entityId: id,
      description: secret.token
        ? `Inviato un nuovo link per la password all'utente ${userLabel(current)}`
        : `Password dell'utente ${userLabel(current)} reimpostata`,
    });
    return (await findUser(tx, id))!;
  });
  const url = activationUrl(config, secret.token);
  const emailedTo =
    url && input.sendEmail ? await mailInvitation(db, config, user, url, secret.expiresAt!, true) : null;
  return withLink(user, { url, expiresAt: secret.expiresAt }, emailedTo);
}

/**
 * A lost phone: the administrator switches off another person's two-factor sign-in (secret,
 * recovery codes and pending challenges go) and ends their sessions; they log in with the
 * password alone and enrol again from "Il mio profilo" (or are held there when it is required).
 */
export async function resetUserTwoFactor(db: Db, actor: Actor, id: string) {
  if (id === actor.userId) throw conflict(SELF_TWO_FACTOR);
  return db.transaction(async (tx) => {
    const current = await lockedUser(tx, id);
    if (!current.twoFactorEnabled) throw conflict(NO_TWO_FACTOR);
    await tx.update(users).set({ totpSecret: null, totpEnabledAt: null, recoveryCodes: null }).where(eq(users.id, id));
    await tx.delete(loginChallenges).where(eq(loginChallenges.userId, id));
    await tx.delete(sessions).where(eq(sessions.userId, id));
    await recordActivity(tx, actor, {
      action: "update",
      entityType: "user",
      entityId: id,
      description: `Verifica in due passaggi dell'utente ${userLabel(current)} azzerata`,
    });
    return (await findUser(tx, id))!;
  });
}

/**
 * Deleted for good (sessions cascade; activity keeps the name, assignments are emptied). An
 * admin cannot delete himself, and the last active admin stays.
 */
export async function deleteUser(db: Db, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    await lockAdmins(tx);
    const before = await lockedUser(tx, id);
    await keepOneAdmin(tx, before, null);
    if (id === actor.userId) throw conflict(SELF_CHANGE);
    await tx.delete(users).where(eq(users.id, id));
    await recordActivity(tx, actor, {
      action: "delete",
      entityType: "user",
      entityId: null,
      description: `Eliminato l'utente ${userLabel(before)} (${roleLabel(before.role)})`,
    });
  });
}
