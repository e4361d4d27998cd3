import type { Db } from "../../db/client";
import { clients, constructionSites, contracts, estimates, invoicePayments, invoices } from "../../db/schema";

// Rows inserted directly with Drizzle, so figure and notification tests control every date and
// amount without depending on the other modules' business rules.

let seq = 0;
const next = () => ++seq;

export async function insertClient(db: Db, name = `Cliente ${next()}`) {
  const [row] = await db.insert(clients).values({ name, type: "privato", address: "Via Roma 1" }).returning();
  return row!;
}

export async function insertEstimate(
  db: Db,
  values: {
    clientId: string;
    status?: "bozza" | "inviato" | "accettato" | "rifiutato";
    expiresAt?: string;
    totalAmount?: string;
    createdAt?: string;
    title?: string;
  },
) {
  const n = next();
  const [row] = await db
    .insert(estimates)
    .values({
      number: `PRV-T-${String(n).padStart(4, "0")}`,
      clientId: values.clientId,
      title: values.title ?? `Rifacimento tetto ${n}`,
      description: "Lavori di prova",
      status: values.status ?? "bozza",
      expiresAt: values.expiresAt ?? "2099-12-31",
      totalAmount: values.totalAmount ?? "1000.00",
      ...(values.createdAt ? { createdAt: values.createdAt } : {}),
    })
    .returning();
  return row!;
}

export async function insertContract(db: Db, estimateId: string) {
  const [row] = await db
    .insert(contracts)
    .values({ number: `CTR-T-${next()}`, estimateId, terms: "Condizioni" })
    .returning();
  return row!;
}

export async function insertInvoice(
  db: Db,
  values: {
    contractId: string;
    amount: string;
    issueDate: string;
    dueDate?: string;
    status?: "bozza" | "inviata" | "pagata";
    paidDate?: string | null;
    totalAmount?: string;
  },
) {
  const n = next();
  const [row] = await db
    .insert(invoices)
    .values({
      number: `FAT-T-${n}`,
      year: 2000 + (n % 1000),
      sequence: n,
      contractId: values.contractId,
      amount: values.amount,
      totalAmount: values.totalAmount ?? values.amount,
      // What the client pays (no ritenuta, no split payment here): the remainder is read from it.
      netToPay: values.totalAmount ?? values.amount,
      issueDate: values.issueDate,
      dueDate: values.dueDate ?? values.issueDate,
      status: values.status ?? "bozza",
      paidDate: values.paidDate ?? null,
      paidAmount: values.status === "pagata" ? (values.totalAmount ?? values.amount) : "0",
    })
    .returning();
  // A paid invoice has its payment: collected revenue is read from the payments (docs/domain/invoices.md).
  if (values.status === "pagata")
    await db
      .insert(invoicePayments)
      .values({
        invoiceId: row!.id,
        date: values.paidDate ?? values.issueDate,
        amount: row!.totalAmount,
        method: "bonifico",
      });
  return row!;
}

export async function insertSite(
  db: Db,
  values: {
    estimateId: string;
    status?: "programmato" | "in_corso" | "completato" | "sospeso";
    estimatedEndDate?: string | null;
    name?: string;
  },
) {
  const [row] = await db
    .insert(constructionSites)
    .values({
      estimateId: values.estimateId,
      name: values.name ?? `Cantiere ${next()}`,
      address: "Via Cantiere 1",
      status: values.status ?? "programmato",
      estimatedEndDate: values.estimatedEndDate ?? null,
    })
    .returning();
  return row!;
}
