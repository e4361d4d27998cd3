import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contracts, estimates, notifications } from "../../db/schema";
import { buildTestApp, type TestApp } from "../../test/app";
import { seedPortalWorld, type PortalWorld } from "./test-fixtures";

// Online acceptance from the portal (decisions §5) through the estimates module's route:
// only an inviato, unexpired estimate of the user's own client, and only once.
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

const accept = (id: string, signedBy = "Mario Rossi") =>
  t.app.inject({ method: "POST", url: `/api/estimates/${id}/accept`, payload: { signedBy }, headers: { cookie } });

describe("Accetta Preventivo", () => {
  it("requires the signatory's name", async () => {
    const res = await accept(a.estimates.sent.id, " ");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty("signedBy");
  });

  it("accepts a sent, valid estimate: name recorded, contract created, company notified, portal shows the new state", async () => {
    const res = await accept(a.estimates.sent.id);
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(estimates).where(eq(estimates.id, a.estimates.sent.id));
    expect(row).toMatchObject({ status: "accettato", acceptedBy: "Mario Rossi" });
    expect(row!.acceptedAt).not.toBeNull();
    expect(await t.db.$count(contracts, eq(contracts.estimateId, a.estimates.sent.id))).toBe(1);
    expect(await t.db.$count(notifications, and(eq(notifications.kind, "estimate_accepted"), eq(notifications.entityId, a.estimates.sent.id)))).toBe(1);
    const portal = (await t.app.inject({ url: `/api/portal/estimates/${a.estimates.sent.id}`, headers: { cookie } })).json();
    expect(portal).toMatchObject({ status: "accettato", canAccept: false, acceptedBy: "Mario Rossi" });
  });

  it("not twice", async () => {
    const res = await accept(a.estimates.sent.id, "Altro Nome");
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

  it("not a draft the client was never sent", async () => {
    const res = await accept(a.estimates.draft.id);
    expect([404, 409]).toContain(res.statusCode);
    const [row] = await t.db.select().from(estimates).where(eq(estimates.id, a.estimates.draft.id));
    expect(row!.status).toBe("bozza");
  });

  it("Richiedi Modifiche reaches the company", async () => {
    const c = await seedPortalWorld(t.db, "Gamma");
    const other = (await t.clientUser(c.clientId)).cookie;
    const res = await t.app.inject({
      method: "POST",
      url: `/api/estimates/${c.estimates.sent.id}/request-changes`,
      payload: { message: "Preferirei tegole rosse" },
      headers: { cookie: other },
    });
    expect(res.statusCode).toBe(204);
    expect(await t.db.$count(notifications, and(eq(notifications.kind, "estimate_changes_requested"), eq(notifications.entityId, c.estimates.sent.id)))).toBe(1);
  });
});
