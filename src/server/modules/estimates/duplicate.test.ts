import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIso } from "@domain/dates";
import { clients, contracts, estimateItems, estimates, surveys } from "../../db/schema";
import { buildTestApp, type TestApp } from "../../test/app";

// docs/domain/sites.md: POST /api/estimates/{id}/duplicate.
let t: TestApp;
let clientId: string;
let original: { id: string; number: string; version: number };
beforeAll(async () => {
  t = await buildTestApp();
  const [c] = await t.db
    .insert(clients)
    .values({ name: "Verdi Anna", type: "privato", address: "Via Po 3", email: "verdi@example.it" })
    .returning();
  clientId = c!.id;
  const [s] = await t.db.insert(surveys).values({ clientId, date: todayIso(), address: "Via Po 3" }).returning();
  const res = await t.app.inject({
    method: "POST",
    url: "/api/estimates",
    headers: { cookie: t.admin },
    payload: {
      clientId,
      surveyId: s!.id,
      title: "Rifacimento tetto",
      description: "Manto e lattoneria",
      validityDays: "45",
      items: [
        { description: "Manto", quantity: "120", unitPrice: "45.50", unit: "mq", notes: "coppi di recupero" },
        { description: "Ponteggio", quantity: "1", unitPrice: "850", unit: "pz" },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  original = res.json();
  // Accepted: it gets a contract, which the copy must not carry.
  const sent = await t.app.inject({
    method: "POST",
    url: `/api/estimates/${original.id}/send`,
    headers: { cookie: t.admin },
    payload: {},
  });
  const accepted = await t.app.inject({
    method: "POST",
    url: `/api/estimates/${original.id}/accept`,
    headers: { cookie: t.admin },
    payload: { signedBy: "Anna Verdi", version: sent.json().version },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
});
afterAll(async () => t.close());

const duplicate = (id: string, cookie = t.admin) =>
  t.app.inject({ method: "POST", url: `/api/estimates/${id}/duplicate`, headers: { cookie } });

describe("POST /api/estimates/:id/duplicate", () => {
  it("makes a new bozza of the same client with every line, a new number and no survey, order or contract", async () => {
    const res = await duplicate(original.id);
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json();
    expect(copy).toMatchObject({
      clientId,
      title: "Copia di Rifacimento tetto",
      description: "Manto e lattoneria",
      status: "bozza",
      surveyId: null,
      orderId: null,
      acceptedAt: null,
      acceptedBy: null,
      sentAt: null,
      treatment: "ordinary",
      validityDays: 45,
      // A privato's lines start at 10 % (docs/domain/vat.md): the copy keeps the original's figures.
      totalAmount: "6310.00",
      vatAmount: "631.00",
      grossTotal: "6941.00",
      version: 1,
    });
    expect(copy.number).not.toBe(original.number);
    expect(copy.number).toMatch(/^PRV-\d{4}-\d{3,}$/);
    expect(await t.db.select().from(contracts).where(eq(contracts.estimateId, copy.id))).toEqual([]);

    // Every column of every line is copied (only its id, estimate and creation time differ).
    const lines = async (estimateId: string) =>
      (await t.db.select().from(estimateItems).where(eq(estimateItems.estimateId, estimateId)))
        .map(({ id: _id, estimateId: _e, createdAt: _c, ...rest }) => rest)
        .sort((a, b) => a.position - b.position || a.description.localeCompare(b.description));
    const copied = await lines(copy.id);
    expect(copied).toHaveLength(2);
    expect(copied).toEqual(await lines(original.id));

    // The original is untouched.
    const [still] = await t.db.select().from(estimates).where(eq(estimates.id, original.id));
    expect(still).toMatchObject({ status: "accettato", title: "Rifacimento tetto" });
  });

  it("keeps the title within its 200 characters", async () => {
    const [long] = await t.db
      .insert(estimates)
      .values({ number: "PRV-1999-901", clientId, title: "T".repeat(200), description: "x", expiresAt: todayIso() })
      .returning();
    const res = await duplicate(long!.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().title).toHaveLength(200);
  });

  it("is the office's: ufficio may, a technician and a portal client may not; an unknown id is 404", async () => {
    const ufficio = await t.staffUser("ufficio");
    expect((await duplicate(original.id, ufficio.cookie)).statusCode).toBe(201);
    const tecnico = await t.staffUser("tecnico");
    expect((await duplicate(original.id, tecnico.cookie)).statusCode).toBe(403);
    const portal = await t.clientUser(clientId);
    expect((await duplicate(original.id, portal.cookie)).statusCode).toBe(403);
    const missing = await duplicate("00000000-0000-4000-8000-000000000000");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Preventivo non trovato");
  });
});
