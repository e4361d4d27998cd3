import { and, desc, eq, gte, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import { addDays } from "@domain/dates";
import { notificationKinds } from "@domain/notifications";
import { loadConfig } from "../config";
import {
  activityLog,
  attachments,
  clients,
  companySettings,
  constructionSites,
  contracts,
  estimates,
  invoicePayments,
  invoices,
  notifications,
  surveys,
  users,
} from "../db/schema";
import { rgbPng, roofPhoto } from "../modules/surveys/demo-photo";
import { newStorageKey, storageFor } from "../storage";
import type { DemoContext } from "./context";

/**
 * The finishing touches that make a fresh demo "alive" on first login (issue 28, item "A living
 * demo"): complete company data with a logo (so an invoice can be issued at once), the payments
 * behind every paid invoice and some of this month, photos on surveys and sites, the technician's
 * day today and tomorrow, a portal client with requests and notifications, and recent activity.
 * Every date is relative to ctx.today, so the demo never looks stale. Runs after the users exist.
 */
export async function seedLivingDemo(ctx: DemoContext) {
  await seedCompany(ctx);
  await seedPayments(ctx);
  await seedTechnicianDay(ctx);
  await seedSitePhotos(ctx);
  await seedPortalLife(ctx);
  await seedActivity(ctx);
}

export const DEMO_COMPANY = {
  companyName: "Colmo Coperture S.r.l.",
  vatNumber: "01234567897",
  fiscalCode: "01234567897",
  address: "Via dei Mille 18",
  city: "Monza",
  province: "MB",
  zipCode: "20900",
  reaNumber: "MB-1876543",
  phone: "039 2345678",
  email: "info@colmo-coperture.example",
  pec: "colmo-coperture@pec.example",
  iban: "IT60X0542811101000000123456",
};

/** A 200×80 letterhead mark: a terracotta roof pitch over the firm's band. */
export function demoLogo(): Buffer {
  const w = 200;
  const h = 80;
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 3 + 1)] = 0;
    for (let x = 0; x < w; x++) {
      const roof = x < 80 && y >= 10 + Math.abs(x - 40) * 0.75 && y < 50;
      const band = y >= 56 && y < 64;
      const rgb = roof ? [192, 80, 45] : band ? [40, 48, 60] : [255, 255, 255];
      const o = y * (w * 3 + 1) + 1 + x * 3;
      raw[o] = rgb[0]!;
      raw[o + 1] = rgb[1]!;
      raw[o + 2] = rgb[2]!;
    }
  }
  return rgbPng(w, h, raw);
}

async function seedCompany({ db }: DemoContext) {
  const storage = storageFor(loadConfig(), db);
  const [existing] = await db.select().from(companySettings).where(eq(companySettings.id, 1));
  // An installation with its own company data keeps it: the demo only fills what is empty.
  const fill = Object.fromEntries(
    Object.entries(DEMO_COMPANY).filter(([key]) => !existing?.[key as keyof typeof DEMO_COMPANY]?.trim()),
  );
  let logo: { logoKey: string; logoMime: string } | Record<string, never> = {};
  if (!existing?.logoKey) {
    const logoKey = newStorageKey("settings", "png");
    await storage.put(logoKey, demoLogo());
    logo = { logoKey, logoMime: "image/png" };
  }
  await db
    .insert(companySettings)
    .values({ id: 1, ...DEMO_COMPANY, ...logo })
    .onConflictDoUpdate({ target: companySettings.id, set: { ...fill, ...logo } });
}

/**
 * Every paid invoice gets the payment behind it (the dashboard's revenue is the sum of payments);
 * a few open invoices get a payment this month, some in full and some in part.
 */
async function seedPayments({ db, today }: DemoContext) {
  // Drafts are being prepared today: issuing one takes the next number in date order.
  await db
    .update(invoices)
    .set({ issueDate: today, dueDate: addDays(today, 30) })
    .where(eq(invoices.status, "bozza"));
  // Years-old unpaid invoices would make the reminders list look abandoned: those due more than
  // four months ago were paid a couple of weeks after their due date. Recent ones stay overdue.
  await db.execute(sql`
    update ${invoices} set status = 'pagata', paid_date = least(due_date + 15, ${today}::date)
    where status = 'inviata' and due_date < ${addDays(today, -120)}::date`);
  await db.execute(sql`
    insert into ${invoicePayments} (invoice_id, date, amount, method)
    select i.id, coalesce(i.paid_date, i.issue_date), i.net_to_pay, 'bonifico' from ${invoices} i
    where i.status = 'pagata' and i.net_to_pay > 0
      and not exists (select 1 from ${invoicePayments} p where p.invoice_id = i.id)`);
  await db.execute(sql`update ${invoices} set paid_amount = net_to_pay where status = 'pagata'`);
  const monthStart = `${today.slice(0, 8)}01`;
  const open = await db
    .select({ id: invoices.id, netToPay: invoices.netToPay, issueDate: invoices.issueDate })
    .from(invoices)
    .where(and(eq(invoices.status, "inviata"), eq(invoices.paidAmount, "0"), lte(invoices.issueDate, today)))
    .orderBy(desc(invoices.issueDate))
    .limit(8);
  let day = 0;
  for (const [i, inv] of open.entries()) {
    if (i === 0) continue; // the newest stays open: the portal client and the office have one to collect
    const date = maxDate(maxDate(monthStart, inv.issueDate), addDays(today, -day++));
    const full = i % 3 !== 0;
    const amount = full ? inv.netToPay : halfOf(inv.netToPay);
    await db.transaction(async (tx) => {
      await tx.insert(invoicePayments).values({ invoiceId: inv.id, date, amount, method: i % 2 ? "bonifico" : "riba" });
      await tx
        .update(invoices)
        .set(full ? { paidAmount: amount, status: "pagata", paidDate: date } : { paidAmount: amount })
        .where(eq(invoices.id, inv.id));
    });
  }
}

const maxDate = (a: string, b: string) => (a > b ? a : b);
/** Half of a money string, rounded down to the cent (exact: integer cents). */
function halfOf(amount: string) {
  const cents = BigInt(amount.replace(".", ""));
  const half = cents / 2n;
  return `${half / 100n}.${String(half % 100n).padStart(2, "0")}`;
}

async function technicianId(db: DemoContext["db"]) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, "tecnico"));
  return row?.id ?? null;
}

/** The technician's phone shows surveys today and tomorrow and the sites he runs. */
async function seedTechnicianDay(ctx: DemoContext) {
  const { db, today } = ctx;
  const tecnico = await technicianId(db);
  if (!tecnico) return;
  const tomorrow = addDays(today, 1);
  const someClients = await db
    .select({ id: clients.id, address: clients.address, city: clients.city })
    .from(clients)
    .orderBy(clients.createdAt)
    .limit(6);
  const planned: [string, string, string][] = [
    [today, "08:30", "Infiltrazioni dal lucernario in mansarda"],
    [today, "11:00", "Tegole scivolate dopo la grandinata"],
    [today, "15:00", "Verifica stato del manto prima dell'inverno"],
    [tomorrow, "09:00", "Grondaie intasate e pluviale staccato"],
    [tomorrow, "14:30", "Terrazzo con ristagni d'acqua"],
  ];
  const rows = planned.flatMap(([date, time, description], i) => {
    const c = someClients[i % Math.max(someClients.length, 1)];
    if (!c) return [];
    return [
      {
        clientId: c.id,
        date,
        time,
        address: c.city ? `${c.address}, ${c.city}` : c.address,
        description,
        status: "programmato" as const,
        surveyType: "tecnico",
        urgencyLevel: i === 0 ? "alta" : "media",
        requiredEquipment: "Scala da 12 m, imbracatura, drone per le riprese",
        assignedUserId: tecnico,
      },
    ];
  });
  if (rows.length) await db.insert(surveys).values(rows);
  // The rest of this week's surveys go to him too, and the sites in progress nearest to today.
  await db
    .update(surveys)
    .set({ assignedUserId: tecnico })
    .where(and(isNull(surveys.assignedUserId), gte(surveys.date, today), lte(surveys.date, addDays(today, 7)), eq(surveys.status, "programmato")));
  const running = await db
    .select({ id: constructionSites.id })
    .from(constructionSites)
    .where(inArray(constructionSites.status, ["in_corso", "programmato"]))
    .orderBy(desc(constructionSites.status), desc(constructionSites.startDate))
    .limit(4);
  if (running.length)
    await db
      .update(constructionSites)
      .set({ assignedUserId: tecnico })
      .where(inArray(constructionSites.id, running.map((r) => r.id)));
}

/** Photos on the sites in progress (those of the portal client shown to him). */
async function seedSitePhotos(ctx: DemoContext) {
  const { db } = ctx;
  const storage = storageFor(loadConfig(), db);
  const portalClient = ctx.ids.portalClient?.[0] ?? null;
  const sites = await db
    .select({ id: constructionSites.id, clientId: estimates.clientId })
    .from(constructionSites)
    .innerJoin(estimates, eq(estimates.id, constructionSites.estimateId))
    .where(ne(constructionSites.status, "completato"))
    .orderBy(sql`${estimates.clientId} = ${portalClient} desc`, desc(constructionSites.status), desc(constructionSites.startDate))
    .limit(8);
  const tecnico = await technicianId(db);
  let seed = 20;
  const rows: (typeof attachments.$inferInsert)[] = [];
  for (const site of sites) {
    for (const label of ["ponteggio", "posa-guaina"]) {
      const data = roofPhoto(seed++);
      const key = newStorageKey(`site/${site.id}`, "png");
      await storage.put(key, data);
      rows.push({
        entityType: "site",
        entityId: site.id,
        fileName: `${label}.png`,
        mimeType: "image/png",
        size: data.length,
        storageKey: key,
        sharedWithClient: site.clientId === portalClient,
        uploadedBy: tecnico,
      });
    }
  }
  if (rows.length) await db.insert(attachments).values(rows);
}

/** The portal client: a survey request of his, an information request, and his bell. */
async function seedPortalLife(ctx: DemoContext) {
  const { db, today } = ctx;
  const clientId = ctx.ids.portalClient?.[0];
  if (!clientId) return;
  const [client] = await db.select().from(clients).where(eq(clients.id, clientId));
  if (!client) return;
  const name = client.name;
  const address = client.city ? `${client.address}, ${client.city}` : client.address;
  const [request] = await db
    .insert(surveys)
    .values({
      clientId,
      date: addDays(today, 6),
      address,
      description: "Macchie di umidità sul soffitto della camera dopo le ultime piogge",
      notes: "Richiesta dal portale · fascia oraria preferita: mattina · urgenza: media",
      status: "programmato",
      urgencyLevel: "media",
      createdAt: `${addDays(today, -1)}T17:40:00Z`,
    })
    .returning({ id: surveys.id });
  const [sent] = await db
    .select({ id: estimates.id, number: estimates.number, title: estimates.title, sentAt: estimates.sentAt })
    .from(estimates)
    .where(and(eq(estimates.clientId, clientId), eq(estimates.status, "inviato")))
    .orderBy(desc(estimates.sentAt))
    .limit(1);
  const [open] = await db
    .select({ id: invoices.id, number: invoices.number, dueDate: invoices.dueDate })
    .from(invoices)
    .innerJoin(contracts, eq(contracts.id, invoices.contractId))
    .innerJoin(estimates, eq(estimates.id, contracts.estimateId))
    .where(and(eq(estimates.clientId, clientId), eq(invoices.status, "inviata")))
    .orderBy(desc(invoices.issueDate))
    .limit(1);
  const [paid] = await db
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .innerJoin(contracts, eq(contracts.id, invoices.contractId))
    .innerJoin(estimates, eq(estimates.id, contracts.estimateId))
    .where(and(eq(estimates.clientId, clientId), eq(invoices.status, "pagata")))
    .orderBy(desc(invoices.issueDate))
    .limit(1);
  const at = (days: number, time: string) => `${addDays(today, days)}T${time}:00Z`;
  const forClient: (typeof notifications.$inferInsert)[] = [
    ...(sent
      ? [{ kind: "estimate_sent", title: `Nuovo preventivo ${sent.number}`, body: sent.title, link: `/client/estimates/${sent.id}`, entityType: "estimate", entityId: sent.id, createdAt: at(-5, "09:00") }]
      : []),
    ...(open
      ? [{ kind: "invoice_issued", title: `Fattura ${open.number} emessa`, body: `Scadenza ${open.dueDate.split("-").reverse().join("/")}`, link: `/client/invoices/${open.id}`, entityType: "invoice", entityId: open.id, createdAt: at(-3, "10:00") }]
      : []),
    ...(paid
      ? [{ kind: "payment_recorded", title: `Pagamento ricevuto sulla fattura ${paid.number}`, body: "Grazie, il pagamento è stato registrato.", link: `/client/invoices/${paid.id}`, entityType: "invoice", entityId: paid.id, createdAt: at(-2, "15:20"), readAt: at(-2, "18:00") }]
      : []),
    { kind: "survey_scheduled", title: "Sopralluogo in programma", body: `${address} · ${addDays(today, 6).split("-").reverse().join("/")}`, link: "/client", entityType: "survey", entityId: request!.id, createdAt: at(0, "08:10") },
  ];
  const forOffice: (typeof notifications.$inferInsert)[] = [
    {
      kind: notificationKinds.surveyRequest,
      title: "Nuova richiesta di sopralluogo",
      body: `${name} · ${address} · Urgenza Media`,
      link: `/admin/surveys/${request!.id}`,
      entityType: "survey",
      entityId: request!.id,
      createdAt: at(-1, "17:40"),
    },
    {
      kind: notificationKinds.informationRequest,
      title: `Richiesta di informazioni da ${name}`,
      body: "Tempi dei lavori: quando potete iniziare il rifacimento del manto?",
      link: `/admin/clients/${clientId}`,
      entityType: "client",
      entityId: clientId,
      createdAt: at(0, "07:55"),
    },
  ];
  await db.insert(notifications).values([
    ...forClient.map((n) => ({ ...n, audience: "client", clientId })),
    ...forOffice.map((n) => ({ ...n, audience: "admin" })),
  ]);
  await db.insert(activityLog).values([
    { at: at(-1, "17:40"), actorName: DEMO_PORTAL_ACTOR, action: "request", entityType: "survey", entityId: request!.id, clientId, description: `Richiesta di sopralluogo da ${name} per il ${addDays(today, 6).split("-").reverse().join("/")}` },
    { at: at(0, "07:55"), actorName: DEMO_PORTAL_ACTOR, action: "request", entityType: "client", entityId: clientId, clientId, description: `Richiesta di informazioni da ${name}: Tempi dei lavori` },
  ]);
}
const DEMO_PORTAL_ACTOR = "cliente";

/** "Attività recente": what the office did over the last two weeks, from the documents themselves. */
async function seedActivity({ db, today }: DemoContext) {
  const since = addDays(today, -14);
  await db.execute(sql`
    insert into ${activityLog} (at, actor_name, action, entity_type, entity_id, client_id, description)
    select e.sent_at, 'ufficio', 'send', 'estimate', e.id, e.client_id,
           'Preventivo ' || e.number || ' inviato a ' || c.name
    from ${estimates} e join ${clients} c on c.id = e.client_id
    where e.sent_at >= ${since} and e.sent_at <= ${`${today}T23:59:59Z`}
    union all
    select e.accepted_at, 'cliente', 'accept', 'estimate', e.id, e.client_id,
           'Preventivo ' || e.number || ' accettato da ' || c.name
    from ${estimates} e join ${clients} c on c.id = e.client_id
    where e.accepted_at >= ${since} and e.accepted_at <= ${`${today}T23:59:59Z`}
    union all
    select i.sent_at, 'ufficio', 'send', 'invoice', i.id, e.client_id,
           'Fattura ' || i.number || ' emessa a ' || c.name
    from ${invoices} i join ${contracts} k on k.id = i.contract_id join ${estimates} e on e.id = k.estimate_id
    join ${clients} c on c.id = e.client_id
    where i.sent_at >= ${since} and i.sent_at <= ${`${today}T23:59:59Z`}
    union all
    select (p.date::text || 'T11:00:00Z')::timestamptz, 'ufficio', 'payment', 'invoice', i.id, e.client_id,
           'Pagamento registrato sulla fattura ' || i.number
    from ${invoicePayments} p join ${invoices} i on i.id = p.invoice_id
    join ${contracts} k on k.id = i.contract_id join ${estimates} e on e.id = k.estimate_id
    where p.date >= ${since} and p.date <= ${today}`);
}
