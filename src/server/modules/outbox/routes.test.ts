import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { outbox } from "../../db/schema";
import { sendMail } from "../../mail";
import { buildTestApp, type TestApp } from "../../test/app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

// The same DATA_DIR the test app serves files from.
const config = loadConfig({ NODE_ENV: "test", DATA_DIR: ".tmp/test-data" });

describe("outbox API", () => {
  it("is admin only", async () => {
    expect((await t.app.inject({ url: "/api/outbox" })).statusCode).toBe(401);
    const portal = await t.clientUser();
    expect((await t.app.inject({ url: "/api/outbox", headers: { cookie: portal.cookie } })).statusCode).toBe(403);
  });

  it("lists stored messages newest first, searches and pages, shows one with its attachment", async () => {
    const pdf = Buffer.from("%PDF-1.4 prova");
    const first = await sendMail(
      t.db,
      {
        to: "mario@example.it",
        subject: "Preventivo PRV-2026-001",
        text: "Gentile cliente,\nin allegato il preventivo.",
        attachments: [{ fileName: "Preventivo PRV-2026-001.pdf", mimeType: "application/pdf", content: pdf }],
      },
      config,
    );
    await sendMail(
      t.db,
      { to: "fornitore@example.it", subject: "Ordine ORD-2026-004", text: "Ordine in allegato" },
      config,
    );
    // A second later than the others: rows written within one tick of the clock tie on created_at,
    // and the tie is broken by the (random) id.
    await t.db.insert(outbox).values({
      to: "luca@example.it",
      subject: "Errore",
      text: "x",
      error: "SMTP rifiutato",
      createdAt: new Date(Date.now() + 1000).toISOString(),
    });

    const list = await t.app.inject({ url: "/api/outbox?limit=2", headers: { cookie: t.admin } });
    expect(list.statusCode).toBe(200);
    expect(list.headers["x-total-count"]).toBe("3");
    expect(list.json().map((m: { subject: string }) => m.subject)).toEqual(["Errore", "Ordine ORD-2026-004"]);
    expect(list.json()[0]).toMatchObject({ status: "failed", error: "SMTP rifiutato" });
    expect(list.json()[1]).not.toHaveProperty("text");

    const search = await t.app.inject({ url: "/api/outbox?q=mario", headers: { cookie: t.admin } });
    expect(search.json()).toHaveLength(1);
    expect(search.json()[0]).toMatchObject({
      status: "stored",
      attachments: [{ index: 0, fileName: "Preventivo PRV-2026-001.pdf", mimeType: "application/pdf" }],
    });
    expect(JSON.stringify(search.json())).not.toContain("storageKey");

    const detail = await t.app.inject({ url: `/api/outbox/${first.id}`, headers: { cookie: t.admin } });
    expect(detail.json()).toMatchObject({
      to: "mario@example.it",
      text: "Gentile cliente,\nin allegato il preventivo.",
    });

    const file = await t.app.inject({ url: `/api/outbox/${first.id}/attachments/0`, headers: { cookie: t.admin } });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.headers["content-disposition"]).toContain("Preventivo%20PRV-2026-001.pdf");
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect(
      (await t.app.inject({ url: `/api/outbox/${first.id}/attachments/1`, headers: { cookie: t.admin } })).statusCode,
    ).toBe(404);
    const missing = await t.app.inject({
      url: "/api/outbox/00000000-0000-4000-8000-000000000000",
      headers: { cookie: t.admin },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Messaggio non trovato");
  });
});
