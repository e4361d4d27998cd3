import { sql } from "drizzle-orm";
import { addDays } from "@domain/dates";
import { computeOrderTotals } from "@domain/orders";
import type { OrderStatus } from "@domain/statuses";
import { documentCounters, orderItems, orders } from "../../db/schema";
import { insertBatched, type DemoContext } from "../../demo/context";
import { formatDocumentNumber } from "../../lib/numbering";

/** Materials with a plausible unit and price range (euro, VAT excluded). */
const materials: [string, string, number, number, number, number][] = [
  // description, unit, min qty, max qty, min price, max price
  ["Coppi portoghesi rossi", "pz", 200, 2000, 0, 1],
  ["Tegole marsigliesi", "pz", 200, 1500, 0, 1],
  ["Guaina bituminosa ardesiata 4 mm", "mq", 50, 400, 5, 9],
  ["Pannelli isolanti EPS 10 cm", "mq", 40, 300, 8, 15],
  ["Lamiera grecata preverniciata 6/10", "mq", 30, 250, 12, 22],
  ["Canale di gronda in rame sv. 33", "ml", 10, 80, 25, 45],
  ["Pluviale in lamiera preverniciata Ø 80", "ml", 10, 60, 9, 16],
  ["Listelli in abete 3x5", "ml", 100, 800, 0, 2],
  ["Travetti lamellari 10x12", "ml", 20, 150, 14, 24],
  ["Membrana traspirante sottotegola", "mq", 50, 400, 1, 3],
  ["Colmo ventilato in alluminio", "ml", 5, 40, 11, 19],
  ["Lucernario per tetti a falda 78x98", "pz", 1, 4, 280, 520],
  ["Viti autoforanti con rondella", "kg", 2, 20, 7, 12],
  ["Noleggio ponteggio (settimana)", "pz", 1, 6, 180, 350],
];
const titles = ["Materiale copertura", "Fornitura lattoneria", "Isolamento sottotetto", "Rifacimento manto", "Impermeabilizzazione terrazzo", "Ricambi e minuteria", "Ponteggio e sicurezza"];

/** 60 orders per unit of scale over the last ten years, two to twelve items each; recent ones still open, every status present. */
export async function seedOrders(ctx: DemoContext) {
  const { random, scale, today } = ctx;
  const supplierIds = ctx.ids.suppliers ?? [];
  if (supplierIds.length === 0) return;
  const activeIds = ctx.ids.activeSuppliers?.length ? ctx.ids.activeSuppliers : supplierIds;
  // Sites are linked only when their seeder ran first (the run order puts them later by default).
  const siteIds = ctx.ids.sites ?? [];
  const n = 60 * scale;

  type Draft = { order: typeof orders.$inferInsert; items: Omit<typeof orderItems.$inferInsert, "orderId">[] };
  const drafts: Draft[] = [];
  for (let i = 0; i < n; i++) {
    const age = i < 6 ? i * 3 : random.int(0, 10 * 365);
    const orderDate = addDays(today, -age);
    // Old orders are settled; recent ones may still be anywhere in the lifecycle. The first five cover every status.
    const status: OrderStatus =
      i < 5
        ? (["bozza", "inviato", "confermato", "ricevuto", "annullato"] as const)[i]!
        : age > 60
          ? random.weighted([["ricevuto", 9], ["annullato", 1]] as const)
          : random.weighted([["bozza", 2], ["inviato", 2], ["confermato", 2], ["ricevuto", 3], ["annullato", 1]] as const);
    const lines = Array.from({ length: random.int(2, 12) }, () => {
      const [description, unit, minQ, maxQ, minP, maxP] = random.pick(materials);
      return { description, unit, quantity: `${random.int(minQ, maxQ)}.00`, unitPrice: random.money(minP, maxP), notes: null };
    });
    const { lines: totals, total } = computeOrderTotals(lines);
    const at = (days: number) => `${addDays(orderDate, days)}T09:00:00.000Z`;
    const reached = ["inviato", "confermato", "ricevuto"].indexOf(status);
    const cancelled = status === "annullato";
    drafts.push({
      order: {
        number: "",
        supplierId: status === "bozza" ? random.pick(activeIds) : random.pick(supplierIds),
        constructionSiteId: siteIds.length && random.chance(0.6) ? random.pick(siteIds) : null,
        title: random.pick(titles),
        description: random.chance(0.5) ? "Consegna con autogru, scarico a piè d'opera." : null,
        orderDate,
        expectedDeliveryDate: random.chance(0.8) ? addDays(orderDate, random.int(5, 30)) : null,
        totalAmount: total,
        status,
        notes: random.chance(0.2) ? "Avvisare il capocantiere il giorno prima della consegna." : null,
        sentAt: reached >= 0 || (cancelled && random.chance(0.5)) ? at(1) : null,
        confirmedAt: reached >= 1 ? at(2) : null,
        receivedAt: reached >= 2 ? at(random.int(5, 20)) : null,
        cancelledAt: cancelled ? at(3) : null,
        createdAt: `${orderDate}T08:00:00.000Z`,
        updatedAt: `${orderDate}T08:00:00.000Z`,
      },
      items: lines.map((l, position) => ({ ...l, position, totalPrice: totals[position]! })),
    });
  }

  // Numbers follow the order date within each year, as the server would have assigned them.
  drafts.sort((a, b) => a.order.orderDate.localeCompare(b.order.orderDate));
  const lastByYear = new Map<number, number>();
  for (const d of drafts) {
    const year = Number(d.order.orderDate.slice(0, 4));
    const seq = (lastByYear.get(year) ?? 0) + 1;
    lastByYear.set(year, seq);
    d.order.number = formatDocumentNumber("ORD", year, seq);
  }

  ctx.ids.orders = [];
  ctx.ids.confirmedOrders = [];
  await insertBatched(drafts, async (batch) => {
    const inserted = await ctx.db
      .insert(orders)
      .values(batch.map((d) => d.order))
      .returning({ id: orders.id, status: orders.status });
    ctx.ids.orders!.push(...inserted.map((r) => r.id));
    ctx.ids.confirmedOrders!.push(...inserted.filter((r) => r.status === "confermato").map((r) => r.id));
    const items = batch.flatMap((d, i) => d.items.map((item) => ({ ...item, orderId: inserted[i]!.id })));
    await insertBatched(items, (chunk) => ctx.db.insert(orderItems).values(chunk));
  });

  // Counters continue after the demo numbers, so the next order created in the app does not collide.
  for (const [year, last] of lastByYear) {
    await ctx.db
      .insert(documentCounters)
      .values({ kind: "ORD", year, lastValue: last })
      .onConflictDoUpdate({
        target: [documentCounters.kind, documentCounters.year],
        set: { lastValue: sql`greatest(${documentCounters.lastValue}, ${last})` },
      });
  }
}
