import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, invoices } from "../db/schema";
import { insertClient, insertContract, insertEstimate, insertInvoice } from "../test/fixtures/dashboard";
import { buildTestApp, type TestApp } from "../test/app";
import { keysetWalker } from "../test/keyset-walk";

// Keyset pagination (src/server/lib/list.ts) on the three lists that go deep: walking a list page
// by page through X-Next-Cursor, and back through X-Previous-Cursor, gives exactly the rows (and
// the order) of one big OFFSET page, whatever the sort — ties and NULLs included.

let t: TestApp;
const admin = () => ({ cookie: t.admin });

beforeAll(async () => {
  t = await buildTestApp();
  // Ties on created_at (three clients in the same microsecond), on type and on the lowercased name.
  const sameInstant = "2026-03-01T10:00:00.123456Z";
  const names = ["Bianchi", "bianchi", "Rossi", "Verdi", "Neri", "Gialli", "Azzurri"];
  for (const [n, name] of names.entries())
    await t.db.insert(clients).values({
      name,
      type: n % 3 === 0 ? "azienda" : "privato",
      address: "Via Roma 1",
      ...(n < 3 ? { createdAt: sameInstant } : {}),
    });
  const client = await insertClient(t.db, "Cliente Fatture");
  const totals = ["100.00", "100.00", "250.00", "100.00", "90.00", "250.00", "300.00"];
  for (const [n, totalAmount] of totals.entries()) {
    const estimate = await insertEstimate(t.db, {
      clientId: n % 2 ? client.id : (await insertClient(t.db, `Cliente ${n}`)).id,
      totalAmount,
      status: n % 2 ? "inviato" : "bozza",
      ...(n < 3 ? { createdAt: sameInstant } : {}),
    });
    const contract = await insertContract(t.db, estimate.id);
    await insertInvoice(t.db, { contractId: contract.id, amount: totalAmount, issueDate: `2026-0${n + 1}-10` });
    // A draft has no number: year and sequence are NULL (first in "-number", last in "number").
    await t.db.insert(invoices).values({
      contractId: contract.id,
      amount: totalAmount,
      issueDate: "2026-05-05",
      dueDate: n % 2 ? "2026-06-30" : "2026-07-31",
    });
  }
});
afterAll(async () => t.close());

const { get, expectWalkMatchesOffset } = keysetWalker(() => t);

describe("keyset pagination", () => {
  it.each([
    ["", "default order (created_at desc with ties, then id)"],
    ["sort=name", "name, case-insensitive ties"],
    ["sort=-type", "type descending, many ties"],
    ["sort=createdAt", "created_at ascending with ties"],
    ["type=privato&sort=name", "a filter"],
    // A search reads the page's ids first, then their rows (clients/queries.ts listClients).
    ["q=i", "a search, ties on created_at"],
    ["q=i&sort=-name", "a search by name descending"],
  ])("clients: %s walks like OFFSET (%s)", async (query) => {
    await expectWalkMatchesOffset("/api/clients", query);
  });

  it.each([
    [""],
    ["sort=-totalAmount"],
    ["sort=totalAmount"],
    ["sort=clientName"],
    ["sort=-createdAt"],
    ["sort=title"],
    ["q=Rifacimento&sort=-totalAmount"],
  ])("estimates: %s walks like OFFSET", async (query) => {
    await expectWalkMatchesOffset("/api/estimates", query, 2);
  });

  it.each([
    [""],
    ["sort=number"],
    ["sort=-number"],
    ["sort=dueDate"],
    ["sort=-amount"],
    ["type=fattura&sort=-issueDate"],
  ])("invoices: %s walks like OFFSET, drafts (no number) included", async (query) => {
    await expectWalkMatchesOffset("/api/invoices", query, 3);
  });

  it("a first page says where the next starts, and the page after it starts there", async () => {
    const first = await get("/api/estimates?limit=2");
    expect(first.next).toBeTruthy();
    expect(first.previous).toBeUndefined();
    const second = await get(`/api/estimates?limit=2&after=${first.next}`);
    const byOffset = await get("/api/estimates?limit=2&offset=2");
    expect(second.ids).toEqual(byOffset.ids);
    // The cursor is not part of a row.
    expect(second.rows[0]).not.toHaveProperty("cursor");
    expect(second.previous).toBeTruthy();
    expect((await get(`/api/estimates?limit=2&before=${second.previous}`)).ids).toEqual(first.ids);
  });

  it("an offset page still works and offers a cursor both ways", async () => {
    const page = await get("/api/clients?limit=2&offset=2");
    expect(page.ids).toHaveLength(2);
    expect(page.previous).toBeTruthy();
    expect(page.next).toBeTruthy();
  });

  it.each([
    ["not base64 JSON", "%%%"],
    ["not an array", Buffer.from('{"a":1}').toString("base64url")],
    ["the wrong number of keys", Buffer.from('["2026-01-01"]').toString("base64url")],
    ["a number instead of text", Buffer.from("[1, 2]").toString("base64url")],
  ])("a cursor that is %s is refused with 400 naming the cursor", async (_what, cursor) => {
    const res = await t.app.inject({ method: "GET", url: `/api/estimates?after=${cursor}`, headers: admin() });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Cursore di paginazione non valido/);
  });

  it("a cursor whose values are not of the sort's type is a 400, never a 500", async () => {
    const cursor = Buffer.from('["ieri", "PRV-1"]').toString("base64url");
    const res = await t.app.inject({ method: "GET", url: `/api/estimates?before=${cursor}`, headers: admin() });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });

  it("a cursor does not open a list to a role without access to it", async () => {
    const first = await get("/api/invoices?limit=2");
    const tecnico = await t.staffUser("tecnico");
    const res = await t.app.inject({
      method: "GET",
      url: `/api/invoices?limit=2&after=${first.next}`,
      headers: { cookie: tecnico.cookie },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).not.toHaveProperty("0");
  });
});
