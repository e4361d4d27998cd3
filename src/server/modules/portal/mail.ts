import type { Db } from "../../db/client";
import { outbox } from "../../db/schema";
import { getSettings } from "../settings/queries";

/**
 * E-mails the company (its address in the settings) about something a client did in the portal.
 * Mail never blocks the client's action: without an address nothing is sent, and the record
 * and the notification are already committed.
 */
export async function mailCompany(db: Db, subject: string, lines: string[]) {
  const settings = await getSettings(db);
  if (!settings.email) return null;
  return sendText(db, settings.email, subject, lines.join("\n"));
}

export async function sendText(db: Db, to: string, subject: string, text: string) {
  const [row] = await db.insert(outbox).values({ to, subject, text }).returning({ id: outbox.id });
  return row!.id;
}
