import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, outbox } from "../../db/schema";
import { pdfPoolStats } from "../../documents/pdf/pool";
import { createDiskStorage, uploadsDir } from "../../storage/storage";
import { buildTestApp, type TestApp } from "../../test/app";

// Issue 26, finding 6: a sent estimate is rendered once, when it is sent, and served from the
// stored bytes ever after (the bytes the client received), with a strong ETag and 304.

let t: TestApp;
let clientId: string;
beforeAll(async () => {
  t = await buildTestApp();
  const [c] = await t.db
    .insert(clients)
    .values({ name: "Verdi Anna", type: "privato", address: "Via Po 3", email: "verdi@example.it" })
    .returning();
  clientId = c!.id;
});
afterAll(async () => t.close());

const admin = () => ({ cookie: t.admin });

describe("sent estimate PDF", () => {
  it("is the bytes mailed at sending, served without rendering again, ETag and 304", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/estimates",
      headers: admin(),
      payload: {
        clientId,
        title: "Grondaie",
        description: "Sostituzione delle grondaie",
        items: [{ description: "Grondaia in rame", quantity: "10", unitPrice: "30", unit: "m" }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect(
      (await t.app.inject({ method: "POST", url: `/api/estimates/${id}/send`, headers: admin(), payload: {} }))
        .statusCode,
    ).toBe(200);
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, "verdi@example.it"));
    const mailed = await createDiskStorage(uploadsDir(".tmp/test-data")).get(mail!.attachments![0]!.storageKey);

    const rendersBefore = pdfPoolStats().started;
    const first = await t.app.inject({ url: `/api/estimates/${id}/pdf`, headers: admin() });
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("application/pdf");
    expect(first.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(first.rawPayload.equals(mailed!)).toBe(true);
    const second = await t.app.inject({ url: `/api/estimates/${id}/pdf`, headers: admin() });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const cached = await t.app.inject({
      url: `/api/estimates/${id}/pdf`,
      headers: { ...admin(), "if-none-match": first.headers.etag as string },
    });
    expect(cached.statusCode).toBe(304);
    expect(pdfPoolStats().started).toBe(rendersBefore);
  });
});
