import { inArray } from "drizzle-orm";
import { addDays } from "@domain/dates";
import { estimatedDurations, surveyTypes, urgencyLevels, weatherConditions } from "@domain/catalogue";
import { loadConfig } from "../../config";
import { attachments, clients, surveys } from "../../db/schema";
import { insertBatched, type DemoContext } from "../../demo/context";
import { newStorageKey, storageFor } from "../../storage";
import { roofPhoto } from "./demo-photo";

const problems = [
  "Infiltrazioni dal lucernario in mansarda",
  "Tegole scivolate dopo la grandinata",
  "Verifica stato del manto prima dell'inverno",
  "Perizia per sinistro assicurativo",
  "Rifacimento completo della copertura",
  "Terrazzo con ristagni d'acqua",
  "Grondaie intasate e pluviale staccato",
  "Rimozione lastre in eternit dal capannone",
  "Isolamento del sottotetto",
  "Collaudo dei lavori di impermeabilizzazione",
  null,
];
const times = ["08:30", "09:00", "10:00", "11:30", "14:00", "15:30", "16:30", null];

/**
 * 120 surveys per unit of scale from ten years ago to two months ahead: the past ones are
 * mostly completed (some cancelled), the coming ones programmed. A few carry generated photos.
 */
export async function seedSurveys(ctx: DemoContext) {
  const { random, today } = ctx;
  const clientIds = ctx.ids.clients ?? [];
  if (clientIds.length === 0) return;
  const clientRows = await ctx.db.select({ id: clients.id, address: clients.address, city: clients.city }).from(clients).where(inArray(clients.id, clientIds.slice(0, 30_000)));
  const byClient = new Map<string, string[]>();
  (ctx.ids.contacts ?? []).forEach((id, i) => {
    const c = ctx.ids.contactClients![i]!;
    byClient.set(c, [...(byClient.get(c) ?? []), id]);
  });

  const rows: (typeof surveys.$inferInsert)[] = [];
  const n = 120 * ctx.scale;
  for (let i = 0; i < n; i++) {
    // The portal client gets a few too, so its pages have something to show.
    const client = i < 3 ? clientRows.find((c) => c.id === ctx.ids.portalClient?.[0]) ?? random.pick(clientRows) : random.pick(clientRows);
    // Most recent weeks are busier: a third of them within ±3 weeks of today.
    const date = random.chance(0.35) ? addDays(today, random.int(-21, 21)) : addDays(today, random.int(-10 * 365, 60));
    const past = date < today;
    const status = past ? random.weighted([["completato", 8], ["annullato", 1], ["programmato", 1]] as const) : random.weighted([["programmato", 9], ["annullato", 1]] as const);
    const contacts = byClient.get(client.id) ?? [];
    const followUp = status === "completato" && random.chance(0.25);
    const created = new Date(`${addDays(date, -random.int(2, 20))}T09:00:00Z`).toISOString();
    rows.push({
      clientId: client.id,
      contactId: contacts.length && random.chance(0.7) ? random.pick(contacts) : null,
      date,
      time: random.pick(times),
      address: client.city ? `${client.address}, ${client.city}` : client.address,
      description: random.pick(problems),
      status,
      surveyType: random.pick(surveyTypes),
      estimatedDuration: random.pick(estimatedDurations),
      urgencyLevel: random.pick(urgencyLevels),
      weatherConditions: status === "completato" ? random.pick(weatherConditions) : null,
      ownerPresent: random.chance(0.5),
      requiredEquipment: random.chance(0.5) ? "Scala da 12 m, imbracatura, drone per le riprese" : null,
      accessConditions: random.chance(0.4) ? "Accesso dal cortile interno, chiavi dal custode" : null,
      issuesFound: status === "completato" ? random.pick(["Coppi rotti sul versante nord", "Guaina fessurata vicino al bocchettone", "Converse del camino ossidate", "Nessun danno strutturale"]) : null,
      measurements: status === "completato" ? `Superficie falda ${random.int(40, 400)} mq, pendenza ${random.int(15, 45)}%` : null,
      safetyNotes: random.chance(0.3) ? "Linea vita assente: prevedere ponteggio" : null,
      followUpRequired: followUp,
      followUpDate: followUp ? addDays(date, random.int(7, 40)) : null,
      createdAt: created,
      updatedAt: created,
    });
  }
  ctx.ids.surveys = [];
  ctx.ids.surveyClients = [];
  const completed: string[] = [];
  await insertBatched(rows, async (batch) => {
    const inserted = await ctx.db.insert(surveys).values(batch).returning({ id: surveys.id, clientId: surveys.clientId, status: surveys.status });
    for (const r of inserted) {
      ctx.ids.surveys!.push(r.id);
      ctx.ids.surveyClients!.push(r.clientId);
      if (r.status === "completato") completed.push(r.id);
    }
  });
  await seedPhotos(ctx, completed.slice(0, 6));
}

/** Two small generated photos on a few completed surveys, stored like real uploads. */
async function seedPhotos(ctx: DemoContext, surveyIds: string[]) {
  const storage = storageFor(loadConfig(), ctx.db);
  const rows: (typeof attachments.$inferInsert)[] = [];
  let seed = 0;
  for (const surveyId of surveyIds) {
    for (const label of ["falda-nord", "dettaglio-colmo"]) {
      const data = roofPhoto(seed++);
      const key = newStorageKey(`survey/${surveyId}`, "png");
      await storage.put(key, data);
      rows.push({ entityType: "survey", entityId: surveyId, fileName: `${label}.png`, mimeType: "image/png", size: data.length, storageKey: key });
    }
  }
  if (rows.length) await ctx.db.insert(attachments).values(rows);
}
