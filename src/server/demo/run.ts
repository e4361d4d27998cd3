import { eq, sql } from "drizzle-orm";
import { todayIso } from "@domain/dates";
import { hashPassword } from "../auth/passwords";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { seedClients } from "../modules/clients/demo";
import { seedCompliance } from "../modules/compliance/demo";
import { seedContacts } from "../modules/contacts/demo";
import { seedContracts } from "../modules/contracts/demo";
import { seedEstimates } from "../modules/estimates/demo";
import { seedInvoices } from "../modules/invoices/demo";
import { seedOrders } from "../modules/orders/demo";
import { seedPortalDemo } from "../modules/portal/demo";
import { seedServices } from "../modules/services/demo";
import { seedSites } from "../modules/sites/demo";
import { seedSuppliers } from "../modules/suppliers/demo";
import { seedSurveys } from "../modules/surveys/demo";
import type { DemoContext } from "./context";
import { seedLivingDemo } from "./living";
import { createRandom } from "./random";

/** Seeders in dependency order; each module adds its own (src/server/modules/<x>/demo.ts). */
const seeders: { name: string; seed: (ctx: DemoContext) => Promise<void> }[] = [
  { name: "clienti", seed: seedClients },
  { name: "contatti", seed: seedContacts },
  { name: "servizi", seed: seedServices },
  { name: "sopralluoghi", seed: seedSurveys },
  { name: "fornitori", seed: seedSuppliers },
  { name: "ordini", seed: seedOrders },
  { name: "preventivi", seed: seedEstimates },
  { name: "contratti", seed: seedContracts },
  { name: "cantieri", seed: seedSites },
  { name: "sicurezza e permessi", seed: seedCompliance },
  { name: "fatture", seed: seedInvoices },
  // Last: the portal client's documents, after every document seeder.
  { name: "portale cliente", seed: seedPortalDemo },
];

export const DEMO_LOGINS = {
  admin: { username: "admin", password: "Tegola-Grondaia-Colmo-26" },
  client: { username: "cliente", password: "Comignolo-Lucernario-26" },
  ufficio: { username: "ufficio", password: "Cantiere-Colmo-Scrivania-26" },
  tecnico: { username: "tecnico", password: "Lattoneria-Colmo-Ponteggio-26" },
};

/** The office clerk and the technician of the demo team (docs/domain/roles.md). */
const DEMO_STAFF = [
  {
    ...DEMO_LOGINS.ufficio,
    role: "ufficio" as const,
    name: "Giulia Bianchi",
    email: "ufficio@colmo.example",
    color: "#7c3aed",
  },
  {
    ...DEMO_LOGINS.tecnico,
    role: "tecnico" as const,
    name: "Marco Ferri",
    email: "tecnico@colmo.example",
    color: "#ea580c",
  },
];

export async function runDemo(db: Db, scale: number, log: (line: string) => void = console.log) {
  const ctx: DemoContext = { db, random: createRandom(), scale, today: todayIso(), ids: {} };
  for (const { name, seed } of seeders) {
    const started = Date.now();
    await seed(ctx);
    log(`  ${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  // Fresh planner statistics and visibility map after a bulk load: list counts use index-only scans.
  await db.execute(sql`vacuum analyze`);
  // The administrator (unless one exists), a portal account for the first demo client and the team.
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  if (!admin) {
    await db
      .insert(users)
      .values({ ...DEMO_LOGINS.admin, passwordHash: await hashPassword(DEMO_LOGINS.admin.password), role: "admin" });
  }
  const portalClientId = ctx.ids.portalClient?.[0];
  if (portalClientId) {
    await db
      .insert(users)
      .values({
        username: DEMO_LOGINS.client.username,
        passwordHash: await hashPassword(DEMO_LOGINS.client.password),
        role: "client",
        clientId: portalClientId,
      })
      .onConflictDoNothing();
  }
  for (const { password, ...person } of DEMO_STAFF)
    await db
      .insert(users)
      .values({ ...person, passwordHash: await hashPassword(password) })
      .onConflictDoNothing();
  // After the team exists: the technician's day, payments, photos, the portal's life (living.ts).
  const started = Date.now();
  await seedLivingDemo(ctx);
  log(`  giornata in corso: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { adminCreated: !admin, ctx };
}
