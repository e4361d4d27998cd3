import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { sendMail } from "../../mail";
import { getSettings } from "../settings/queries";

/**
 * E-mails the company (its address in the settings) about something a client did in the portal.
 * Called after the commit: mail never undoes the client's action, and without an address
 * nothing is sent (the bell notification is already there).
 */
export async function mailCompany(db: Db, config: Config, subject: string, lines: string[]) {
  const settings = await getSettings(db);
  if (!settings.email) return null;
  return sendMail(db, { to: settings.email, subject, text: lines.join("\n") }, config);
}
