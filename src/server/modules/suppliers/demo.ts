import { makePartitaIva } from "@domain/validators";
import { suppliers } from "../../db/schema";
import { insertBatched, type DemoContext } from "../../demo/context";
import { cities, firstNames, lastNames, streets } from "../../demo/names";

/** What a roofing contractor buys, and from whom. */
const trades = [
  ["Laterizi", "laterizi"],
  ["Coperture Metalliche", "metalli"],
  ["Lattoneria", "lattoneria"],
  ["Isolanti", "isolanti"],
  ["Guaine e Impermeabilizzanti", "guaine"],
  ["Legnami", "legnami"],
  ["Ponteggi", "ponteggi"],
  ["Edilcommercio", "edil"],
  ["Tegole e Coppi", "tegole"],
  ["Lucernari", "lucernari"],
] as const;
const brands = ["Padana", "Lombarda", "del Nord", "Alpina", "Orobica", "Brianza", "Ticino", "Adda", "Insubria", "Valpadana"];

/** 15 suppliers, two per unit of scale from scale 8 on (1,000 at the large scale 500): mostly attivo, some inattivo or sospeso; VAT numbers valid and unique. */
export async function seedSuppliers(ctx: DemoContext) {
  const { random, scale } = ctx;
  const n = Math.max(15, 2 * scale);
  const rows: (typeof suppliers.$inferInsert)[] = [];
  for (let i = 0; i < n; i++) {
    const [trade, slug] = trades[i % trades.length]!;
    const brand = brands[Math.floor(i / trades.length) % brands.length]!;
    const suffix = i >= trades.length * brands.length ? ` ${Math.floor(i / (trades.length * brands.length)) + 1}` : "";
    const name = `${trade} ${brand}${suffix} ${random.pick(["S.r.l.", "S.p.A.", "S.n.c.", "S.a.s."])}`;
    const domain = `${slug}${brand.toLowerCase().replace(/[^a-z]/g, "")}${i}.it`;
    const [city, province, zipCode] = random.pick(cities);
    const created = new Date(Date.now() - random.int(30, 6 * 365) * 86_400_000);
    rows.push({
      name,
      vatNumber: makePartitaIva(500_000 + i),
      address: `${random.pick(streets)} ${random.int(1, 200)}`,
      city,
      province,
      zipCode,
      phone: `0${random.int(2, 39)} ${random.int(100000, 999999)}`,
      email: random.chance(0.9) ? `ordini@${domain}` : null,
      website: random.chance(0.7) ? `www.${domain}` : null,
      contactPerson: random.chance(0.8) ? `${random.pick(firstNames)} ${random.pick(lastNames)}` : null,
      notes: random.chance(0.2) ? random.pick(["Consegna entro 48 ore in Lombardia.", "Pagamento a 60 giorni fine mese.", "Sconto 5% sopra i 2.000 €."]) : null,
      status: random.weighted([["attivo", 8], ["inattivo", 1], ["sospeso", 1]] as const),
      createdAt: created.toISOString(),
      updatedAt: created.toISOString(),
    });
  }
  // The first supplier is always active with an e-mail, so a demo order can be sent straight away.
  rows[0] = { ...rows[0]!, status: "attivo", email: rows[0]!.email ?? "ordini@laterizipadana0.it" };
  ctx.ids.suppliers = [];
  ctx.ids.activeSuppliers = [];
  await insertBatched(rows, async (batch) => {
    const inserted = await ctx.db.insert(suppliers).values(batch).returning({ id: suppliers.id, status: suppliers.status });
    ctx.ids.suppliers!.push(...inserted.map((r) => r.id));
    ctx.ids.activeSuppliers!.push(...inserted.filter((r) => r.status === "attivo").map((r) => r.id));
  });
}
