import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog } from "../../db/schema";
import { buildTestApp, type TestApp } from "../../test/app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe("activity API", () => {
  it("needs a session and validates its query", async () => {
    expect((await t.app.inject({ url: "/api/activity" })).statusCode).toBe(401);
    const bad = await t.app.inject({ url: "/api/activity?limit=1000", headers: { cookie: t.admin } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty("limit");
    const badId = await t.app.inject({ url: "/api/activity?entityId=abc", headers: { cookie: t.admin } });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors).toHaveProperty("entityId");
  });

  it("records writes and returns one entity's timeline, newest first", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/clients",
      headers: { cookie: t.admin },
      payload: { name: "Ferri Luca", type: "privato", address: "Via Po 3" },
    });
    const id = created.json().id as string;
    await t.app.inject({
      method: "PUT",
      url: `/api/clients/${id}`,
      headers: { cookie: t.admin },
      payload: { name: "Ferri Luca Srl", type: "azienda", address: "Via Po 3", version: 1 },
    });
    const res = await t.app.inject({
      url: `/api/activity?entityType=client&entityId=${id}`,
      headers: { cookie: t.admin },
    });
    expect(res.statusCode).toBe(200);
    const entries = res.json();
    expect(entries.map((e: { description: string }) => e.description)).toEqual([
      "Cliente Ferri Luca Srl aggiornato",
      "Nuovo cliente Ferri Luca",
    ]);
    expect(entries[0]).toMatchObject({ actorName: "admin", action: "update", entityType: "client", entityId: id });
    expect(Object.keys(entries[0]).sort()).toEqual([
      "action",
      "actorName",
      "at",
      "description",
      "entityId",
      "entityType",
      "id",
    ]);

    const limited = await t.app.inject({ url: "/api/activity?limit=1", headers: { cookie: t.admin } });
    expect(limited.json()).toHaveLength(1);
  });

  it("is the office's log: a portal user is refused (403), even for its own client's entries", async () => {
    const portal = await t.clientUser();
    await t.db.insert(activityLog).values({
      action: "create",
      entityType: "estimate",
      entityId: portal.clientId,
      clientId: portal.clientId,
      description: "Preventivo mio",
    });
    for (const url of ["/api/activity?limit=100", `/api/activity?entityType=client&entityId=${portal.clientId}`]) {
      const res = await t.app.inject({ url, headers: { cookie: portal.cookie } });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain("Preventivo mio");
    }
  });
});
