import { and, eq, gt, sql } from "drizzle-orm";
import type { Actor } from "../../auth/actor";
import { passwordProblem } from "@domain/passwords";
import { ACTIVATION_INVALID } from "@domain/portal";
import type { Config } from "../../config";
import type { Db, Queryable } from "../../db/client";
import { clients, sessions, users } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../http/errors";
import { hashPassword } from "../../auth/passwords";
import { activationUrl, credentials, type NewSecret } from "../../auth/activation-links";
import { hashToken } from "../../auth/tokens";
import { recordActivity } from "../activity/record";
import { LINK_SLOT, sendMail } from "../../mail";
import { getSettings } from "../settings/queries";

// Portal accounts (docs/domain/roles.md): one client user per client, created by the admin with a
// password or a one-time link (7 days) that lets the client choose one.

const NO_ACCESS = "Il cliente non ha un accesso al portale";

async function findClient(db: Queryable, clientId: string) {
  const [row] = await db
    .select({ id: clients.id, name: clients.name, email: clients.email })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!row) throw notFound("Cliente non trovato");
  return row;
}

async function findPortalUser(db: Queryable, clientId: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username, active: users.active, lastLoginAt: users.lastLoginAt })
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.role, "client")))
    .limit(1);
  return row ?? null;
}

async function mailLink(
  db: Db,
  config: Config,
  to: string | null,
  clientName: string,
  username: string,
  url: string,
  expiresAt: string,
) {
  if (!to) return null;
  const settings = await getSettings(db);
  await sendMail(
    db,
    {
      to,
      subject: `Accesso al portale clienti di ${settings.companyName}`,
      text: [
        `Gentile ${clientName},`,
        "",
        `è stato attivato il suo accesso al portale clienti di ${settings.companyName}: potrà seguire i lavori, consultare preventivi e fatture e richiedere sopralluoghi.`,
        "",
        `Nome utente: ${username}`,
        `Per scegliere la password apra questo link (valido fino al ${new Date(expiresAt).toLocaleDateString("it-IT", { timeZone: "Europe/Rome" })}):`,
        LINK_SLOT,
        "",
        "Cordiali saluti,",
        settings.companyName,
      ].join("\n"),
      oneTimeLink: url,
    },
    config,
  );
  return to;
}

function result(
  user: { id: string; username: string; active: boolean; lastLoginAt: string | null },
  link: { url: string | null; expiresAt: string | null },
  emailedTo: string | null,
) {
  return {
    userId: user.id,
    username: user.username,
    active: user.active,
    lastLoginAt: user.lastLoginAt,
    activationUrl: link.url,
    activationExpiresAt: link.expiresAt,
    emailedTo,
  };
}

export async function createPortalAccess(
  db: Db,
  config: Config,
  actor: Actor,
  clientId: string,
  input: NewSecret & { username: string },
) {
  const secret = await credentials(input);
  const { user, client } = await db.transaction(async (tx) => {
    const client = await findClient(tx, clientId);
    if (await findPortalUser(tx, clientId))
      throw conflict("Il cliente ha già un accesso al portale: usa Reimposta accesso");
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.username})`, input.username.toLowerCase()));
    if (taken) throw conflict("Nome utente già in uso", { username: "Nome utente già in uso" });
    const [user] = await tx
      .insert(users)
      .values({
        username: input.username,
        role: "client",
        clientId,
        passwordHash: secret.passwordHash,
        inviteTokenHash: secret.token ? hashToken(secret.token) : null,
        inviteExpiresAt: secret.expiresAt,
      })
      .returning({ id: users.id, username: users.username, active: users.active, lastLoginAt: users.lastLoginAt });
    await recordActivity(tx, actor, {
      action: "create",
      entityType: "client",
      entityId: clientId,
      clientId,
      description: `Accesso al portale creato per ${client.name} (utente ${input.username})`,
    });
    return { user: user!, client };
  });
  const url = activationUrl(config, secret.token);
  const emailedTo =
    url && input.sendEmail
      ? await mailLink(db, config, client.email, client.name, user.username, url, secret.expiresAt!)
      : null;
  return result(user, { url, expiresAt: secret.expiresAt }, emailedTo);
}

/** New password or new link; the old password and every open session stop working. */
export async function resetPortalAccess(
  db: Db,
  config: Config,
  actor: Actor,
  clientId: string,
  input: NewSecret,
) {
  if (input.password) {
    // The body has no user name: the rule "not built from it" is checked against the stored one.
    const existing = await findPortalUser(db, clientId);
    const problem = existing ? passwordProblem(input.password, existing.username) : null;
    if (problem) throw badRequest(problem, { password: problem });
  }
  const secret = await credentials(input);
  const { user, client } = await db.transaction(async (tx) => {
    const client = await findClient(tx, clientId);
    const existing = await findPortalUser(tx, clientId);
    if (!existing) throw notFound(NO_ACCESS);
    const [user] = await tx
      .update(users)
      .set({
        active: true,
        passwordHash: secret.passwordHash,
        inviteTokenHash: secret.token ? hashToken(secret.token) : null,
        inviteExpiresAt: secret.expiresAt,
      })
      .where(eq(users.id, existing.id))
      .returning({ id: users.id, username: users.username, active: users.active, lastLoginAt: users.lastLoginAt });
    await tx.delete(sessions).where(eq(sessions.userId, existing.id));
    await recordActivity(tx, actor, {
      action: "update",
      entityType: "client",
      entityId: clientId,
      clientId,
      description: `Accesso al portale reimpostato per ${client.name}`,
    });
    return { user: user!, client };
  });
  const url = activationUrl(config, secret.token);
  const emailedTo =
    url && input.sendEmail
      ? await mailLink(db, config, client.email, client.name, user.username, url, secret.expiresAt!)
      : null;
  return result(user, { url, expiresAt: secret.expiresAt }, emailedTo);
}

/** Disabled, not deleted: the login stops working at once and every session of it ends. */
export async function disablePortalAccess(db: Db, actor: Actor, clientId: string) {
  await db.transaction(async (tx) => {
    const client = await findClient(tx, clientId);
    const existing = await findPortalUser(tx, clientId);
    if (!existing) throw notFound(NO_ACCESS);
    await tx
      .update(users)
      .set({ active: false, inviteTokenHash: null, inviteExpiresAt: null })
      .where(eq(users.id, existing.id));
    await tx.delete(sessions).where(eq(sessions.userId, existing.id));
    await recordActivity(tx, actor, {
      action: "update",
      entityType: "client",
      entityId: clientId,
      clientId,
      description: `Accesso al portale disattivato per ${client.name}`,
    });
  });
}

async function userForToken(db: Queryable, token: string) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      clientId: users.clientId,
      clientName: clients.name,
    })
    .from(users)
    .leftJoin(clients, eq(clients.id, users.clientId))
    .where(
      and(eq(users.inviteTokenHash, hashToken(token)), gt(users.inviteExpiresAt, sql`now()`), eq(users.active, true)),
    )
    .limit(1);
  return row ?? null;
}

export async function checkActivation(db: Db, token: string) {
  const user = await userForToken(db, token);
  if (!user) throw notFound(ACTIVATION_INVALID);
  return { username: user.username, clientName: user.clientName, role: user.role };
}

/**
 * The person chooses a password with the link (a portal client, or a staff member invited from
 * Impostazioni → Utenti); the link works once, even under a burst.
 */
export async function activate(db: Db, actor: Actor | null, token: string, password: string) {
  const user = await userForToken(db, token);
  if (!user) throw notFound(ACTIVATION_INVALID);
  const problem = passwordProblem(password, user.username);
  if (problem) throw badRequest(problem, { password: problem });
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    // Claim the link with a conditional update: of parallel requests only the first finds it unused.
    const [claimed] = await tx
      .update(users)
      .set({ passwordHash, inviteTokenHash: null, inviteExpiresAt: null })
      .where(
        and(
          eq(users.id, user.id),
          eq(users.inviteTokenHash, hashToken(token)),
          gt(users.inviteExpiresAt, sql`now()`),
          eq(users.active, true),
        ),
      )
      .returning({ id: users.id });
    if (!claimed) throw notFound(ACTIVATION_INVALID);
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await recordActivity(
      tx,
      actor,
      user.role === "client"
        ? {
            action: "update",
            entityType: "client",
            entityId: user.clientId,
            clientId: user.clientId,
            description: `${user.username} ha scelto la password del portale`,
          }
        : {
            action: "update",
            entityType: "user",
            entityId: user.id,
            description: `${user.username} ha scelto la password con il link di invito`,
          },
    );
    return { username: user.username, clientName: user.clientName, role: user.role };
  });
}
