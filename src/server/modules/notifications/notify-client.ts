import { eq } from "drizzle-orm";
import type { Config } from "../../config";
import type { Queryable } from "../../db/client";
import { clients } from "../../db/schema";
import { queueMail } from "../../mail";
import { getSettings } from "../settings/queries";
import { notify, type NotifyInput } from "./notify";

export interface ClientNotice extends Omit<NotifyInput, "audience" | "clientId"> {
  clientId: string;
  /** The e-mail's lines after the greeting; without them only the bell is written. */
  mail?: { subject: string; lines: string[] } | undefined;
}

/** What a notice needs from the configuration: the portal's address and where mail goes. */
export type NoticeConfig = Pick<Config, "publicUrl" | "smtpUrl" | "dataDir"> & Partial<Pick<Config, "databaseUrl">>;

/**
 * Tells a portal client of something the office did (docs/domain/portal.md): a notification in
 * the client's bell, and an e-mail queued in the outbox when the client has an address. Call it
 * inside the caller's transaction: both exist exactly when the office's write commits, and a
 * rolled-back write tells nothing. The outbox worker delivers the e-mail (queueMail), so neither
 * the request nor its transaction ever waits on a mail server.
 */
export async function notifyClient(tx: Queryable, config: NoticeConfig, notice: ClientNotice): Promise<void> {
  const { mail, ...bell } = notice;
  await notify(tx, { ...bell, audience: "client" });
  if (!mail) return;
  const [client] = await tx.select({ name: clients.name, email: clients.email }).from(clients).where(eq(clients.id, notice.clientId));
  if (!client?.email) return;
  const settings = await getSettings(tx);
  await queueMail(
    tx,
    {
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
    },
    config,
  );
}
