import { asc, eq, inArray, ne } from "drizzle-orm";
import { addDays, daysBetween } from "@domain/dates";
import { estimateVatLines } from "@domain/estimates";
import { invoiceLineDescription } from "@domain/invoices";
import { addMoney, compareMoney, lineTotal, percentOf, subMoney } from "@domain/money";
import type { InvoiceStatus } from "@domain/statuses";
import {
  contractShareLines,
  documentVat,
  rateGroups,
  storedVatFigures,
  vatContextOf,
  type LineVatRate,
} from "@domain/vat";
import {
  clients,
  contracts,
  estimateItems,
  estimates,
  invoiceLines,
  invoicePayments,
  invoices,
  orders,
} from "../../db/schema";
import { insertBatched, type DemoContext } from "../../demo/context";
import { assignNumbers, saveCounters } from "../../demo/numbers";

type Kind = "acconto" | "sal" | "saldo";

/**
 * Invoices on signed contracts, about 300 per unit of scale: an acconto at signing, SALs while
 * the work runs and the saldo at completion (completed contracts are invoiced in full). Old
 * invoices are paid, a few are still unpaid past their due date (scadute); recent ones are
 * bozza, inviata or pagata. Numbers FAT-year-NNN follow the issue date without gaps.
 */
export async function seedInvoices(ctx: DemoContext) {
  const { random, db, today } = ctx;
  const rows = await db
    .select({
      id: contracts.id,
      status: contracts.status,
      signedDate: contracts.signedDate,
      completedAt: contracts.completedAt,
      number: contracts.number,
      estimateId: estimates.id,
      estimateNumber: estimates.number,
      estimateTitle: estimates.title,
      imponibile: estimates.totalAmount,
      treatment: estimates.treatment,
      orderTotal: orders.totalAmount,
      client: { type: clients.type, vatNumber: clients.vatNumber, withholdingAgent: clients.withholdingAgent },
    })
    .from(contracts)
    .innerJoin(estimates, eq(estimates.id, contracts.estimateId))
    .innerJoin(clients, eq(clients.id, estimates.clientId))
    .leftJoin(orders, eq(orders.id, estimates.orderId))
    .where(ne(contracts.status, "bozza"));
  const items = rows.length
    ? await db
        .select({
          estimateId: estimateItems.estimateId,
          description: estimateItems.description,
          quantity: estimateItems.quantity,
          unitPrice: estimateItems.unitPrice,
          vatRate: estimateItems.vatRate,
          natura: estimateItems.natura,
          significantGood: estimateItems.significantGood,
        })
        .from(estimateItems)
        .where(
          inArray(
            estimateItems.estimateId,
            rows.map((r) => r.estimateId),
          ),
        )
        .orderBy(asc(estimateItems.estimateId), asc(estimateItems.position))
    : [];
  const itemsOf = new Map<string, typeof items>();
  for (const item of items) itemsOf.set(item.estimateId, [...(itemsOf.get(item.estimateId) ?? []), item]);

  // Each invoice carries its lines (docs/domain/invoices.md): one descriptive line per rate of the contract.
  const drafts: {
    row: typeof invoices.$inferInsert;
    lines: (typeof invoiceLines.$inferInsert)[];
    payment: { date: string; amount: string } | null;
  }[] = [];
  // Every third invoice still open past its due date has had a partial payment (40 %): the
  // scadenzario shows remainders, not only whole totals. Counted, not drawn, so the random
  // sequence (and everything seeded after the invoices) stays as it was.
  let overdueOpen = 0;
  for (const c of rows) {
    const ctxVat = vatContextOf(c.client, "RF01", c.treatment);
    const fallback: LineVatRate = c.client.type === "azienda" ? "22" : "10";
    const contractVat = documentVat(ctxVat, estimateVatLines(itemsOf.get(c.estimateId) ?? [], c.orderTotal, fallback));
    const signed = c.signedDate ?? today;
    const plan: [Kind, string, string][] = []; // kind, percent of the contract, issue date
    if (c.status === "firmato") {
      if (random.chance(0.5)) plan.push(["acconto", "30", signed]);
    } else {
      plan.push(["acconto", "30", signed]);
      const end = c.completedAt?.slice(0, 10) ?? today;
      const span = Math.max(daysBetween(signed, end), 1);
      const sals = c.status === "completato" ? random.int(1, 5) : random.int(0, 3);
      const each = c.status === "completato" ? (60 / sals).toFixed(2) : "10";
      for (let s = 1; s <= sals; s++) plan.push(["sal", each, addDays(signed, Math.floor((span * s) / (sals + 1)))]);
      if (c.status === "completato") plan.push(["saldo", "", end]);
    }
    let invoiced = "0.00";
    for (const [kind, percent, issueDate] of plan) {
      // The saldo takes what is left, so a completed contract is invoiced to the cent.
      const amount = kind === "saldo" ? subMoney(c.imponibile, invoiced) : percentOf(c.imponibile, percent);
      invoiced = addMoney(invoiced, amount);
      const description = invoiceLineDescription(kind, {
        contractNumber: c.number,
        estimateNumber: c.estimateNumber,
        estimateTitle: c.estimateTitle,
      });
      const lines = contractShareLines(amount, description, rateGroups(contractVat), fallback);
      const totals = storedVatFigures(documentVat(ctxVat, lines));
      const dueDate = addDays(issueDate, random.pick([30, 30, 60]));
      const age = daysBetween(issueDate, today);
      const status: InvoiceStatus =
        age < 10
          ? random.weighted([
              ["bozza", 2],
              ["inviata", 3],
            ] as const)
          : age < 90
            ? random.weighted([
                ["inviata", 4],
                ["pagata", 6],
              ] as const)
            : random.weighted([
                ["inviata", 1],
                ["pagata", 39],
              ] as const);
      const issuedAt = `${issueDate}T09:00:00Z`;
      const paidDate = status === "pagata" ? addDays(issueDate, Math.min(random.int(5, 60), Math.max(age, 0))) : null;
      // What the client paid (docs/domain/invoices.md): a pagata invoice has one payment of its net to pay.
      let payment: { date: string; amount: string } | null =
        paidDate && compareMoney(totals.netToPay, "0") > 0 ? { date: paidDate, amount: totals.netToPay } : null;
      if (status === "inviata" && dueDate < today && overdueOpen++ % 3 === 0) {
        const partial = percentOf(totals.netToPay, "40");
        const date = addDays(dueDate, -5);
        if (compareMoney(partial, "0") > 0 && date >= issueDate) payment = { date, amount: partial };
      }
      const row: typeof invoices.$inferInsert = {
        number: "",
        year: 0,
        sequence: 0,
        contractId: c.id,
        kind,
        treatment: c.treatment,
        amount: totals.imponibile,
        vatAmount: totals.vatAmount,
        stampDuty: totals.stampDuty,
        totalAmount: totals.total,
        withholding: totals.withholding,
        netToPay: totals.netToPay,
        issueDate,
        dueDate,
        paidDate,
        paidAmount: payment?.amount ?? "0",
        status,
        sentAt: status === "bozza" ? null : issuedAt,
        createdAt: issuedAt,
        updatedAt: issuedAt,
      };
      drafts.push({
        row,
        lines: lines.map((l, position) => ({
          invoiceId: "",
          position,
          description: l.description,
          quantity: l.quantity,
          unit: "a corpo",
          unitPrice: l.unitPrice,
          vatRate: l.vatRate,
          natura: l.natura,
          lineTotal: lineTotal(l.quantity, l.unitPrice),
        })),
        payment,
      });
    }
  }
  // Drafts have no legal number (docs/decisions/008-invoice-number-at-issue.md): only issued ones are numbered.
  const issued = drafts.filter((d) => d.row.status !== "bozza");
  for (const d of drafts) if (d.row.status === "bozza") Object.assign(d.row, { number: null, year: null, sequence: null });
  const lastByYear = await assignNumbers(
    db,
    "FAT",
    issued,
    (d) => d.row.issueDate,
    (d, number, year, sequence) => Object.assign(d.row, { number, year, sequence }),
  );
  await insertBatched(drafts, async (batch) => {
    const inserted = await db
      .insert(invoices)
      .values(batch.map((d) => d.row))
      .returning({ id: invoices.id });
    const lines = batch.flatMap((d, i) => d.lines.map((l) => ({ ...l, invoiceId: inserted[i]!.id })));
    await insertBatched(lines, (chunk) => db.insert(invoiceLines).values(chunk));
    const payments = batch.flatMap((d, i) =>
      d.payment
        ? [{ invoiceId: inserted[i]!.id, date: d.payment.date, amount: d.payment.amount, method: "bonifico" as const }]
        : [],
    );
    if (payments.length) await db.insert(invoicePayments).values(payments);
  });
  await saveCounters(db, "FAT", lastByYear);
}
