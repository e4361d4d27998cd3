import { and, eq, ne, sql } from "drizzle-orm";
import { addDays, daysBetween } from "@domain/dates";
import type { SiteStatus } from "@domain/statuses";
import { clients, constructionSites, contracts, estimates, orders } from "../../db/schema";
import { insertBatched, type DemoContext } from "../../demo/context";

const managers = ["Giuseppe Colombo", "Antonio Galli", "Franco Brambilla", "Roberto Villa", "Luigi Sala", "Massimo Cattaneo"];
const materials = ["Coppi portoghesi, guaina ardesiata", "Lamiera grecata coibentata", "Tegole marsigliesi, membrana traspirante", "Guaina bituminosa doppio strato", "Legno lamellare, pannelli in fibra di legno"];

/**
 * 30 sites per unit of scale on signed contracts: a completed contract has a completed site,
 * an active one a site in progress (some late, some suspended) or about to start.
 */
export async function seedSites(ctx: DemoContext) {
  const { random, scale, db, today } = ctx;
  const candidates = await db
    .select({
      estimateId: contracts.estimateId,
      status: contracts.status,
      signedDate: contracts.signedDate,
      completedAt: contracts.completedAt,
      title: estimates.title,
      address: clients.address,
      city: clients.city,
    })
    .from(contracts)
    .innerJoin(estimates, eq(estimates.id, contracts.estimateId))
    .innerJoin(clients, eq(clients.id, estimates.clientId))
    .where(and(ne(contracts.status, "bozza")));
  const want = 30 * scale;
  const p = Math.min(1, (want * 1.05) / Math.max(candidates.length, 1));
  const rows: (typeof constructionSites.$inferInsert)[] = [];
  for (const c of candidates) {
    if (rows.length >= want || !random.chance(p)) continue;
    const start = addDays(c.signedDate ?? today, random.int(5, 30));
    const duration = random.int(10, 90);
    const status: SiteStatus =
      c.status === "completato"
        ? "completato"
        : c.status === "firmato"
          ? "programmato"
          : random.weighted([["in_corso", 7], ["programmato", 2], ["sospeso", 1]] as const);
    const started = status !== "programmato";
    const elapsed = started ? Math.max(daysBetween(start, today), 0) : 0;
    const progress = status === "completato" ? 100 : started ? Math.min(95, Math.max(5, Math.round((elapsed / duration) * 100) - random.int(0, 30))) : 0;
    const end = c.completedAt ? c.completedAt.slice(0, 10) : null;
    const createdAt = `${c.signedDate ?? today}T10:00:00Z`;
    rows.push({
      estimateId: c.estimateId,
      name: c.title,
      address: c.city ? `${c.address}, ${c.city}` : c.address,
      startDate: status === "completato" && end && end < start ? addDays(end, -duration) : start,
      estimatedEndDate: addDays(start, duration),
      endDate: end,
      progress,
      status,
      workType: random.pick(["Rifacimento", "Manutenzione", "Impermeabilizzazione", "Bonifica amianto", "Nuova costruzione"]),
      surfaceArea: `${random.int(40, 600)}.00`,
      floorsCount: random.int(1, 6),
      mainMaterials: random.pick(materials),
      siteManager: random.pick(managers),
      emergencyPhone: `+39 3${random.int(20, 99)} ${random.int(100, 999)} ${random.int(1000, 9999)}`,
      expectedWorkers: random.int(2, 8),
      notes: random.chance(0.3) ? "Ponteggio montato sul lato strada: occupazione di suolo pubblico autorizzata." : null,
      createdAt,
      updatedAt: createdAt,
    });
  }
  ctx.ids.sites = [];
  await insertBatched(rows, async (batch) => {
    const inserted = await db.insert(constructionSites).values(batch).returning({ id: constructionSites.id });
    ctx.ids.sites!.push(...inserted.map((r) => r.id));
  });
  // Six supplier orders in ten go to a site (its cost analysis), spread by a hash of the order id.
  if (rows.length > 0) {
    await db.execute(sql`
      with s as (select array_agg(id order by id) as ids from ${constructionSites})
      update ${orders} o set construction_site_id = s.ids[1 + abs(hashtext(o.id::text || 'site')) % array_length(s.ids, 1)]
      from s
      where o.construction_site_id is null and o.status <> 'annullato' and abs(hashtext(o.id::text)) % 10 < 6`);
  }
}
