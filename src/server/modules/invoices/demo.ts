import { eq, ne } from "drizzle-orm";
import { addDays, daysBetween } from "@domain/dates";
import { invoiceTotals } from "@domain/invoices";
import { addMoney, percentOf, subMoney } from "@domain/money";
import type { InvoiceStatus } from "@domain/statuses";
import { contracts, estimates, invoices } from "../../db/schema";
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
      imponibile: estimates.totalAmount,
      vat: estimates.vatTreatment,
    })
    .from(contracts)
    .innerJoin(estimates, eq(estimates.id, contracts.estimateId))
    .where(ne(contracts.status, "bozza"));

  const drafts: (typeof invoices.$inferInsert)[] = [];
  for (const c of rows) {
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
      const totals = invoiceTotals(amount, c.vat);
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
      drafts.push({
        number: "",
        year: 0,
        sequence: 0,
        contractId: c.id,
        kind,
        amount: totals.amount,
        vatTreatment: c.vat,
        vatAmount: totals.vatAmount,
        stampDuty: totals.stampDuty,
        totalAmount: totals.totalAmount,
        issueDate,
        dueDate,
        paidDate: status === "pagata" ? addDays(issueDate, Math.min(random.int(5, 60), Math.max(age, 0))) : null,
        status,
        sentAt: status === "bozza" ? null : issuedAt,
        createdAt: issuedAt,
        updatedAt: issuedAt,
      });
    }
  }
  const lastByYear = await assignNumbers(
    db,
    "FAT",
    drafts,
    (d) => d.issueDate,
    (d, number, year, sequence) => Object.assign(d, { number, year, sequence }),
  );
  await insertBatched(drafts, (batch) => db.insert(invoices).values(batch));
  await saveCounters(db, "FAT", lastByYear);
}
