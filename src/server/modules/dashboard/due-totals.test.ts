import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceDueTotals, invoices } from "../../db/schema";
import { createRandom } from "../../demo/random";
import { buildTestApp, type TestApp } from "../../test/app";
import { insertClient, insertContract, insertEstimate } from "../../test/fixtures/dashboard";
import { todayIso } from "@domain/dates";
import { openSql, remainderSql } from "../invoices/queries";

// invoice_due_totals (migration 0026) must equal, after every kind of write, a GROUP BY by due date
// of the invoices the list calls open (openSql, the one definition): how many, and what is left to
// collect (a draft's total, an issued invoice's remainder). Writes: drafts and issued invoices of
// one and many rows, issuing, payments in part and in full, credit notes, due dates moved, paid,
// deleted, updates of nothing counted, a rollback and TRUNCATE; and the dashboard's overdue card
// must answer from it.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const rowsOf = <T>(r: unknown) => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];
const asMap = (rows: { due: string; n: number | string; amount: string }[]) =>
  Object.fromEntries(rows.map((r) => [r.due, `${Number(r.n)} ${Number(r.amount).toFixed(2)}`]));

async function kept() {
  const rows = await t.db
    .select({ due: invoiceDueTotals.dueDate, n: invoiceDueTotals.count, amount: invoiceDueTotals.amount })
    .from(invoiceDueTotals);
  return asMap(rows);
}
async function grouped() {
  const rows = rowsOf<{ due: string; n: number; amount: string }>(
    await t.db.execute(sql`select to_char(${invoices.dueDate}, 'YYYY-MM-DD') as due, count(*)::int as n,
      sum(case when ${invoices.status} = 'bozza' then ${invoices.totalAmount} else ${remainderSql} end)::text as amount
      from ${invoices} where ${openSql} and ${invoices.dueDate} is not null group by 1`),
  );
  return asMap(rows);
}

const SEED = Number(process.env.DUE_TOTALS_SEED ?? 20261127);
// The demo loader's seeded generator: a failure replays with the same seed.
const { next: rand, pick, chance } = createRandom(SEED);
const cents = (max: number) => (Math.floor(rand() * max * 100) / 100).toFixed(2);
const DUES = ["2026-01-31", "2026-02-28", "2026-03-15", "2026-03-31", "2026-04-30"] as const;

let n = 0;
async function contractId() {
  const client = await insertClient(t.db);
  const estimate = await insertEstimate(t.db, { clientId: client.id, status: "accettato" });
  return (await insertContract(t.db, estimate.id)).id;
}

/** Invoices of every kind and state, in one multi-row statement; credit notes credit `credited`. */
async function addInvoices(contract: string, count: number, credited: string) {
  const rows = await t.db
    .insert(invoices)
    .values(
      Array.from({ length: count }, () => {
        const seq = ++n;
        const status = pick(["bozza", "inviata", "inviata", "pagata"] as const);
        const credit = status !== "bozza" && chance(0.15);
        const total = credit ? `-${cents(300)}` : cents(3000);
        const paid = status === "pagata" ? total : status === "inviata" && chance(0.3) ? cents(100) : "0";
        return {
          // Numbered even as drafts, so that any of them can be issued or paid below.
          number: `FAT-DUE-${seq}`,
          year: 1980,
          sequence: seq,
          contractId: contract,
          kind: credit ? ("nota_credito" as const) : ("saldo" as const),
          creditedInvoiceId: credit ? credited : null,
          amount: total,
          totalAmount: total,
          netToPay: total,
          paidAmount: paid,
          issueDate: "2026-01-15",
          dueDate: pick(DUES),
          status,
        };
      }),
    )
    .returning({ id: invoices.id });
  return rows.map((r) => r.id);
}

describe(`invoice_due_totals against the open invoices (seed ${SEED})`, () => {
  it("follow writes of every kind, one row and many at a time", async () => {
    const contract = await contractId();
    const [base] = await t.db
      .insert(invoices)
      .values({
        number: "FAT-DUE-BASE",
        year: 1980,
        sequence: 0,
        contractId: contract,
        amount: "900.00",
        totalAmount: "900.00",
        netToPay: "900.00",
        issueDate: "2026-01-10",
        dueDate: "2026-02-28",
        status: "inviata",
      })
      .returning({ id: invoices.id });
    const credited = base!.id;
    const ids = await addInvoices(contract, 40, credited);
    expect(await kept()).toEqual(await grouped());
    expect(Object.keys(await kept()).length).toBeGreaterThan(2);

    for (let round = 0; round < 5; round++) {
      for (const id of ids.filter(() => chance(0.3))) {
        const change = pick(["issue", "pay part", "pay all", "credit", "move", "nothing", "paid"] as const);
        const set =
          change === "issue"
            ? { status: "inviata" as const }
            : change === "pay part"
              ? { paidAmount: sql`${invoices.paidAmount} + ${cents(50)}` }
              : change === "pay all"
                ? { paidAmount: sql`${invoices.netToPay}` }
                : change === "credit"
                  ? { creditedAmount: sql`${invoices.creditedAmount} + ${cents(80)}` }
                  : change === "move"
                    ? { dueDate: pick(DUES) }
                    : change === "paid"
                      ? { status: "pagata" as const }
                      : { remindersSent: sql`${invoices.remindersSent} + 1` };
        await t.db.update(invoices).set(set).where(eq(invoices.id, id));
      }
      // Many rows in one statement: due dates moved together.
      await t.db
        .update(invoices)
        .set({ dueDate: pick(DUES) })
        .where(
          inArray(
            invoices.id,
            ids.filter(() => chance(0.2)),
          ),
        );
      const gone = ids.filter(() => chance(0.1));
      if (gone.length) await t.db.delete(invoices).where(inArray(invoices.id, gone));
      ids.push(...(await addInvoices(contract, 6, credited)));
      expect(await kept(), `round ${round}`).toEqual(await grouped());
    }
    // A date whose invoices are all paid leaves no row.
    await t.db.update(invoices).set({ status: "pagata" }).where(eq(invoices.dueDate, "2026-01-31"));
    expect((await kept())["2026-01-31"]).toBeUndefined();
  });

  it("a rolled-back write leaves them as they were", async () => {
    const before = await kept();
    const contract = await contractId();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(invoices).values({
          contractId: contract,
          amount: "5.00",
          totalAmount: "5.00",
          netToPay: "5.00",
          issueDate: "2026-02-01",
          dueDate: "2026-02-28",
          status: "bozza",
        });
        await tx
          .update(invoices)
          .set({ paidAmount: sql`${invoices.netToPay}` })
          .where(eq(invoices.status, "inviata"));
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await kept()).toEqual(before);
  });

  // Broken outcome: the dashboard's overdue card reads the kept rows, so a wrong row would show;
  // the comparisons above are what rule that out.
  it("the dashboard's overdue card is the sum of the dates before today", async () => {
    const overdue = async () => {
      const res = await t.app.inject({ url: "/api/dashboard?date=2026-03-20", headers: { cookie: t.admin } });
      expect(res.statusCode).toBe(200);
      return (res.json() as { overdueInvoices: { count: number; total: string } }).overdueInvoices;
    };
    const [expected] = rowsOf<{ n: number; total: string }>(
      await t.db.execute(sql`select count(*)::int as n,
        coalesce(sum(case when ${invoices.status} = 'bozza' then ${invoices.totalAmount} else ${remainderSql} end), 0)::numeric(14,2)::text as total
        from ${invoices} where ${openSql} and ${invoices.dueDate} < '2026-03-20'`),
    );
    expect(await overdue()).toEqual({ count: expected!.n, total: expected!.total });
    expect(expected!.n).toBeGreaterThan(0);
    await t.db.execute(sql`update invoice_due_totals set count = count + 1 where due_date = '2026-02-28'`);
    try {
      expect((await overdue()).count).toBe(expected!.n + 1);
    } finally {
      await t.db.execute(sql`update invoice_due_totals set count = count - 1 where due_date = '2026-02-28'`);
    }
  });

  // The invoices list's "Scadute" filter alone counts from the same rows; with another filter it
  // counts the invoices themselves.
  it('the office\'s "Scadute" list counts from them', async () => {
    const total = async (query: string) => {
      const res = await t.app.inject({ url: `/api/invoices?${query}`, headers: { cookie: t.admin } });
      expect(res.statusCode).toBe(200);
      return Number(res.headers["x-total-count"]);
    };
    const [open] = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from ${invoices} where ${openSql} and ${invoices.dueDate} < ${todayIso()}`,
      ),
    );
    expect(open!.n).toBeGreaterThan(0);
    expect(await total("status=scaduta&limit=5")).toBe(open!.n);
    await t.db.execute(sql`update invoice_due_totals set count = count + 1 where due_date = '2026-02-28'`);
    try {
      expect(await total("status=scaduta&limit=5")).toBe(open!.n + 1);
      // Another filter beside it: the rows are counted, the kept totals play no part.
      expect(await total("status=scaduta&type=fattura&limit=5")).toBe(open!.n);
    } finally {
      await t.db.execute(sql`update invoice_due_totals set count = count - 1 where due_date = '2026-02-28'`);
    }
  });

  it("TRUNCATE empties them", async () => {
    await t.db.execute(sql`truncate invoice_payments, invoices cascade`);
    expect(await kept()).toEqual({});
  });
});
