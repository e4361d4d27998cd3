import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "../config";
import { loadConfig } from "../config";
import type { Queryable } from "../db/client";
import { outbox } from "../db/schema";
import { getSettings } from "../modules/settings/queries";
import { storageFor, type FileStorage } from "../storage";
import { newStorageKey } from "../storage/storage";

// One way out for every e-mail of the product (estimates, orders, invoices, notices).
// With SMTP_URL the message goes through SMTP and is logged in the outbox as sent; without it
// (docs/domain/operations.md) the message is stored in the outbox, attachments in the file storage under
// DATA_DIR, and the admin reads it in "Posta in uscita".

export interface MailAttachment {
  fileName: string;
  mimeType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
  /**
   * A one-time link (invitation, password reset): `text` carries LINK_SLOT where it goes. The
   * outbox keeps the message with the slot, visible to administrators only; the recipient's copy
   * gets the link at delivery (docs/domain/roles.md, docs/decisions/012).
   */
  oneTimeLink?: string;
  /** Overrides the sender; default: the company name and e-mail from the settings. */
  from?: string;
  replyTo?: string;
}

/** With databaseUrl the attachments go to the `files` table, else under DATA_DIR. */
export type MailConfig = Pick<Config, "smtpUrl" | "dataDir"> & Partial<Pick<Config, "databaseUrl" | "mailDropDir">>;

/** What "Posta in uscita" shows where a one-time link was. */
export const LINK_SLOT = "[link riservato al destinatario]";

/** The recipient's text: the slot replaced by the link. */
const withLink = (text: string, link: string | null | undefined) => (link ? text.replace(LINK_SLOT, link) : text);

/** MAIL_DROP_DIR (tests only): the message as its recipient receives it, one file per message. */
async function dropCopy(dir: string | undefined, id: string, mail: { to: string; subject: string; text: string }) {
  if (!dir) return;
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, `${id}.txt`), `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`);
}

export interface MailResult {
  /** The outbox row that records the message. */
  id: string;
  /** "sent": handed to the SMTP server; "stored": kept in the outbox; "failed": SMTP refused it. */
  status: "sent" | "stored" | "failed";
  error?: string;
}

const transports = new Map<string, Transporter>();
export function transportFor(smtpUrl: string): Transporter {
  let t = transports.get(smtpUrl);
  if (!t) {
    t = nodemailer.createTransport(smtpUrl);
    transports.set(smtpUrl, t);
  }
  return t;
}

function extensionOf(fileName: string): string {
  const ext = /\.([a-z0-9]{1,8})$/i.exec(fileName)?.[1]?.toLowerCase();
  return ext ?? "bin";
}

/**
 * Writes the outbox row of `message` (attachments into the file storage). `due`: the worker
 * delivers it from now on; `leased`: claimed by the caller for one lease (attempt 1), so no
 * worker touches it while the caller sends it; `stored`: without SMTP, nothing delivers it.
 */
async function insertOutboxRow(
  db: Queryable,
  message: MailMessage,
  config: MailConfig,
  state: "due" | "leased" | "stored",
): Promise<string> {
  if (message.oneTimeLink && !message.text.includes(LINK_SLOT))
    throw new Error("Messaggio con link monouso senza LINK_SLOT");
  const storage = storageFor({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }, db);
  const stored = [];
  for (const a of message.attachments ?? []) {
    const storageKey = newStorageKey("outbox", extensionOf(a.fileName));
    await storage.put(storageKey, a.content, { mimeType: a.mimeType });
    stored.push({ fileName: a.fileName, mimeType: a.mimeType, storageKey });
  }
  const [row] = await db
    .insert(outbox)
    .values({
      to: message.to,
      subject: message.subject,
      text: message.text,
      attachments: stored,
      restricted: Boolean(message.oneTimeLink),
      // Without SMTP nothing will deliver it: the link is not kept at all.
      secretLink: state === "stored" ? null : (message.oneTimeLink ?? null),
      sentAt: null,
      error: null,
      attempts: state === "leased" ? 1 : 0,
      nextAttemptAt:
        state === "leased"
          ? sql`now() + make_interval(secs => ${OUTBOX_RETRY.leaseSeconds})`
          : state === "due"
            ? sql`now()`
            : null,
    })
    .returning({ id: outbox.id });
  return row!.id;
}

/**
 * Queues one e-mail: the outbox row is written with `tx`, so it exists exactly when the caller's
 * write commits (a rolled-back write queues nothing). With SMTP the outbox worker (src/server/jobs,
 * once across instances) delivers it; without SMTP it stays in "Posta in uscita". Nothing is sent
 * here, so the caller's request never waits on a mail server nor holds a connection for it. This
 * is the path of every notice to a client (docs/domain/portal.md).
 */
export async function queueMail(tx: Queryable, message: MailMessage, config: MailConfig): Promise<MailResult> {
  const id = await insertOutboxRow(tx, message, config, config.smtpUrl ? "due" : "stored");
  return { id, status: "stored" };
}

/**
 * Sends (or stores) one e-mail at once, for the office's explicit "Invia" (estimate, order,
 * invoice) whose answer shows the outcome. It never throws for an SMTP failure: the failure is
 * recorded in the outbox with its error, so a document's state change is not undone by a mail
 * server that is down, and the admin sees what did not leave. Pass a transaction as `db` to tie
 * the outbox row to the caller's write (without SMTP); with SMTP call it after committing.
 * Notices to clients use queueMail instead.
 */
export async function sendMail(
  db: Queryable,
  message: MailMessage,
  config: MailConfig = loadConfig(),
): Promise<MailResult> {
  const attachments = message.attachments ?? [];
  const settings = await getSettings(db);
  const from =
    message.from ?? `"${settings.companyName.replace(/"/g, "")}" <${settings.email || "noreply@colmo.local"}>`;

  // With SMTP the row is written first, already claimed by this process for one lease (attempt
  // 1): if the process dies while sending, the outbox worker of any instance retries it once the
  // lease is over, and no other worker touches it meanwhile. Without SMTP it is only stored.
  const id = await insertOutboxRow(db, message, config, config.smtpUrl ? "leased" : "stored");
  const text = withLink(message.text, message.oneTimeLink);
  await dropCopy(config.mailDropDir, id, { to: message.to, subject: message.subject, text });
  if (!config.smtpUrl) return { id, status: "stored" };

  try {
    await transportFor(config.smtpUrl).sendMail({
      from,
      to: message.to,
      replyTo: message.replyTo,
      subject: message.subject,
      text,
      messageId: messageIdOf(id),
      attachments: attachments.map((a) => ({ filename: a.fileName, contentType: a.mimeType, content: a.content })),
    });
  } catch (err) {
    const error = err instanceof Error ? err.message.slice(0, 500) : "Invio non riuscito";
    await recordFailure(db, id, 1, error);
    return { id, status: "failed", error };
  }
  await markSent(db, id);
  return { id, status: "sent" };
}

/**
 * The Message-ID of an outbox row: the same on every attempt, so the rare copy that a retry
 * sends after a lost "sent" mark is recognised by the recipient's mail client as the same message.
 */
export const messageIdOf = (id: string) => `<${id}@outbox.colmo>`;

/**
 * Marks a message sent, idempotently: only a row not yet sent changes (a second mark keeps the
 * first sentAt), and the mark is retried a few times on a database error, because the message
 * has left: a failure here must never put it back in the queue (which would send it again).
 */
export async function markSent(db: Queryable, id: string, tries = 4): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db
        .update(outbox)
        .set(DELIVERED)
        .where(and(eq(outbox.id, id), isNull(outbox.sentAt)));
      return;
    } catch (err) {
      if (attempt >= tries) throw err;
      await new Promise((r) => setTimeout(r, 250 * 2 ** (attempt - 1)));
    }
  }
}

/** Retries of mails the SMTP server did not take (decisions: never lost, never sent twice by two instances). */
export const OUTBOX_RETRY = {
  /** How long a claimed mail is left to its sender before another worker may take it again. */
  leaseSeconds: 120,
  /** First retry after this long, doubling each attempt (OUTBOX_RETRY_SECONDS, set at start-up)... */
  baseSeconds: 60,
  /** ...up to one hour. */
  maxDelaySeconds: 3600,
  /** After this many attempts the mail stays failed, its last error shown in "Posta in uscita". */
  maxAttempts: 8,
  batch: 10,
};

/** From the configuration at start-up (main.ts): OUTBOX_RETRY_SECONDS. */
export function setOutboxRetryBase(seconds: number) {
  OUTBOX_RETRY.baseSeconds = seconds;
}

/** Seconds before attempt n+1 after n failed attempts: 60, 120, 240 ... capped at one hour (by default). */
export const retryDelaySeconds = (attempts: number) =>
  Math.min(OUTBOX_RETRY.baseSeconds * 2 ** Math.max(0, attempts - 1), OUTBOX_RETRY.maxDelaySeconds);

/** Sent: the one-time link has reached its recipient and is not kept. */
const DELIVERED = { sentAt: sql`now()`, error: null, nextAttemptAt: null, secretLink: null };

async function recordFailure(db: Queryable, id: string, attempts: number, error: string) {
  const giveUp = attempts >= OUTBOX_RETRY.maxAttempts;
  await db
    .update(outbox)
    .set({
      error,
      nextAttemptAt: giveUp ? null : sql`now() + make_interval(secs => ${retryDelaySeconds(attempts)})`,
      // Given up: nobody will deliver the link, so nobody keeps it.
      ...(giveUp ? { secretLink: null } : {}),
    })
    // A message already marked sent stays sent.
    .where(and(eq(outbox.id, id), isNull(outbox.sentAt)));
}

export type OutboxRow = typeof outbox.$inferSelect;

/**
 * Claims up to `limit` mails due for delivery, in one statement: the rows are locked with
 * FOR UPDATE SKIP LOCKED (a row another instance is claiming is skipped, not waited for), and
 * their lease is pushed forward with attempts + 1 before the statement commits. Two workers
 * running this at the same moment therefore never get the same mail.
 */
export async function claimDueMails(db: Queryable, limit: number = OUTBOX_RETRY.batch): Promise<OutboxRow[]> {
  const result = await db.execute(sql`
    update ${outbox} set
      attempts = ${outbox.attempts} + 1,
      next_attempt_at = now() + make_interval(secs => ${OUTBOX_RETRY.leaseSeconds})
    where ${outbox.id} in (
      select ${outbox.id} from ${outbox}
      where ${outbox.sentAt} is null and ${outbox.nextAttemptAt} <= now() and ${outbox.attempts} < ${OUTBOX_RETRY.maxAttempts}
      order by ${outbox.nextAttemptAt}
      limit ${limit}
      for update skip locked
    )
    returning ${outbox.id} as id`);
  const ids = (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  if (ids.length === 0) return [];
  return db
    .select()
    .from(outbox)
    .where(sql`${outbox.id} = any(${sql.param(ids)}::uuid[])`);
}

/** Delivers one mail: hands it to `deliver` (SMTP), with its attachments read back from storage. */
export type Deliver = (mail: {
  /** The outbox row: the SMTP Message-ID is made from it (messageIdOf). */
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  attachments: MailAttachment[];
}) => Promise<void>;

/**
 * One pass of the outbox worker: claims due mails and delivers them; a failure is recorded with
 * its error and the next attempt pushed back exponentially (capped at one hour), up to
 * maxAttempts. Answers how many were sent and how many failed.
 */
export async function processOutbox(db: Queryable, storage: FileStorage, deliver: Deliver, limit?: number) {
  const claimed = await claimDueMails(db, limit);
  let sent = 0;
  let failed = 0;
  if (claimed.length === 0) return { sent, failed };
  const settings = await getSettings(db);
  const from = `"${settings.companyName.replace(/"/g, "")}" <${settings.email || "noreply@colmo.local"}>`;
  for (const mail of claimed) {
    try {
      const attachments: MailAttachment[] = [];
      for (const a of mail.attachments ?? []) {
        const content = await storage.get(a.storageKey);
        if (!content) throw new Error(`Allegato mancante: ${a.fileName}`);
        attachments.push({ fileName: a.fileName, mimeType: a.mimeType, content });
      }
      if (mail.restricted && !mail.secretLink) throw new Error("Link monouso non più disponibile: inviane uno nuovo");
      await deliver({
        id: mail.id,
        from,
        to: mail.to,
        subject: mail.subject,
        text: withLink(mail.text, mail.secretLink),
        attachments,
      });
    } catch (err) {
      failed++;
      await recordFailure(
        db,
        mail.id,
        mail.attempts,
        err instanceof Error ? err.message.slice(0, 500) : "Invio non riuscito",
      );
      continue;
    }
    // Delivered: from here on the message is never put back in the queue. Should the mark fail
    // even after its retries, the pass stops and the row keeps its lease (the error is logged).
    await markSent(db, mail.id);
    sent++;
  }
  return { sent, failed };
}

/** The SMTP delivery of the worker. */
export const smtpDeliver =
  (smtpUrl: string): Deliver =>
  async (m) => {
    await transportFor(smtpUrl).sendMail({
      messageId: messageIdOf(m.id),
      from: m.from,
      to: m.to,
      subject: m.subject,
      text: m.text,
      attachments: m.attachments.map((a) => ({ filename: a.fileName, contentType: a.mimeType, content: a.content })),
    });
  };

/** "Posta in uscita": newest first, paged. */
export async function listOutbox(db: Queryable, params: { limit: number; offset: number }) {
  const rows = await db
    .select()
    .from(outbox)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(params.limit)
    .offset(params.offset);
  const [total] = await db.select({ n: count() }).from(outbox);
  return { rows, total: Number(total?.n ?? 0) };
}
