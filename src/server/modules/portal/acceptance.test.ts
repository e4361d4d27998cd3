import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contracts, estimates, notifications } from "../../db/schema";
import { buildTestApp, type TestApp } from "../../test/app";
import { seedPortalWorld, type PortalWorld } from "../../test/fixtures/portal";

// Online acceptance from the portal (docs/domain/statuses.md, docs/domain/portal.md) through the portal's route: only an
// inviato, unexpired estimate of the user's own client, only once, and only the version seen.
let t: TestApp;
let a: PortalWorld;
let b: PortalWorld;
let cookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  a = await seedPortalWorld(t.db, "Alfa");
  b = await seedPortalWorld(t.db, "Beta");
  cookie = (await t.clientUser(a.clientId)).cookie;
});
afterAll(async () => t.close());

/** `version: null` sends no version at all. */
const accept = (id: string, signedBy = "Mario Rossi", version: number | null = 1) =>
  t.app.inject({
    method: "POST",
    url: `/api/portal/estimates/${id}/accept`,
    payload: version === null ? { signedBy } : { signedBy, version },
    headers: { cookie },
  });

describe("Accetta Preventivo", () => {
  it("requires the signatory's name", async () => {
    const res = await accept(a.estimates.sent.id, " ");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty("signedBy");
  });

  it("refuses a stale version (409, Italian message): nothing accepted, the estimate unchanged", async () => {
    const [before] = await t.db.select().from(estimates).where(eq(estimates.id, a.estimates.sent.id));
    // The client saw version 1; the office changed the figures since (version 2, 9,000 €).
    await t.db.update(estimates).set({ totalAmount: "9000.00", grossTotal: "9900.00", version: 2 }).where(eq(estimates.id, a.estimates.sent.id));
    const res = await accept(a.estimates.sent.id, "Mario Rossi", 1);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/modificato dopo che lo hai aperto/);
    expect(res.json().errors).toHaveProperty("version");
    const [row] = await t.db.select().from(estimates).where(eq(estimates.id, a.estimates.sent.id));
    expect(row).toMatchObject({ status: "inviato", acceptedBy: null, acceptedAt: null, acceptedSnapshot: null, version: 2 });
    expect(await t.db.$count(contracts, eq(contracts.estimateId, a.estimates.sent.id))).toBe(0);
    await t.db.update(estimates).set({ totalAmount: before!.totalAmount, grossTotal: before!.grossTotal, version: 1 }).where(eq(estimates.id, a.estimates.sent.id));
  });

  it("refuses a missing version with 409: the client must say what it saw", async () => {
    const res = await accept(a.estimates.sent.id, "Mario Rossi", null);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/versione/i);
    const [row] = await t.db.select().from(estimates).where(eq(estimates.id, a.estimates.sent.id));
    expect(row).toMatchObject({ status: "inviato", acceptedBy: null });
  });

  it("the portal shows the version it accepts", async () => {
    const shown = (await t.app.inject({ url: `/api/portal/estimates/${a.estimates.sent.id}`, headers: { cookie } })).json();
    expect(shown.version).toBe(1);
  });

  it("accepts a sent, valid estimate: name recorded, contract created, company notified, portal shows the new state", async () => {
    const res = await accept(a.estimates.sent.id);
    expect(res.statusCode).toBe(200);
    // The portal's answer is an allowlist: the state and the contract's number, nothing internal.
    expect(Object.keys(res.json()).sort()).toEqual(["acceptedAt", "acceptedBy", "contract", "id", "number", "status", "version"]);
    expect(res.json().contract).toEqual({ number: expect.any(String) });
    const [row] = await t.db.select().from(estimates).where(eq(estimates.id, a.estimates.sent.id));
    expect(row).toMatchObject({ status: "accettato", acceptedBy: "Mario Rossi" });
    expect(row!.acceptedAt).not.toBeNull();
    expect(await t.db.$count(contracts, eq(contracts.estimateId, a.estimates.sent.id))).toBe(1);
    expect(await t.db.$count(notifications, and(eq(notifications.kind, "estimate_accepted"), eq(notifications.entityId, a.estimates.sent.id)))).toBe(1);
    const portal = (await t.app.inject({ url: `/api/portal/estimates/${a.estimates.sent.id}`, headers: { cookie } })).json();
    expect(portal).toMatchObject({ status: "accettato", canAccept: false, acceptedBy: "Mario Rossi" });
  });

  it("not twice", async () => {
    const res = await accept(a.estimates.sent.id, "Altro Nome", 2);
    expect(res.statusCode).toBe(409);
    const [row] = await t.db.select().from(estimates).where(eq(estimates.id, a.estimates.sent.id));
    expect(row!.acceptedBy).toBe("Mario Rossi");
  });

  it("not when expired", async () => {
    const res = await accept(a.estimates.expired.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/scaduto/);
    const [row] = await t.db.select().from(estimates).where(eq(estimates.id, a.estimates.expired.id));
    expect(row!.status).toBe("inviato");
  });

  it("not someone else's (404, untouched)", async () => {
    const res = await accept(b.estimates.sent.id);
    expect(res.statusCode).toBe(404);
    const [row] = await t.db.select().from(estimates).where(eq(estimates.id, b.estimates.sent.id));
    expect(row!.status).toBe("inviato");
  });

  it("not a draft the client was never sent (404: a draft does not exist for the client)", async () => {
    const res = await accept(a.estimates.draft.id);
    expect(res.statusCode).toBe(404);
    const [row] = await t.db.select().from(estimates).where(eq(estimates.id, a.estimates.draft.id));
    expect(row!.status).toBe("bozza");
  });

  it("Richiedi Modifiche reaches the company", async () => {
    const c = await seedPortalWorld(t.db, "Gamma");
    const other = (await t.clientUser(c.clientId)).cookie;
    const res = await t.app.inject({
      method: "POST",
      url: `/api/portal/estimates/${c.estimates.sent.id}/request-changes`,
      payload: { message: "Preferirei tegole rosse" },
      headers: { cookie: other },
    });
    expect(res.statusCode).toBe(204);
    expect(await t.db.$count(notifications, and(eq(notifications.kind, "estimate_changes_requested"), eq(notifications.entityId, c.estimates.sent.id)))).toBe(1);
  });
});

describe("acceptance recorded by the office", () => {
  const adminAccept = (id: string, payload: object) =>
    t.app.inject({ method: "POST", url: `/api/estimates/${id}/accept`, payload, headers: { cookie: t.admin } });

  it("also binds to the version: stale or missing → 409, the current one → 200", async () => {
    const d = await seedPortalWorld(t.db, "Delta");
    const id = d.estimates.sent.id;
    expect((await adminAccept(id, { signedBy: "Mario Delta" })).statusCode).toBe(409);
    expect((await adminAccept(id, { signedBy: "Mario Delta", version: 7 })).statusCode).toBe(409);
    const [unchanged] = await t.db.select().from(estimates).where(eq(estimates.id, id));
    expect(unchanged!.status).toBe("inviato");
    const ok = await adminAccept(id, { signedBy: "Mario Delta", version: unchanged!.version });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: "accettato", contract: { number: expect.any(String) } });
  });

  it("a client cannot use the office's route (403)", async () => {
    const res = await t.app.inject({ method: "POST", url: `/api/estimates/${b.estimates.sent.id}/accept`, payload: { signedBy: "X", version: 1 }, headers: { cookie } });
    expect(res.statusCode).toBe(403);
  });
});
