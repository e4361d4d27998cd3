import crypto from "node:crypto";
import fs from "node:fs/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { files, surveys, clients } from "../db/schema";
import { buildTestApp, type TestApp } from "../test/app";
import { jpegImage } from "../test/images";
import { createDatabaseStorage, ownerOfKey } from "./database";

// Files in PostgreSQL (DATABASE_URL set): the app is built with a DATABASE_URL in its
// configuration, so its storage is the `files` table of the test database (PGlite or PostgreSQL
// alike: the SQL is the same); nothing lands under DATA_DIR.

let t: TestApp;
let surveyId: string;
const DATA_DIR = ".tmp/test-data-dbfiles";
beforeAll(async () => {
  t = await buildTestApp({ env: { DATABASE_URL: "postgres://usata-solo-per-scegliere-lo-storage/x", DATA_DIR } });
  const [client] = await t.db
    .insert(clients)
    .values({ name: "Neri Carla", type: "privato", address: "Via Po 1" })
    .returning();
  const [survey] = await t.db
    .insert(surveys)
    .values({ clientId: client!.id, date: "2026-03-02", address: "Via Po 1" })
    .returning();
  surveyId = survey!.id;
});
afterAll(() => t.close());

function multipart(name: string, fileName: string, type: string, data: Buffer) {
  const boundary = "----colmo-dbfiles";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

describe("database file storage", () => {
  it("puts (upsert), reads, describes and deletes; owner and type come from the key", async () => {
    const storage = createDatabaseStorage(t.db);
    const id = crypto.randomUUID();
    const key = `site/${id}/${crypto.randomUUID()}.jpg`;
    await storage.put(key, Buffer.from("prima"));
    await storage.put(key, Buffer.from("seconda versione"));
    expect((await storage.get(key))?.toString()).toBe("seconda versione");
    const [row] = await t.db.select().from(files).where(eq(files.key, key));
    expect(row).toMatchObject({ size: 16, mimeType: "image/jpeg", ownerType: "site", ownerId: id });
    expect(row!.sha256).toBe(crypto.createHash("sha256").update("seconda versione").digest("hex"));
    expect(await storage.info(key)).toEqual({ sha256: row!.sha256, size: 16 });
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.info(key)).toBeNull();
    expect(ownerOfKey("outbox/abc.pdf")).toEqual({ ownerType: "outbox", ownerId: null });
    await expect(storage.put("../fuori.txt", Buffer.from("x"))).rejects.toThrow("Chiave di archiviazione non valida");
  });

  it("an uploaded photo goes to the files table, is served with ETag = sha256 and 304 on If-None-Match", async () => {
    const photo = jpegImage(40, 30);
    const body = multipart("files", "tetto.jpg", "image/jpeg", photo);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/attachments?entityType=survey&entityId=${surveyId}`,
      headers: { cookie: t.admin, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    const attachment = res.json()[0];
    const [row] = await t.db.select().from(files).where(eq(files.ownerId, surveyId));
    const sha = crypto.createHash("sha256").update(photo).digest("hex");
    expect(row).toMatchObject({ ownerType: "survey", size: photo.length, sha256: sha });
    expect(row!.bytes.equals(photo)).toBe(true);
    // Nothing on the disk.
    expect(await fs.readdir(`${DATA_DIR}/uploads/survey/${surveyId}`).catch(() => [])).toEqual([]);

    const url = `/api/attachments/${attachment.id}/file`;
    const first = await t.app.inject({ url, headers: { cookie: t.admin } });
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBe(`"${sha}"`);
    expect(first.rawPayload.equals(photo)).toBe(true);
    const again = await t.app.inject({ url, headers: { cookie: t.admin, "if-none-match": `"${sha}"` } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // The ETag never replaces the access check.
    expect((await t.app.inject({ url, headers: { "if-none-match": `"${sha}"` } })).statusCode).toBe(401);

    // Deleting the attachment deletes the row.
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/attachments/${attachment.id}`, headers: { cookie: t.admin } }))
        .statusCode,
    ).toBe(204);
    expect(await t.db.select({ key: files.key }).from(files).where(eq(files.ownerId, surveyId))).toEqual([]);
  });

  it("the logo lives in the files table too and is answered with its ETag", async () => {
    const PNG = Buffer.from(
      "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f00050001ff89993d1d0000000049454e44ae426082",
      "hex",
    );
    const body = multipart("logo", "logo.png", "image/png", PNG);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/settings/logo",
      headers: { cookie: t.admin, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(files).where(eq(files.ownerType, "settings"));
    expect(row).toMatchObject({ mimeType: "image/png", size: PNG.length });
    const logo = await t.app.inject({ url: "/api/company/logo" });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers.etag).toBe(`"${row!.sha256}"`);
    expect(
      (await t.app.inject({ url: "/api/company/logo", headers: { "if-none-match": logo.headers.etag as string } }))
        .statusCode,
    ).toBe(304);
  });
});

describe("files:migrate (disk to table)", () => {
  it("copies the disk files once, skips unchanged ones on a second run, picks up changes, leaves the disk alone", async () => {
    const { migrateFilesToDatabase } = await import("./migrate");
    const root = `${DATA_DIR}/migrate-${Date.now()}`;
    const sid = crypto.randomUUID();
    await fs.mkdir(`${root}/survey/${sid}`, { recursive: true });
    await fs.mkdir(`${root}/outbox`, { recursive: true });
    await fs.writeFile(`${root}/survey/${sid}/a.jpg`, "foto A");
    await fs.writeFile(`${root}/survey/${sid}/b.png`, "foto B");
    await fs.writeFile(`${root}/outbox/c.pdf`, "%PDF c");
    await fs.writeFile(`${root}/outbox/c.pdf.123.tmp`, "mezzo file");

    const first = await migrateFilesToDatabase(t.db, root, { batch: 2 });
    expect(first).toMatchObject({ found: 4, copied: 3, unchanged: 0, skipped: ["outbox/c.pdf.123.tmp"] });
    const row = (
      await t.db
        .select()
        .from(files)
        .where(eq(files.key, `survey/${sid}/a.jpg`))
    )[0]!;
    expect(row).toMatchObject({ ownerType: "survey", ownerId: sid, mimeType: "image/jpeg" });
    expect(row.bytes.toString()).toBe("foto A");

    const second = await migrateFilesToDatabase(t.db, root);
    expect(second).toMatchObject({ copied: 0, unchanged: 3 });
    await fs.writeFile(`${root}/outbox/c.pdf`, "%PDF c, versione 2");
    expect(await migrateFilesToDatabase(t.db, root)).toMatchObject({ copied: 1, unchanged: 2 });
    expect((await createDatabaseStorage(t.db).get("outbox/c.pdf"))?.toString()).toBe("%PDF c, versione 2");
    expect((await fs.readFile(`${root}/survey/${sid}/a.jpg`)).toString()).toBe("foto A");
    await fs.rm(root, { recursive: true, force: true });
  });
});
