import { afterAll, beforeAll, expect, it } from "vitest";
import { todayIso } from "@domain/dates";
import { clients } from "../../db/schema";
import { createRandom } from "../../demo/random";
import { buildTestApp, type TestApp } from "../../test/app";
import { seedPortalDemo } from "./demo";
import { getPortalDashboard } from "./queries";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

it("gives the demo portal client something in every dashboard counter, once", async () => {
  const [client] = await t.db.insert(clients).values({ name: "Rossi Mario", type: "privato", address: "Via Roma 1" }).returning();
  const ctx = { db: t.db, random: createRandom(), scale: 1, today: todayIso(), ids: { portalClient: [client!.id] } };
  await seedPortalDemo(ctx);
  await seedPortalDemo(ctx);
  const dashboard = await getPortalDashboard(t.db, client!.id, client!.id);
  expect(dashboard!.counters).toEqual({ activeEstimates: 1, sitesInProgress: 1, pendingInvoices: 1, completedProjects: 1 });
  expect(dashboard!.invoices.length).toBe(2);
});
