import type { Config } from "../../config";
import type { Queryable } from "../../db/client";
import { queueMail } from "../../mail";
import { getSettings } from "../settings/queries";

/**
 * E-mails the company (its address in the settings) about something a client did in the portal.
 * Call it inside the caller's transaction: the message is queued in the outbox with the client's
 * action and the outbox worker delivers it, so mail never slows or undoes the action. Without an
 * address nothing is queued (the bell notification is already there).
 */
export async function mailCompany(tx: Queryable, config: Config, subject: string, lines: string[]) {
  const settings = await getSettings(tx);
  if (!settings.email) return null;
  return queueMail(tx, { to: settings.email, subject, text: lines.join("\n") }, config);
}
