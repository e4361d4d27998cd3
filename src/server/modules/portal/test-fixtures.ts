import { addDays, todayIso } from "@domain/dates";
import type { Db } from "../../db/client";
import { attachments, clients, constructionSites, contracts, estimateItems, estimates, invoiceLines, invoices } from "../../db/schema";

let seq = 0;

/**
 * A client with one of everything the portal shows, written straight to the tables so the
 * portal tests do not depend on the other modules' write routes. Names carry `label`, so a
 * test can look for another client's data in a response body.
 */
export async function seedPortalWorld(db: Db, label: string) {
  const n = ++seq;
  const today = todayIso();
  const year = Number(today.slice(0, 4));
  const [client] = await db
    .insert(clients)
    .values({ name: `Cliente ${label}`, type: "privato", address: `Via ${label} 1`, fiscalCode: "RSSMRA80A01H501U", email: `${label.toLowerCase()}@example.it` })
    .returning();
  const clientId = client!.id;
  const estimate = async (status: "bozza" | "inviato" | "accettato" | "rifiutato", suffix: string, expiresAt = addDays(today, 20)) => {
    const [row] = await db
      .insert(estimates)
      .values({
        number: `PRV-${year}-${label}-${n}${suffix}`,
        clientId,
        title: `Rifacimento tetto ${label} ${suffix}`,
        description: `Lavori ${label}`,
        materialsCost: "600.00",
        laborCost: "400.00",
        totalAmount: "1000.00",
        vatTreatment: "10",
        vatAmount: "100.00",
        grossTotal: "1100.00",
        status,
        expiresAt,
        sentAt: status === "bozza" ? null : new Date().toISOString(),
      })
      .returning();
    await db.insert(estimateItems).values({
      estimateId: row!.id,
      description: `Guaina ${label}`,
      quantity: "10.00",
      unitPrice: "100.00",
      totalPrice: "1000.00",
      unit: "mq",
    });
    return row!;
  };
  const sent = await estimate("inviato", "S");
  const expired = await estimate("inviato", "X", addDays(today, -1));
  const accepted = await estimate("accettato", "A");
  const draft = await estimate("bozza", "D");
  const [contract] = await db
    .insert(contracts)
    .values({ number: `CTR-${year}-${label}-${n}`, estimateId: accepted.id, terms: "Condizioni", status: "attivo" })
    .returning();
  const site = async (status: "programmato" | "in_corso" | "completato" | "sospeso", name: string) => {
    const [row] = await db
      .insert(constructionSites)
      .values({
        estimateId: accepted.id,
        name: `Cantiere ${label} ${name}`,
        address: `Via ${label} 1`,
        status,
        progress: status === "completato" ? 100 : status === "in_corso" ? 45 : 0,
        startDate: addDays(today, -30),
        estimatedEndDate: addDays(today, 30),
        notes: `Note ${label}`,
      })
      .returning();
    return row!;
  };
  const running = await site("in_corso", "Tetto");
  const done = await site("completato", "Grondaie");
  const planned = await site("sospeso", "Lucernari");
  const invoice = async (status: "bozza" | "inviata" | "pagata", sequence: number) => {
    const [row] = await db
      .insert(invoices)
      .values({
        number: `FAT-${year}-${label}-${n}-${sequence}`,
        year: 2000 + n * 10 + sequence,
        sequence,
        contractId: contract!.id,
        amount: "500.00",
        vatTreatment: "10",
        vatAmount: "50.00",
        totalAmount: "550.00",
        netToPay: "550.00",
        issueDate: addDays(today, -sequence),
        dueDate: addDays(today, 30 - sequence),
        paidDate: status === "pagata" ? today : null,
        status,
      })
      .returning();
    // Every invoice has its lines (docs/domain/invoices.md): its FatturaPA is built from them.
    await db.insert(invoiceLines).values({
      invoiceId: row!.id,
      position: 1,
      description: `Acconto lavori ${label}`,
      quantity: "1",
      unitPrice: "500.00",
      vatRate: "10",
      lineTotal: "500.00",
    });
    return row!;
  };
  const pending = await invoice("inviata", 1);
  const paid = await invoice("pagata", 2);
  const draftInvoice = await invoice("bozza", 3);
  const [sharedPhoto] = await db
    .insert(attachments)
    .values({ entityType: "site", entityId: running.id, fileName: `foto-${label}.jpg`, mimeType: "image/jpeg", size: 10, storageKey: `test/${label.toLowerCase()}-shared`, sharedWithClient: true })
    .returning();
  const [privatePhoto] = await db
    .insert(attachments)
    .values({ entityType: "site", entityId: running.id, fileName: `interna-${label}.jpg`, mimeType: "image/jpeg", size: 10, storageKey: `test/${label.toLowerCase()}-private`, sharedWithClient: false })
    .returning();
  return {
    client: client!,
    clientId,
    estimates: { sent, expired, accepted, draft },
    contract: contract!,
    sites: { running, done, planned },
    invoices: { pending, paid, draft: draftInvoice },
    photos: { shared: sharedPhoto!, private: privatePhoto! },
  };
}
export type PortalWorld = Awaited<ReturnType<typeof seedPortalWorld>>;
