import { makeCodiceFiscale, makePartitaIva } from "@domain/validators";
import { clients } from "../../db/schema";
import { insertBatched, type DemoContext } from "../../demo/context";
import { cities, companyWords, condoNames, firstNames, lastNames, streets } from "../../demo/names";

/** 40 clients per unit of scale: two thirds private, the rest companies and condominiums. */
export async function seedClients(ctx: DemoContext) {
  const { random, scale } = ctx;
  const n = 40 * scale;
  const rows: (typeof clients.$inferInsert)[] = [];
  for (let i = 0; i < n; i++) {
    const type = random.weighted([["privato", 6], ["azienda", 3], ["condominio", 1]] as const);
    const [city, province, zipCode] = random.pick(cities);
    const first = random.pick(firstNames);
    const last = random.pick(lastNames);
    const name =
      type === "privato"
        ? `${last} ${first}`
        : type === "azienda"
          ? `${random.pick(companyWords)} ${random.pick(companyWords)} ${random.pick(["S.r.l.", "S.p.A.", "S.n.c.", "S.a.s."])}`
          : `Condominio ${random.pick(condoNames)}`;
    const slug = name.toLowerCase().replace(/[^a-z]+/g, ".").replace(/^\.|\.$/g, "");
    const created = new Date(Date.now() - random.int(0, 10 * 365) * 86_400_000);
    rows.push({
      name,
      type,
      address: `${random.pick(streets)} ${random.int(1, 180)}`,
      city,
      province,
      zipCode,
      phone: `+39 3${random.int(20, 99)} ${random.int(100, 999)} ${random.int(1000, 9999)}`,
      email: `${slug}${i}@example.it`,
      vatNumber: type === "privato" ? null : makePartitaIva(100_000 + i),
      // A privato is invoiced on his codice fiscale (FatturaPA needs one of the two).
      fiscalCode: type === "privato" ? makeCodiceFiscale(last, first, i) : null,
      sdiCode: type === "azienda" ? "0000000" : null,
      notes: random.chance(0.2) ? "Preferisce essere contattato al mattino." : null,
      createdAt: created.toISOString(),
      updatedAt: created.toISOString(),
    });
  }
  ctx.ids.clients = [];
  await insertBatched(rows, async (batch) => {
    const inserted = await ctx.db.insert(clients).values(batch).returning({ id: clients.id });
    ctx.ids.clients!.push(...inserted.map((r) => r.id));
  });
  ctx.ids.portalClient = ctx.ids.clients.slice(0, 1);
}
