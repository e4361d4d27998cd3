import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIso } from "@domain/dates";
import { createRandom } from "../../demo/random";
import type { DemoContext } from "../../demo/context";
import { orderItems, orders, suppliers } from "../../db/schema";
import { buildTestApp, type TestApp } from "../../test/app";
import { seedSuppliers } from "../suppliers/demo";
import { seedOrders } from "./demo";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe("suppliers and orders demo data", () => {
  it("covers every status, keeps totals equal to the lines and numbering continuing after the demo", async () => {
    const ctx: DemoContext = { db: t.db, random: createRandom(), scale: 1, today: todayIso(), ids: {} };
    await seedSuppliers(ctx);
    await seedOrders(ctx);
    const supplierStatuses = await t.db.selectDistinct({ s: suppliers.status }).from(suppliers);
    expect(supplierStatuses.map((r) => r.s).sort()).toEqual(["attivo", "inattivo", "sospeso"]);
    const orderStatuses = await t.db.selectDistinct({ s: orders.status }).from(orders);
    expect(orderStatuses.map((r) => r.s).sort()).toEqual(["annullato", "bozza", "confermato", "inviato", "ricevuto"]);
    const mismatched = await t.db.execute(sql`
      select o.id from ${orders} o
      where o.total_amount <> (select sum(i.total_price) from ${orderItems} i where i.order_id = o.id)`);
    expect((mismatched as unknown as { rows: unknown[] }).rows ?? mismatched).toHaveLength(0);

    // A new order this year gets the number after the demo's last one.
    const year = Number(ctx.today.slice(0, 4));
    const [last] = await t.db
      .select({ n: sql<number>`max(split_part(${orders.number}, '-', 3)::int)`.mapWith(Number) })
      .from(orders)
      .where(sql`${orders.number} like ${`ORD-${year}-%`}`);
    const supplierId = ctx.ids.activeSuppliers![0]!;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { cookie: t.admin },
      payload: { supplierId, title: "Dopo la demo", orderDate: ctx.today, items: [{ description: "Coppi", quantity: "1", unitPrice: "1" }] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().number).toBe(`ORD-${year}-${String((last?.n ?? 0) + 1).padStart(3, "0")}`);
    const [first] = await t.db.select().from(suppliers).where(eq(suppliers.id, supplierId));
    expect(first!.email).toBeTruthy();
  });
});
