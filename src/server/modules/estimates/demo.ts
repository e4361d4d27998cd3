import { eq, inArray, sql } from "drizzle-orm";
import { addDays, daysBetween } from "@domain/dates";
import { computeEstimateTotals, serviceLineDescription } from "@domain/estimates";
import { lineTotal } from "@domain/money";
import type { EstimateStatus } from "@domain/statuses";
import { newLineVatRate, storedVatFigures, vatContextOf, type DocumentTreatment } from "@domain/vat";
import { clients, documentCounters, estimateItems, estimates, orders, services } from "../../db/schema";
import { insertBatched, type DemoContext } from "../../demo/context";
import { formatDocumentNumber } from "../../lib/numbering";

const titles = [
  "Rifacimento manto di copertura",
  "Impermeabilizzazione terrazzo",
  "Sostituzione lattoneria",
  "Isolamento sottotetto",
  "Manutenzione straordinaria tetto",
  "Bonifica e rifacimento copertura in amianto",
  "Posa linea vita",
  "Riparazione infiltrazioni",
  "Rifacimento grondaie e pluviali",
  "Copertura in legno ventilata",
];
const customLines: [string, string, number, number][] = [
  ["Ponteggio perimetrale a norma, montaggio e smontaggio", "pz", 600, 2500],
  ["Smaltimento materiali in discarica autorizzata", "pz", 250, 900],
  ["Noleggio piattaforma aerea", "ore", 60, 95],
  ["Oneri per la sicurezza", "pz", 150, 600],
];
const signers = ["Mario Rossi", "Giulia Bianchi", "Luca Ferrari", "Anna Esposito", "Marco Ricci", "Chiara Romano"];

/**
 * 200 estimates per unit of scale (two to eleven lines) over the last ten years, every status present: old ones are
 * mostly decided (accettato / rifiutato), recent ones still bozza or inviato, a few expired.
 * Lines come from the active catalogue plus some custom ones; some carry a survey of their own
 * client or a confermato order. Totals are computed with the same code as the server.
 */
export async function seedEstimates(ctx: DemoContext) {
  const { random, scale, db, today } = ctx;
  const clientIds = ctx.ids.clients ?? [];
  if (clientIds.length === 0) return;
  const clientRows = await db
    .select({
      id: clients.id,
      type: clients.type,
      vatNumber: clients.vatNumber,
      withholdingAgent: clients.withholdingAgent,
    })
    .from(clients)
    .where(inArray(clients.id, clientIds));
  const clientOf = new Map(clientRows.map((c) => [c.id, c]));
  const serviceRows = ctx.ids.activeServices?.length
    ? await db.select().from(services).where(inArray(services.id, ctx.ids.activeServices))
    : [];
  const orderRows = ctx.ids.confirmedOrders?.length
    ? await db
        .select({ id: orders.id, totalAmount: orders.totalAmount })
        .from(orders)
        .where(inArray(orders.id, ctx.ids.confirmedOrders))
    : [];
  const surveysByClient = new Map<string, string[]>();
  (ctx.ids.surveys ?? []).forEach((id, i) => {
    const client = ctx.ids.surveyClients?.[i];
    if (client) surveysByClient.set(client, [...(surveysByClient.get(client) ?? []), id]);
  });
  const freeOrders = [...orderRows];

  const n = 200 * scale;
  const drafts: {
    estimate: typeof estimates.$inferInsert;
    items: Omit<typeof estimateItems.$inferInsert, "estimateId">[];
  }[] = [];
  for (let i = 0; i < n; i++) {
    const clientId = random.pick(clientIds);
    // A tenth are recent, so the open states (bozza, inviato, in scadenza) are well represented.
    const ageDays = random.chance(0.1) ? random.int(0, 40) : random.int(0, 10 * 365);
    const createdOn = addDays(today, -ageDays);
    const validityDays = random.pick([30, 30, 30, 60, 90]);
    const expiresAt = addDays(createdOn, validityDays);
    // Recent estimates are still open; older ones have been decided.
    const status: EstimateStatus =
      ageDays < 30
        ? random.weighted([
            ["bozza", 3],
            ["inviato", 4],
            ["accettato", 1],
          ] as const)
        : ageDays < 90
          ? random.weighted([
              ["bozza", 1],
              ["inviato", 3],
              ["accettato", 4],
              ["rifiutato", 2],
            ] as const)
          : random.weighted([
              ["inviato", 1],
              ["accettato", 6],
              ["rifiutato", 3],
            ] as const);
    const client = clientOf.get(clientId) ?? { type: "privato" as const, vatNumber: null, withholdingAgent: true };
    // Some subcontracts for builders are under reverse charge (N6.3), by the office's choice.
    const treatment: DocumentTreatment =
      client.type === "azienda" && client.vatNumber && random.chance(0.15) ? "reverse_charge" : "ordinary";
    const vatRate = newLineVatRate(client.type, "22");

    const items: Omit<typeof estimateItems.$inferInsert, "estimateId">[] = [];
    const lineCount = random.int(2, 11);
    for (let l = 0; l < lineCount; l++) {
      const useCatalogue = serviceRows.length > 0 && random.chance(0.75);
      if (useCatalogue) {
        const s = random.pick(serviceRows);
        // Surfaces and lengths come with halves; pieces and hours are whole.
        const quantity = ["mq", "ml", "m3"].includes(s.unit)
          ? `${random.int(5, 250)}.${random.pick(["00", "50"])}`
          : String(random.int(1, 12));
        items.push({
          position: l,
          serviceId: s.id,
          description: serviceLineDescription(s),
          quantity,
          unitPrice: s.unitPrice,
          unit: s.unit,
          totalPrice: lineTotal(quantity, s.unitPrice),
          vatRate,
        });
      } else {
        const [description, unit, min, max] = random.pick(customLines);
        const q = unit === "ore" ? String(random.int(4, 40)) : "1";
        const price = random.money(min, max);
        items.push({
          position: l,
          serviceId: null,
          description,
          quantity: q,
          unitPrice: price,
          unit,
          totalPrice: lineTotal(q, price),
          notes: random.chance(0.2) ? "Compreso nel prezzo il trasporto" : null,
          vatRate,
        });
      }
    }
    const order =
      freeOrders.length > 0 && random.chance(0.1)
        ? freeOrders.splice(random.int(0, freeOrders.length - 1), 1)[0]!
        : null;
    const totals = computeEstimateTotals(
      items as { description: string; quantity: string; unitPrice: string; vatRate: string }[],
      order?.totalAmount ?? null,
      vatContextOf(client, "RF01", treatment),
      vatRate,
    );
    const figures = storedVatFigures(totals.vat!);
    const surveyChoices = surveysByClient.get(clientId);
    const createdAt = `${createdOn}T${String(random.int(8, 17)).padStart(2, "0")}:${String(random.int(0, 59)).padStart(2, "0")}:00Z`;
    const sentAt = status === "bozza" ? null : `${addDays(createdOn, random.int(0, 2))}T10:00:00Z`;
    const decidedOn = addDays(
      createdOn,
      Math.min(random.int(2, validityDays), Math.max(daysBetween(createdOn, today), 0)),
    );
    drafts.push({
      estimate: {
        number: "",
        clientId,
        surveyId: surveyChoices && random.chance(0.6) ? random.pick(surveyChoices) : null,
        orderId: order?.id ?? null,
        title: random.pick(titles),
        description:
          "Fornitura e posa in opera come da sopralluogo, compresi materiali, manodopera e attrezzature. Esclusi eventuali lavori murari non descritti.",
        materialsCost: totals.materialsCost,
        laborCost: totals.laborCost,
        totalAmount: totals.totalAmount,
        treatment,
        vatAmount: figures.vatAmount,
        stampDuty: figures.stampDuty,
        grossTotal: figures.total,
        withholding: figures.withholding,
        netToPay: figures.netToPay,
        validityDays,
        status,
        expiresAt,
        sentAt,
        acceptedAt: status === "accettato" ? `${decidedOn}T15:30:00Z` : null,
        acceptedBy: status === "accettato" ? random.pick(signers) : null,
        acceptedIp: status === "accettato" ? `192.0.2.${random.int(1, 254)}` : null,
        rejectedAt: status === "rifiutato" ? `${decidedOn}T09:15:00Z` : null,
        createdAt,
        updatedAt: createdAt,
      },
      items,
    });
  }

  // Numbers follow the creation date within each year, after whatever the counters already hold.
  drafts.sort((a, b) => a.estimate.createdAt!.localeCompare(b.estimate.createdAt!));
  const existing = await db
    .select({ year: documentCounters.year, last: documentCounters.lastValue })
    .from(documentCounters)
    .where(eq(documentCounters.kind, "PRV"));
  const lastByYear = new Map(existing.map((r) => [r.year, r.last]));
  for (const d of drafts) {
    const year = Number(d.estimate.createdAt!.slice(0, 4));
    const seq = (lastByYear.get(year) ?? 0) + 1;
    lastByYear.set(year, seq);
    d.estimate.number = formatDocumentNumber("PRV", year, seq);
  }

  ctx.ids.estimates = [];
  ctx.ids.acceptedEstimates = [];
  await insertBatched(drafts, async (batch) => {
    const inserted = await db
      .insert(estimates)
      .values(batch.map((d) => d.estimate))
      .returning({ id: estimates.id, status: estimates.status });
    ctx.ids.estimates!.push(...inserted.map((r) => r.id));
    ctx.ids.acceptedEstimates!.push(...inserted.filter((r) => r.status === "accettato").map((r) => r.id));
    const items = batch.flatMap((d, i) => d.items.map((item) => ({ ...item, estimateId: inserted[i]!.id })));
    await insertBatched(items, (chunk) => db.insert(estimateItems).values(chunk));
  });

  for (const [year, last] of lastByYear) {
    await db
      .insert(documentCounters)
      .values({ kind: "PRV", year, lastValue: last })
      .onConflictDoUpdate({
        target: [documentCounters.kind, documentCounters.year],
        set: { lastValue: sql`greatest(${documentCounters.lastValue}, ${last})` },
      });
  }
}
