import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { contracts, estimateItems, orders, suppliers, surveys } from "../../db/schema";
import { freshDatabase } from "../../test/app";
import { insertClient, insertEstimate } from "../../test/fixtures/dashboard";
import { getEstimateDetail } from "./queries";

// The estimate detail was ten statements, two of them reading the client and the attached order a
// second time for the VAT view (issue 27: the API at 10 % of its SQL floor). It is five now; the
// answer carries the same client, survey, order, lines, VAT, contracts and sites.

let database: Database;
const statements: string[] = [];
let estimateId = "";
let bareId = "";
let clientId = "";

beforeAll(async () => {
  database = await freshDatabase({ logger: { logQuery: (query) => void statements.push(query) } });
  const db = database.db;
  const client = await insertClient(db, "Rossi Mario");
  clientId = client.id;
  const [survey] = await db
    .insert(surveys)
    .values({ clientId, date: "2026-03-02", address: "Via dei Tetti 3" })
    .returning();
  const [supplier] = await db.insert(suppliers).values({ name: "Laterizi Srl", city: "Forlì" }).returning();
  const [order] = await db
    .insert(orders)
    .values({
      number: "ORD-1",
      supplierId: supplier!.id,
      title: "Tegole",
      orderDate: "2026-03-01",
      totalAmount: "300.00",
      status: "confermato",
    })
    .returning();
  const estimate = await insertEstimate(db, { clientId, totalAmount: "1000.00" });
  estimateId = estimate.id;
  const { eq } = await import("drizzle-orm");
  const { estimates } = await import("../../db/schema");
  await db.update(estimates).set({ surveyId: survey!.id, orderId: order!.id }).where(eq(estimates.id, estimateId));
  await db.insert(estimateItems).values([
    {
      estimateId,
      position: 0,
      description: "Manto",
      quantity: "10",
      unitPrice: "45.5",
      totalPrice: "455.00",
      vatRate: "10",
    },
    {
      estimateId,
      position: 1,
      description: "Grondaie",
      quantity: "2",
      unitPrice: "100",
      totalPrice: "200.00",
      vatRate: "22",
    },
  ]);
  await db.insert(contracts).values({ number: "CTR-1", estimateId, terms: "Condizioni" });
  bareId = (await insertEstimate(db, { clientId })).id;
});
afterAll(async () => database?.close());

describe("getEstimateDetail", () => {
  it("answers in five statements with client, survey, order, lines, VAT and contracts", async () => {
    // The first read of a fresh database also creates the company settings row: not counted.
    await getEstimateDetail(database.db, estimateId, null);
    statements.length = 0;
    const detail = await getEstimateDetail(database.db, estimateId, null);
    expect(statements.length).toBeLessThanOrEqual(5);
    expect(detail).not.toBeNull();
    expect(detail!.client).toMatchObject({ id: clientId, name: "Rossi Mario", type: "privato", address: "Via Roma 1" });
    expect(detail!.survey).toMatchObject({ date: "2026-03-02", address: "Via dei Tetti 3", status: "programmato" });
    expect(detail!.order).toMatchObject({
      number: "ORD-1",
      title: "Tegole",
      totalAmount: "300.00",
      status: "confermato",
    });
    expect(detail!.items.map((i) => [i.description, i.quantity, i.unitPrice])).toEqual([
      ["Manto", "10.00", "45.50"],
      ["Grondaie", "2.00", "100.00"],
    ]);
    // The VAT view is computed from the lines and the attached order (no second read of either).
    expect(detail!.vat).not.toBeNull();
    expect(detail!.contracts.map((c) => c.number)).toEqual(["CTR-1"]);
    expect(detail!.sites).toEqual([]);
  });

  it("without survey or order they are null, not objects of nulls", async () => {
    const detail = await getEstimateDetail(database.db, bareId, null);
    expect(detail!.survey).toBeNull();
    expect(detail!.order).toBeNull();
    expect(detail!.contracts).toEqual([]);
  });

  it("outside the portal user's scope, or unknown: null after one statement", async () => {
    const other = await insertClient(database.db, "Altro");
    statements.length = 0;
    expect(await getEstimateDetail(database.db, estimateId, other.id)).toBeNull();
    expect(statements).toHaveLength(1);
    expect(await getEstimateDetail(database.db, "00000000-0000-4000-8000-000000000000", null)).toBeNull();
  });
});
