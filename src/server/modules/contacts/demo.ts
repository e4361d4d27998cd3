import { contacts } from "../../db/schema";
import { insertBatched, type DemoContext } from "../../demo/context";
import { firstNames, lastNames } from "../../demo/names";

const roles = ["Amministratore di condominio", "Geometra", "Titolare", "Responsabile tecnico", "Proprietario", "Custode", null] as const;

/** Nine clients in ten have referents, two on average (condominiums and companies have several); ids shared as contacts + contactClients. */
export async function seedContacts(ctx: DemoContext) {
  const { random } = ctx;
  const rows: (typeof contacts.$inferInsert)[] = [];
  for (const clientId of ctx.ids.clients ?? []) {
    if (!random.chance(0.9)) continue;
    const n = random.chance(0.65) ? random.int(2, 4) : 1;
    for (let i = 0; i < n; i++) {
      const first = random.pick(firstNames);
      const last = random.pick(lastNames);
      const created = new Date(Date.now() - random.int(0, 5 * 365) * 86_400_000).toISOString();
      rows.push({
        clientId,
        name: `${first} ${last}`,
        role: random.pick(roles),
        phone: random.chance(0.9) ? `+39 3${random.int(20, 99)} ${random.int(100, 999)} ${random.int(1000, 9999)}` : null,
        email: random.chance(0.7) ? `${first}.${last}${rows.length}@example.it`.toLowerCase().replace(/\s+/g, "") : null,
        notes: random.chance(0.15) ? "Reperibile solo nel pomeriggio." : null,
        createdAt: created,
        updatedAt: created,
      });
    }
  }
  ctx.ids.contacts = [];
  ctx.ids.contactClients = [];
  await insertBatched(rows, async (batch) => {
    const inserted = await ctx.db.insert(contacts).values(batch).returning({ id: contacts.id, clientId: contacts.clientId });
    for (const r of inserted) {
      ctx.ids.contacts!.push(r.id);
      ctx.ids.contactClients!.push(r.clientId);
    }
  });
}
