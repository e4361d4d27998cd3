import { eq, sql, type SQL } from "drizzle-orm";
import { completeCompanySettings } from "../fixtures/contracts";
import type { Db } from "../../db/client";
import { clients, contacts, notifications, orderItems, orders, outbox, services, suppliers, surveys, users } from "../../db/schema";
import { seedPortalWorld, type PortalWorld } from "../fixtures/portal";
import type { TestApp } from "../app";

// Two clients with one of everything, plus the records no client owns (catalogue, suppliers,
// orders): the data set the permissions matrix and the fuzzers run against.

export const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f00050001ff89993d1d0000000049454e44ae426082",
  "hex",
);
/** Right first bytes, broken inside: what a truncated or damaged upload looks like. */
export const DAMAGED_PNG = Buffer.concat([PNG.subarray(0, 41), Buffer.from("00000000", "hex"), PNG.subarray(45)]);

export function multipart(parts: { name?: string; fileName: string; type: string; data: Buffer }[]) {
  const boundary = "----colmo" + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name ?? "files"}"; filename="${p.fileName}"\r\nContent-Type: ${p.type}\r\n\r\n`,
      ),
    );
    chunks.push(p.data, Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** Rows of a raw SQL query (the driver-neutral Db types execute() as unknown). */
export async function rowsOf<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface World extends PortalWorld {
  label: string;
  survey: { id: string };
  contact: { id: string };
  notification: { id: string };
  surveyPhoto: { id: string };
  sitePhoto: { id: string };
  estimateItemId: string;
  cookie: string;
}

async function upload(t: TestApp, entityType: "site" | "survey", entityId: string, fileName: string) {
  const body = multipart([{ fileName, type: "image/png", data: PNG }]);
  const res = await t.app.inject({
    method: "POST",
    url: `/api/attachments?entityType=${entityType}&entityId=${entityId}`,
    headers: { cookie: t.admin, ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  const [row] = res.json() as { id: string }[];
  // Shared with the portal, so only ownership (not the share flag) keeps another client out.
  await t.app.inject({ method: "PATCH", url: `/api/attachments/${row!.id}`, headers: { cookie: t.admin }, payload: { sharedWithClient: true } });
  return row!;
}

export async function seedWorld(t: TestApp, label: string): Promise<World> {
  const w = await seedPortalWorld(t.db, label);
  // Complete fiscal data, so that the FatturaPA of its invoices can be produced.
  await t.db.update(clients).set({ city: "Monza", province: "MB", zipCode: "20900" }).where(eq(clients.id, w.clientId));
  const [survey] = await t.db
    .insert(surveys)
    .values({ clientId: w.clientId, date: "2026-03-02", address: `Via ${label} 9`, description: `Sopralluogo ${label}` })
    .returning();
  const [contact] = await t.db.insert(contacts).values({ clientId: w.clientId, name: `Referente ${label}`, email: `ref-${label.toLowerCase()}@example.it` }).returning();
  const [notification] = await t.db
    .insert(notifications)
    .values({ audience: "client", clientId: w.clientId, kind: "estimate_sent", title: `Avviso ${label}`, entityType: "estimate", entityId: w.estimates.sent.id })
    .returning();
  const surveyPhoto = await upload(t, "survey", survey!.id, `sopralluogo-${label}.png`);
  const sitePhoto = await upload(t, "site", w.sites.running.id, `cantiere-${label}.png`);
  const [item] = await rowsOf<{ id: string }>(t.db, sql`select id from estimate_items where estimate_id = ${w.estimates.sent.id} limit 1`);
  const estimateItemId = String(item!.id);
  const { cookie } = await t.clientUser(w.clientId);
  return { ...w, label, survey: survey!, contact: contact!, notification: notification!, surveyPhoto, sitePhoto, estimateItemId, cookie };
}

/** Records that belong to no client: only administrators reach them. */
export async function seedShared(db: Db) {
  await completeCompanySettings(db);
  const [service] = await db.insert(services).values({ name: "Posa tegole", unitPrice: "35.00", unit: "mq", category: "Coperture" }).returning();
  const [supplier] = await db.insert(suppliers).values({ name: "Laterizi Brianza", city: "Monza", vatNumber: "01234567897" }).returning();
  const year = new Date().getFullYear();
  const [order] = await db
    .insert(orders)
    .values({ number: `ORD-${year}-901`, supplierId: supplier!.id, title: "Tegole", orderDate: `${year}-01-10`, totalAmount: "100.00" })
    .returning();
  const [orderItem] = await db
    .insert(orderItems)
    .values({ orderId: order!.id, description: "Tegole portoghesi", quantity: "10.00", unitPrice: "10.00", totalPrice: "100.00" })
    .returning();
  const [mail] = await db.insert(outbox).values({ to: "ufficio@example.it", subject: "Prova", text: "Testo", attachments: [] }).returning();
  // A colleague the users routes can name (and an administrator may change or delete).
  const [colleague] = await db.insert(users).values({ username: "collega.matrice", name: "Collega Matrice", role: "tecnico" }).returning();
  return { service: service!, supplier: supplier!, order: order!, orderItem: orderItem!, outboxId: mail!.id, colleagueId: colleague!.id };
}
export type Shared = Awaited<ReturnType<typeof seedShared>>;

/** Everything that identifies a client's data: name, ids, numbers, labels. */
export function secretsOf(w: World): string[] {
  return [
    w.client.name,
    w.clientId,
    `Via ${w.label}`,
    ...Object.values(w.estimates).flatMap((e) => [e.id, e.number]),
    w.contract.id,
    w.contract.number,
    ...Object.values(w.sites).flatMap((s) => [s.id, s.name]),
    ...Object.values(w.invoices).flatMap((i) => (i.number ? [i.id, i.number] : [i.id])),
    w.survey.id,
    w.contact.id,
    w.notification.id,
    w.surveyPhoto.id,
    w.sitePhoto.id,
    w.estimateItemId,
  ];
}

/** Total rows of every table but the ones a refused request may legitimately touch (sessions, login throttle). */
const countQueries = new WeakMap<Db, string>();
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const cached = countQueries.get(db);
  if (cached) {
    const res = await rowsOf<{ t: string; n: number }>(db, sql.raw(cached));
    return Object.fromEntries(res.map((r) => [String(r.t), Number(r.n)]));
  }
  const tables = await rowsOf<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('sessions', 'login_attempts')`,
  );
  const names = tables.map((r) => String(r.table_name));
  const union = names.map((n) => `select '${n}' as t, count(*)::int as n from "${n}"`).join(" union all ");
  countQueries.set(db, union);
  return rowCounts(db);
}
