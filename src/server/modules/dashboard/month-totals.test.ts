import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceMonthTotals, invoicePayments, invoices, paymentMonthTotals } from "../../db/schema";
import { buildTestApp, type TestApp } from "../../test/app";
import { insertClient, insertContract, insertEstimate, insertInvoice } from "../../test/fixtures/dashboard";

// The monthly summaries the dashboard reads (migration 0019) must equal a GROUP BY over invoices
// and payments after every kind of write: inserts of one and many rows, a draft issued, amount and
// date changes, updates that change nothing they count, deletes, a rollback and TRUNCATE.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const rowsOf = <T>(r: unknown) => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];
const asMap = (rows: { month: string; total: string }[]) =>
  Object.fromEntries(rows.filter((r) => Number(r.total) !== 0).map((r) => [r.month, Number(r.total).toFixed(2)]));

async function summaries() {
  const inv = await t.db
    .select({ month: invoiceMonthTotals.month, total: invoiceMonthTotals.invoiced })
    .from(invoiceMonthTotals);
  const pay = await t.db
    .select({ month: paymentMonthTotals.month, total: paymentMonthTotals.collected })
    .from(paymentMonthTotals);
  return { invoiced: asMap(inv), collected: asMap(pay) };
}
async function grouped() {
  const inv = rowsOf<{ month: string; total: string }>(
    await t.db.execute(sql`select to_char(date_trunc('month', issue_date), 'YYYY-MM-DD') as month, sum(amount)::text as total
      from invoices where status <> 'bozza' and issue_date is not null group by 1`),
  );
  const pay = rowsOf<{ month: string; total: string }>(
    await t.db.execute(sql`select to_char(date_trunc('month', date), 'YYYY-MM-DD') as month, sum(amount)::text as total
      from invoice_payments group by 1`),
  );
  return { invoiced: asMap(inv), collected: asMap(pay) };
}

async function contract() {
  const client = await insertClient(t.db);
  const estimate = await insertEstimate(t.db, { clientId: client.id, status: "accettato" });
  return insertContract(t.db, estimate.id);
}

describe("invoice_month_totals and payment_month_totals", () => {
  it("follow inserts, a draft issued, amount and date changes, no-op updates and deletes", async () => {
    const c = await contract();
    const draft = await insertInvoice(t.db, { contractId: c.id, amount: "100.10", issueDate: "2026-03-05" });
    const sent = await insertInvoice(t.db, {
      contractId: c.id,
      amount: "200.20",
      issueDate: "2026-03-20",
      status: "inviata",
    });
    await insertInvoice(t.db, {
      contractId: c.id,
      amount: "50.00",
      issueDate: "2026-02-10",
      status: "pagata",
      paidDate: "2026-04-02",
    });
    // A draft counts nowhere.
    expect(await summaries()).toEqual(await grouped());
    expect((await summaries()).invoiced).toEqual({ "2026-02-01": "50.00", "2026-03-01": "200.20" });
    expect((await summaries()).collected).toEqual({ "2026-04-01": "50.00" });

    // The draft is issued: its month grows.
    await t.db.update(invoices).set({ status: "inviata" }).where(eq(invoices.id, draft.id));
    expect((await summaries()).invoiced["2026-03-01"]).toBe("300.30");
    // Amount and issue date change; a change of nothing counted writes nothing.
    await t.db.update(invoices).set({ amount: "250.00", issueDate: "2026-01-31" }).where(eq(invoices.id, sent.id));
    await t.db.update(invoices).set({ remindersSent: 1 }).where(eq(invoices.id, sent.id));
    expect(await summaries()).toEqual(await grouped());
    expect((await summaries()).invoiced).toEqual({
      "2026-01-01": "250.00",
      "2026-02-01": "50.00",
      "2026-03-01": "100.10",
    });

    // A partial payment, moved to another month, then deleted.
    const [p] = await t.db
      .insert(invoicePayments)
      .values({ invoiceId: sent.id, date: "2026-04-30", amount: "10.05", method: "contanti" })
      .returning();
    expect((await summaries()).collected).toEqual({ "2026-04-01": "60.05" });
    await t.db.update(invoicePayments).set({ date: "2026-05-01" }).where(eq(invoicePayments.id, p!.id));
    expect((await summaries()).collected).toEqual({ "2026-04-01": "50.00", "2026-05-01": "10.05" });
    await t.db.delete(invoicePayments).where(eq(invoicePayments.id, p!.id));
    await t.db.delete(invoices).where(eq(invoices.id, draft.id));
    expect(await summaries()).toEqual(await grouped());
    expect((await summaries()).invoiced["2026-03-01"]).toBeUndefined();
  });

  it("several rows in one statement, and a credit note's negative amount", async () => {
    const c = await contract();
    await t.db.insert(invoices).values(
      [1, 2, 3].map((n) => ({
        number: `FAT-MULTI-${n}`,
        year: 1990,
        sequence: n,
        contractId: c.id,
        amount: n === 3 ? "-30.00" : `${n}0.00`,
        totalAmount: n === 3 ? "-30.00" : `${n}0.00`,
        netToPay: n === 3 ? "-30.00" : `${n}0.00`,
        issueDate: "2025-07-15",
        dueDate: "2025-08-15",
        status: "inviata" as const,
      })),
    );
    expect(await summaries()).toEqual(await grouped());
    expect((await summaries()).invoiced["2025-07-01"]).toBeUndefined(); // 10 + 20 − 30
  });

  it("a rolled-back write leaves them as they were", async () => {
    const before = await summaries();
    const c = await contract();
    await expect(
      t.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(invoices)
          .values({
            number: "FAT-ROLLBACK",
            year: 1991,
            sequence: 1,
            contractId: c.id,
            amount: "5.00",
            totalAmount: "5.00",
            netToPay: "5.00",
            issueDate: "2026-06-01",
            dueDate: "2026-07-01",
            status: "inviata",
          })
          .returning();
        await tx.insert(invoicePayments).values({ invoiceId: row!.id, date: "2026-06-02", amount: "5.00", method: "bonifico" });
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await summaries()).toEqual(before);
  });

  it("TRUNCATE empties them", async () => {
    await t.db.execute(sql`truncate invoice_payments, invoices cascade`);
    expect(await summaries()).toEqual({ invoiced: {}, collected: {} });
  });
});
