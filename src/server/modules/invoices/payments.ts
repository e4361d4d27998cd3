import { and, eq, sql } from "drizzle-orm";
import type { Actor } from "../../auth/actor";
import { todayIso } from "@domain/dates";
import { formatDate, formatEuro } from "@domain/format";
import { invoiceTitle, isCreditNote } from "@domain/invoices";
import { addMoney, compareMoney, isZeroMoney, subMoney } from "@domain/money";
import { paymentMethodLabels, remainderOf, type PaymentCreateValues } from "@domain/payments";
import type { Db, Tx } from "../../db/client";
import { invoicePayments, invoices } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../http/errors";
import { recordActivity } from "../activity/record";
import { notifyClient, type NoticeConfig } from "../notifications/notify-client";
import { lockInvoice } from "./service";

// Partial payments (docs/domain/invoices.md). The invoice row is locked for the whole
// write, so two payments recorded at the same moment queue and cannot together exceed the
// total; paidAmount on the row is the sum of its payments, kept in the same transaction.

type LockedInvoice = Awaited<ReturnType<typeof lockInvoice>>["invoice"];

function assertCollectable(invoice: LockedInvoice) {
  if (isCreditNote(invoice)) throw conflict("Una nota di credito non riceve pagamenti");
  if (invoice.status === "bozza") throw conflict("La fattura è in bozza: emettila prima di registrare un pagamento");
}

function checkDate(date: string, issueDate: string, field = "date") {
  if (date > todayIso())
    throw badRequest("Dati non validi. Data del pagamento: non può essere nel futuro", {
      [field]: "Non può essere nel futuro",
    });
  if (date < issueDate)
    throw badRequest("Dati non validi. Data del pagamento: non può precedere l'emissione della fattura", {
      [field]: "Precede l'emissione",
    });
}

/** Writes one payment on a locked invoice: paidAmount, and pagata with that date when nothing remains. */
async function addPayment(
  tx: Tx,
  config: NoticeConfig,
  actor: Actor,
  locked: { invoice: LockedInvoice; clientId: string },
  input: PaymentCreateValues,
) {
  const { invoice, clientId } = locked;
  const paidAmount = addMoney(invoice.paidAmount, input.amount);
  const remainder = remainderOf({ ...invoice, paidAmount });
  const settled = isZeroMoney(remainder);
  const [payment] = await tx
    .insert(invoicePayments)
    .values({ invoiceId: invoice.id, date: input.date, amount: input.amount, method: input.method })
    .returning();
  await tx
    .update(invoices)
    .set({
      paidAmount,
      ...(settled ? { status: "pagata" as const, paidDate: input.date } : {}),
      updatedAt: sql`now()`,
      version: sql`${invoices.version} + 1`,
    })
    .where(eq(invoices.id, invoice.id));
  const what = `${formatEuro(input.amount)} (${paymentMethodLabels[input.method].toLowerCase()}) del ${formatDate(input.date)}`;
  await recordActivity(tx, actor, {
    action: "status",
    entityType: "invoice",
    entityId: invoice.id,
    clientId,
    description: settled
      ? `Pagamento registrato: ${invoice.number}, ${what}; fattura pagata`
      : `Pagamento registrato: ${invoice.number}, ${what}; resta ${formatEuro(remainder)}`,
  });
  // The client's bell, and an e-mail queued in this transaction when he has an address
  // (docs/domain/portal.md): his payment, and what remains of this invoice, nothing more.
  const body = settled
    ? `Abbiamo registrato ${formatEuro(input.amount)} del ${formatDate(input.date)}: la fattura è saldata. Grazie.`
    : `Abbiamo registrato ${formatEuro(input.amount)} del ${formatDate(input.date)}. Resta da pagare ${formatEuro(remainder)}.`;
  const title = `Pagamento ricevuto: fattura ${invoice.number}`;
  await notifyClient(tx, config, {
    clientId,
    kind: "payment_recorded",
    title,
    body,
    link: `/client/invoices/${invoice.id}`,
    entityType: "invoice",
    entityId: invoice.id,
    mail: { subject: title, lines: [`fattura ${invoice.number}. ${body}`] },
  });
  return payment!;
}

/** POST /api/invoices/:id/payments: a partial (or final) payment; above the remainder is 409. */
export async function recordPayment(
  db: Db,
  config: NoticeConfig,
  actor: Actor,
  id: string,
  input: PaymentCreateValues,
) {
  return db.transaction(async (tx) => {
    const locked = await lockInvoice(tx, id);
    const { invoice } = locked;
    assertCollectable(invoice);
    const remainder = remainderOf(invoice);
    if (invoice.status === "pagata" || isZeroMoney(remainder))
      throw conflict(`La fattura ${invoice.number} è già saldata: non resta nulla da incassare`);
    checkDate(input.date, invoice.issueDate);
    if (compareMoney(input.amount, remainder) > 0) {
      throw conflict(
        `L'importo (${formatEuro(input.amount)}) supera quanto resta da pagare sulla fattura ${invoice.number} (${formatEuro(remainder)})`,
        { amount: `Massimo ${formatEuro(remainder)}` },
      );
    }
    return addPayment(tx, config, actor, locked, input);
  });
}

/** The old "Registra pagamento" (POST /pay {paidDate}): one payment of the whole remainder. */
export async function payRemainder(db: Db, config: NoticeConfig, actor: Actor, id: string, paidDate: string) {
  return db.transaction(async (tx) => {
    const locked = await lockInvoice(tx, id);
    const { invoice } = locked;
    assertCollectable(invoice);
    const remainder = remainderOf(invoice);
    if (invoice.status === "pagata" || isZeroMoney(remainder))
      throw conflict(`Impossibile passare la fattura da "Pagata" a "Pagata": non resta nulla da incassare`);
    checkDate(paidDate, invoice.issueDate, "paidDate");
    await addPayment(tx, config, actor, locked, { date: paidDate, amount: remainder, method: "bonifico" });
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, id));
    return row!;
  });
}

/** DELETE /api/invoices/:id/payments/:paymentId: a payment recorded by mistake; a pagata invoice reopens. */
export async function deletePayment(db: Db, actor: Actor, id: string, paymentId: string) {
  await db.transaction(async (tx) => {
    const { invoice, clientId } = await lockInvoice(tx, id);
    const [payment] = await tx
      .delete(invoicePayments)
      .where(and(eq(invoicePayments.id, paymentId), eq(invoicePayments.invoiceId, id)))
      .returning();
    if (!payment) throw notFound("Pagamento non trovato");
    const paidAmount = subMoney(invoice.paidAmount, payment.amount);
    const reopens = invoice.status === "pagata";
    await tx
      .update(invoices)
      .set({
        paidAmount,
        ...(reopens ? { status: "inviata" as const, paidDate: null } : {}),
        updatedAt: sql`now()`,
        version: sql`${invoices.version} + 1`,
      })
      .where(eq(invoices.id, id));
    await recordActivity(tx, actor, {
      action: "delete",
      entityType: "invoice",
      entityId: id,
      clientId,
      description: `Pagamento eliminato: ${invoiceTitle(invoice)}, ${formatEuro(payment.amount)} del ${formatDate(payment.date)}${reopens ? "; la fattura torna da incassare" : ""}`,
    });
  });
}
