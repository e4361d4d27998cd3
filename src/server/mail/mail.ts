import { desc, count } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "../config";
import { loadConfig } from "../config";
import type { Queryable } from "../db/client";
import { outbox } from "../db/schema";
import { getSettings } from "../modules/settings/queries";
import { createDiskStorage, newStorageKey, uploadsDir } from "../storage/storage";

// One way out for every e-mail of the product (estimates, orders, invoices, notices).
// With SMTP_URL the message goes through SMTP and is logged in the outbox as sent; without it
// (decisions §1) the message is stored in the outbox, attachments in the file storage under
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
  /** Overrides the sender; default: the company name and e-mail from the settings. */
  from?: string;
  replyTo?: string;
}

export type MailConfig = Pick<Config, "smtpUrl" | "dataDir">;

export interface MailResult {
  /** The outbox row that records the message. */
  id: string;
  /** "sent": handed to the SMTP server; "stored": kept in the outbox; "failed": SMTP refused it. */
  status: "sent" | "stored" | "failed";
  error?: string;
}

const transports = new Map<string, Transporter>();
function transportFor(smtpUrl: string): Transporter {
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
 * Sends (or stores) one e-mail. It never throws for an SMTP failure: the failure is recorded in
 * the outbox with its error, so a document's state change is not undone by a mail server that
 * is down, and the admin sees what did not leave. Pass a transaction as `db` to tie the outbox
 * row to the caller's write (without SMTP); with SMTP call it after committing.
 */
export async function sendMail(db: Queryable, message: MailMessage, config: MailConfig = loadConfig()): Promise<MailResult> {
  const attachments = message.attachments ?? [];
  const settings = await getSettings(db);
  const from = message.from ?? `"${settings.companyName.replace(/"/g, "")}" <${settings.email || "noreply@colmo.local"}>`;

  const storage = createDiskStorage(uploadsDir(config.dataDir));
  const stored = [];
  for (const a of attachments) {
    const storageKey = newStorageKey("outbox", extensionOf(a.fileName));
    await storage.put(storageKey, a.content);
    stored.push({ fileName: a.fileName, mimeType: a.mimeType, storageKey });
  }

  let status: MailResult["status"] = "stored";
  let error: string | undefined;
  if (config.smtpUrl) {
    try {
      await transportFor(config.smtpUrl).sendMail({
        from,
        to: message.to,
        replyTo: message.replyTo,
        subject: message.subject,
        text: message.text,
        attachments: attachments.map((a) => ({ filename: a.fileName, contentType: a.mimeType, content: a.content })),
      });
      status = "sent";
    } catch (err) {
      status = "failed";
      error = err instanceof Error ? err.message.slice(0, 500) : "Invio non riuscito";
    }
  }

  const [row] = await db
    .insert(outbox)
    .values({
      to: message.to,
      subject: message.subject,
      text: message.text,
      attachments: stored,
      sentAt: status === "sent" ? new Date().toISOString() : null,
      error: error ?? null,
    })
    .returning({ id: outbox.id });
  return { id: row!.id, status, ...(error ? { error } : {}) };
}

/** "Posta in uscita": newest first, paged. */
export async function listOutbox(db: Queryable, params: { limit: number; offset: number }) {
  const rows = await db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(params.limit).offset(params.offset);
  const [total] = await db.select({ n: count() }).from(outbox);
  return { rows, total: Number(total?.n ?? 0) };
}
