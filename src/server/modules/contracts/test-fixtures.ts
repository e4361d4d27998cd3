import { eq } from "drizzle-orm";
import { todayIso, addDays } from "@domain/dates";
import { makePartitaIva } from "@domain/validators";
import { documentVat, storedVatFigures, vatContextOf, type LineVatRate } from "@domain/vat";
import type { Db } from "../../db/client";
import { clients, companySettings, estimateItems, estimates } from "../../db/schema";

// Test data for the sites, contracts and invoices API tests: estimates are inserted directly
// (accepted, with one line and the engine's totals) so these tests do not depend on the estimates API.

let counter = 0;

export async function insertClient(db: Db, values: Partial<typeof clients.$inferInsert> = {}) {
  const n = ++counter;
  const [client] = await db
    .insert(clients)
    .values({
      name: `Edilizia Test ${n} S.r.l.`,
      type: "azienda",
      address: `Via Roma ${n}`,
      city: "Monza",
      province: "MB",
      zipCode: "20900",
      vatNumber: makePartitaIva(50_000 + n),
      sdiCode: "ABC1234",
      email: `cliente${n}@example.it`,
      ...values,
    })
    .returning();
  return client!;
}

export async function insertEstimate(
  db: Db,
  opts: {
    clientId?: string;
    total?: string;
    /** The line's rate, or "rc": a 22 % line under reverse charge. */
    vat?: LineVatRate | "rc";
    status?: "bozza" | "inviato" | "accettato" | "rifiutato";
    title?: string;
  } = {},
) {
  const clientId = opts.clientId ?? (await insertClient(db)).id;
  const n = ++counter;
  const total = opts.total ?? "10000.00";
  const vat = opts.vat ?? "22";
  const [client] = await db.select().from(clients).where(eq(clients.id, clientId));
  const treatment = vat === "rc" ? "reverse_charge" : "ordinary";
  const line = {
    description: "Lavori a corpo",
    quantity: "1",
    unitPrice: total,
    vatRate: vat === "rc" ? "22" : vat,
    natura: null,
    significantGood: false,
  } as const;
  const t = storedVatFigures(documentVat(vatContextOf(client!, "RF01", treatment), [line]));
  const [estimate] = await db
    .insert(estimates)
    .values({
      number: `PRV-T-${process.pid}-${n}`,
      clientId,
      title: opts.title ?? `Rifacimento tetto ${n}`,
      description: "Rimozione del vecchio manto e posa di nuove tegole",
      totalAmount: t.imponibile,
      materialsCost: "0.00",
      laborCost: "0.00",
      treatment,
      vatAmount: t.vatAmount,
      stampDuty: t.stampDuty,
      grossTotal: t.total,
      withholding: t.withholding,
      netToPay: t.netToPay,
      status: opts.status ?? "accettato",
      expiresAt: addDays(todayIso(), 30),
      acceptedAt: opts.status && opts.status !== "accettato" ? null : new Date().toISOString(),
      acceptedBy: opts.status && opts.status !== "accettato" ? null : "Mario Rossi",
      acceptedIp: "127.0.0.1",
    })
    .returning();
  await db
    .insert(estimateItems)
    .values({ ...line, estimateId: estimate!.id, unit: "a corpo", totalPrice: t.imponibile });
  return estimate!;
}

/** Company data complete enough for a FatturaPA. */
export async function completeCompanySettings(db: Db) {
  await db.insert(companySettings).values({ id: 1 }).onConflictDoNothing();
  await db
    .update(companySettings)
    .set({
      companyName: "Colmo Coperture S.r.l.",
      vatNumber: makePartitaIva(777),
      address: "Via dell'Artigianato 4",
      city: "Monza",
      province: "MB",
      zipCode: "20900",
      iban: "IT60X0542811101000000123456",
      email: "amministrazione@colmo.it",
      phone: "039 123456",
      regimeFiscale: "RF01",
      paymentTermsDays: 30,
    })
    .where(eq(companySettings.id, 1));
}
