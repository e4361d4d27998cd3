import fs from "node:fs/promises";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_ATTACHMENT_BYTES } from "@domain/attachments";
import { loadConfig } from "../../config";
import { attachments, clients, constructionSites, estimates, surveys } from "../../db/schema";
import { createDiskStorage, uploadsDir } from "../../storage";
import { buildTestApp, type TestApp } from "../../test/app";
import { jpegImage, pngImage } from "../../test/images";
import { multipart } from "../../test/multipart";

let t: TestApp;
let surveyId: string;
let siteId: string;
let siteClientId: string;
// The test app has no DATABASE_URL in its configuration: its files are on the disk.
const storage = createDiskStorage(uploadsDir(loadConfig({ NODE_ENV: "test", DATA_DIR: ".tmp/test-data" }).dataDir));

// Whole images: a header alone is refused as damaged (issue 26).
const PNG = pngImage(4, 3);
const JPEG = jpegImage(4, 3);
const PDF = Buffer.from("%PDF-1.4\n% documento di prova\n");
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(30)]);

const upload = (entityType: string, entityId: string, parts: Parameters<typeof multipart>[0], cookie = t.admin) => {
  const body = multipart(parts);
  return t.app.inject({
    method: "POST",
    url: `/api/attachments?entityType=${entityType}&entityId=${entityId}`,
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
};
const storedFiles = async (entityType: string, entityId: string) =>
  fs.readdir(path.join(".tmp/test-data/uploads", entityType, entityId)).catch(() => [] as string[]);
const storageKeyOf = async (id: string) =>
  (await t.db.select({ key: attachments.storageKey }).from(attachments).where(eq(attachments.id, id)))[0]!.key;
const rowCount = async () => (await t.db.select({ n: count() }).from(attachments))[0]!.n;

beforeAll(async () => {
  t = await buildTestApp();
  const [client] = await t.db
    .insert(clients)
    .values({ name: "Ferri Anna", type: "privato", address: "Via Dante 3" })
    .returning();
  siteClientId = client!.id;
  const [survey] = await t.db
    .insert(surveys)
    .values({ clientId: client!.id, date: "2026-03-02", address: "Via Dante 3" })
    .returning();
  surveyId = survey!.id;
  const [estimate] = await t.db
    .insert(estimates)
    .values({
      number: "PRV-2026-500",
      clientId: client!.id,
      title: "Tetto",
      description: "Rifacimento",
      status: "accettato",
      expiresAt: "2026-12-31",
    })
    .returning();
  const [site] = await t.db
    .insert(constructionSites)
    .values({ estimateId: estimate!.id, name: "Cantiere Dante", address: "Via Dante 3" })
    .returning();
  siteId = site!.id;
});
afterAll(async () => t.close());

describe("attachments API", () => {
  it("uploads several files at once, typed from their bytes, and lists them", async () => {
    const res = await upload("survey", surveyId, [
      { fileName: "tetto.png", type: "image/png", data: PNG },
      { fileName: "foto.jpeg", type: "application/octet-stream", data: JPEG },
      { fileName: "relazione.pdf", type: "application/pdf", data: PDF },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json().map((a: { mimeType: string }) => a.mimeType)).toEqual([
      "image/png",
      "image/jpeg",
      "application/pdf",
    ]);
    const list = await t.app.inject({
      url: `/api/attachments?entityType=survey&entityId=${surveyId}`,
      headers: { cookie: t.admin },
    });
    expect(list.json().map((a: { fileName: string }) => a.fileName)).toEqual([
      "tetto.png",
      "foto.jpeg",
      "relazione.pdf",
    ]);

    const file = await t.app.inject({
      url: `/api/attachments/${res.json()[0].id}/file?thumb=1`,
      headers: { cookie: t.admin },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.rawPayload.equals(PNG)).toBe(true);
    const download = await t.app.inject({
      url: `/api/attachments/${res.json()[2].id}/file?download=1`,
      headers: { cookie: t.admin },
    });
    expect(download.headers["content-disposition"]).toMatch(/^attachment; filename="relazione.pdf"/);
  });

  it("refuses a disguised file, an oversized one and an empty upload with Italian messages; stores nothing", async () => {
    const before = await rowCount();
    const fake = await upload("survey", surveyId, [
      { fileName: "ok.png", type: "image/png", data: PNG },
      { fileName: "virus.jpg", type: "image/jpeg", data: EXE },
    ]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toContain('"virus.jpg" non è di un tipo consentito');
    const big = await upload("survey", surveyId, [
      { fileName: "enorme.jpg", type: "image/jpeg", data: Buffer.concat([JPEG, Buffer.alloc(MAX_ATTACHMENT_BYTES)]) },
    ]);
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toContain("supera la dimensione massima di 15 MB");
    const none = await upload("survey", surveyId, []);
    expect(none.statusCode).toBe(400);
    const json = await t.app.inject({
      method: "POST",
      url: `/api/attachments?entityType=survey&entityId=${surveyId}`,
      headers: { cookie: t.admin },
      payload: {},
    });
    expect(json.statusCode).toBe(400);
    expect(await rowCount()).toBe(before);
  });

  it("refuses a decompression bomb from its header, before decoding: Italian 400, nothing stored", async () => {
    // 300 megapixels announced by the header, 16 KB of zeros that would inflate without end.
    const bomb = pngImage(20_000, 15_000, 16 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const rows = await rowCount();
    const files = await storedFiles("survey", surveyId);
    const res = await upload("survey", surveyId, [
      { fileName: "ok.png", type: "image/png", data: pngImage(40, 30) },
      { fileName: "bomba.png", type: "image/png", data: bomb },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'L\'immagine "bomba.png" è troppo grande (20000 × 15000 pixel): il massimo è 12000 pixel per lato e 50 megapixel',
    );
    expect(res.json().errors.files).toBe(res.json().message);
    // Within the side limit but over the pixel count, and a JPEG: the same refusal.
    const wide = await upload("survey", surveyId, [
      { fileName: "pano.jpg", type: "image/jpeg", data: jpegImage(11_000, 5_000) },
    ]);
    expect(wide.statusCode).toBe(400);
    expect(wide.json().message).toContain("troppo grande (11000 × 5000 pixel)");
    expect(await rowCount()).toBe(rows);
    expect(await storedFiles("survey", surveyId)).toEqual(files);
    // A large but real phone photo (48 MP) still passes.
    expect(
      (await upload("survey", surveyId, [{ fileName: "iphone.jpg", type: "image/jpeg", data: jpegImage(8064, 6048) }]))
        .statusCode,
    ).toBe(201);
  });

  it("names the stored file after the type found in its bytes, never the client's name, and serves that type", async () => {
    const res = await upload("survey", surveyId, [
      { fileName: "foto.png", type: "image/png", data: jpegImage(64, 48) },
      { fileName: "pagina.html", type: "text/html", data: pngImage(64, 48) },
    ]);
    expect(res.statusCode).toBe(201);
    const [jpeg, png] = res.json() as { id: string; fileName: string; mimeType: string }[];
    expect([jpeg!.mimeType, png!.mimeType]).toEqual(["image/jpeg", "image/png"]);
    expect([jpeg!.fileName, png!.fileName]).toEqual(["foto.jpg", "pagina.png"]);
    expect(await storageKeyOf(jpeg!.id)).toMatch(new RegExp(`^survey/${surveyId}/[0-9a-f-]{36}\\.jpg$`));
    expect(await storageKeyOf(png!.id)).toMatch(new RegExp(`^survey/${surveyId}/[0-9a-f-]{36}\\.png$`));
    const served = await t.app.inject({ url: `/api/attachments/${png!.id}/file`, headers: { cookie: t.admin } });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["content-disposition"]).toMatch(/^inline; filename="pagina.png"/);
    expect(served.rawPayload.equals(pngImage(64, 48))).toBe(true);
  });

  it("validates the target: unknown type 400, missing record 404", async () => {
    expect((await upload("invoice", surveyId, [{ fileName: "a.png", type: "image/png", data: PNG }])).statusCode).toBe(
      400,
    );
    const missing = await upload("survey", "00000000-0000-4000-8000-000000000000", [
      { fileName: "a.png", type: "image/png", data: PNG },
    ]);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Sopralluogo non trovato");
  });

  it("shares a site photo with the client: portal users read only shared files of their own sites", async () => {
    const [shared, internal] = (
      await upload("site", siteId, [
        { fileName: "avanzamento.jpg", type: "image/jpeg", data: JPEG },
        { fileName: "interno.pdf", type: "application/pdf", data: PDF },
      ])
    ).json();
    const patched = await t.app.inject({
      method: "PATCH",
      url: `/api/attachments/${shared.id}`,
      headers: { cookie: t.admin },
      payload: { sharedWithClient: true },
    });
    expect(patched.json().sharedWithClient).toBe(true);

    const owner = await t.clientUser(siteClientId);
    const file = (id: string, cookie?: string) =>
      t.app.inject({ url: `/api/portal/attachments/${id}/file`, headers: cookie ? { cookie } : {} });
    const ownerFile = await file(shared.id, owner.cookie);
    expect(ownerFile.statusCode).toBe(200);
    expect(ownerFile.headers["content-type"]).toBe("image/jpeg");
    expect((await file(internal.id, owner.cookie)).statusCode).toBe(404);
    // The office's routes are closed to a client (docs/domain/portal.md): the portal lists shared photos itself.
    expect(
      (
        await t.app.inject({
          url: `/api/attachments?entityType=site&entityId=${siteId}`,
          headers: { cookie: owner.cookie },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ url: `/api/attachments/${shared.id}/file`, headers: { cookie: owner.cookie } })).statusCode,
    ).toBe(403);

    const stranger = await t.clientUser();
    expect((await file(shared.id, stranger.cookie)).statusCode).toBe(404);
    expect((await file(shared.id, t.admin)).statusCode).toBe(403);
    // Writing stays with the company.
    expect(
      (await upload("site", siteId, [{ fileName: "a.png", type: "image/png", data: PNG }], owner.cookie)).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: "PATCH",
          url: `/api/attachments/${shared.id}`,
          headers: { cookie: owner.cookie },
          payload: { sharedWithClient: false },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: "DELETE",
          url: `/api/attachments/${shared.id}`,
          headers: { cookie: owner.cookie },
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: `/api/attachments/${shared.id}/file` })).statusCode).toBe(401);
    expect((await file(shared.id)).statusCode).toBe(401);
  });

  it("deletes an attachment and its file; deleting a survey removes its files", async () => {
    const [one] = (await upload("survey", surveyId, [{ fileName: "via.png", type: "image/png", data: PNG }])).json();
    const [row] = await t.db
      .select({ key: attachments.storageKey })
      .from(attachments)
      .where((await import("drizzle-orm")).eq(attachments.id, one.id));
    expect(await storage.get(row!.key)).not.toBeNull();
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/attachments/${one.id}`, headers: { cookie: t.admin } }))
        .statusCode,
    ).toBe(204);
    expect(await storage.get(row!.key)).toBeNull();
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/attachments/${one.id}`, headers: { cookie: t.admin } }))
        .statusCode,
    ).toBe(404);

    const keys = (await t.db.select({ key: attachments.storageKey }).from(attachments))
      .map((r) => r.key)
      .filter((k) => k.startsWith("survey/"));
    expect(keys.length).toBeGreaterThan(0);
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/surveys/${surveyId}`, headers: { cookie: t.admin } }))
        .statusCode,
    ).toBe(204);
    for (const key of keys) expect(await storage.get(key)).toBeNull();
    expect(
      (
        await t.app.inject({
          url: `/api/attachments?entityType=survey&entityId=${surveyId}`,
          headers: { cookie: t.admin },
        })
      ).json(),
    ).toEqual([]);
  });
});
