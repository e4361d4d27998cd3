import { eq } from "drizzle-orm";
import type { Config } from "../../config";
import type { Queryable } from "../../db/client";
import { clients } from "../../db/schema";
import { sendMail, type MailMessage } from "../../mail";
import { getSettings } from "../settings/queries";
import { notify, type NotifyInput } from "./notify";

export interface ClientNotice extends Omit<NotifyInput, "audience" | "clientId"> {
  clientId: string;
  /** The e-mail's lines after the greeting; without them only the bell is written. */
  mail?: { subject: string; lines: string[] } | undefined;
}

/**
 * Tells a portal client of something the office did (docs/domain/portal.md): a
 * notification in the client's bell, and an e-mail through the outbox when the client has an
 * address. Call it inside the caller's transaction. Without SMTP the e-mail is stored in the
 * same transaction; with SMTP the message is returned and the caller sends it after the commit
 * (`deliverAfterCommit`), so a mail server that is down never undoes the office's write.
 */
export async function notifyClient(tx: Queryable, config: Config, notice: ClientNotice): Promise<MailMessage | null> {
  const { mail, ...bell } = notice;
  await notify(tx, { ...bell, audience: "client" });
  if (!mail) return null;
  const [client] = await tx.select({ name: clients.name, email: clients.email }).from(clients).where(eq(clients.id, notice.clientId));
  if (!client?.email) return null;
  const settings = await getSettings(tx);
  const message: MailMessage = {
    to: client.email,
    subject: mail.subject,
    text: [
      `Gentile ${client.name},`,
      "",
      ...mail.lines,
      ...(bell.link ? ["", `Lo trova nel portale clienti: ${config.publicUrl}${bell.link}`] : []),
      "",
      "Cordiali saluti,",
      settings.companyName,
    ].join("\n"),
  };
  if (config.smtpUrl) return message;
  await sendMail(tx, message, config);
  return null;
}

/** Sends, after the commit, the messages notifyClient left for SMTP. */
export async function deliverAfterCommit(db: Queryable, config: Config, messages: (MailMessage | null)[]) {
  for (const message of messages) if (message) await sendMail(db, message, config);
}
