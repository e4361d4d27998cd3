import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIso } from "@domain/dates";
import { contracts, storedDocuments } from "../../db/schema";
import { buildTestApp, type TestApp } from "../../test/app";
import { completeCompanySettings } from "../../test/fixtures/contracts";
import { seedPortalWorld, type PortalWorld } from "../../test/fixtures/portal";

// docs/domain/portal.md: accepting in the portal with his name, the client signs.
let t: TestApp;
let world: PortalWorld;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  await completeCompanySettings(t.db);
  world = await seedPortalWorld(t.db, "Firma");
  cookie = (await t.clientUser(world.clientId)).cookie;
});
afterAll(async () => t.close());

describe("contract signed online", () => {
  it("accepted in the portal: the contract is firmato with today's date and the signatory, its PDF stored", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/portal/estimates/${world.estimates.sent.id}/accept`,
      headers: { cookie },
      payload: { signedBy: "Lucia Ferraris", version: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [contract] = await t.db.select().from(contracts).where(eq(contracts.estimateId, world.estimates.sent.id));
    expect(contract).toMatchObject({ status: "firmato", signedDate: todayIso(), signedBy: "Lucia Ferraris" });
    expect(await t.db.$count(storedDocuments, eq(storedDocuments.ownerId, contract!.id))).toBe(1);

    // The office sees it signed, and can activate it at once (no "Segna come firmato" first).
    const seen = await t.app.inject({ url: `/api/contracts/${contract!.id}`, headers: { cookie: t.admin } });
    expect(seen.json()).toMatchObject({ status: "firmato", signedBy: "Lucia Ferraris", signedDate: todayIso() });
    const activated = await t.app.inject({
      method: "POST",
      url: `/api/contracts/${contract!.id}/activate`,
      headers: { cookie: t.admin },
    });
    expect(activated.statusCode, activated.body).toBe(200);
  });

  it("accepted by the office on the client's behalf: the contract stays a bozza to be signed on paper", async () => {
    const other = await seedPortalWorld(t.db, "Carta");
    const res = await t.app.inject({
      method: "POST",
      url: `/api/estimates/${other.estimates.sent.id}/accept`,
      headers: { cookie: t.admin },
      payload: { signedBy: "Mario Carta", version: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [contract] = await t.db.select().from(contracts).where(eq(contracts.estimateId, other.estimates.sent.id));
    expect(contract).toMatchObject({ status: "bozza", signedDate: null, signedBy: null });
  });
});
