import { todayIso } from "@domain/dates";
import type { Db } from "../../db/client";
import { syncDerivedNotifications } from "./derived";
import { listNotifications, type Bell } from "./queries";

/** A bell's list: overdue invoices, late sites and expiring estimates are brought up to date on read. */
export async function readBell(db: Db, bell: Bell) {
  await db.transaction((tx) => syncDerivedNotifications(tx, todayIso(), bell.audience, bell.clientId));
  return listNotifications(db, bell);
}
