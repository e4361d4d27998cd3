import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/client";
import { eq } from "drizzle-orm";
import { attachments, estimates, orders, storedDocuments, suppliers, users } from "../db/schema";
import { notify } from "../modules/notifications/notify";
import {
  insertClient,
  insertContract,
  insertEstimate,
  insertInvoice,
  insertSite,
} from "../modules/dashboard/test-data";
import { buildTestApp, ADMIN, type TestApp } from "../test/app";
import { createDatabaseStorage } from "../storage";
import { createBackup } from "./backup";
import { backupPlan } from "./plan";
import { restoreBackup, RestoreError } from "./restore";

let source: TestApp;
let target: TestApp;
let tmp: string;
beforeAll(async () => {
  source = await buildTestApp();
  target = await buildTestApp();
  tmp = await fs.promises.mkdtemp(path.join(os.tmpdir(), "colmo-backup-test-"));
});
afterAll(async () => {
  await source.close();
  await target.close();
  await fs.promises.rm(tmp, { recursive: true, force: true });
});

async function dumpAll(db: Db) {
  const out: Record<string, unknown[]> = {};
  for (const plan of backupPlan()) {
    const columns = plan.table as unknown as Record<string, PgColumn>;
    out[plan.name] = await db
      .select()
      .from(plan.table)
      .orderBy(...plan.primaryKey.map((k) => asc(columns[k]!)));
  }
  return out;
}

describe("backup and restore", () => {
  it("orders tables by their foreign keys and breaks the estimates/orders/sites cycle at a nullable key", () => {
    const plan = backupPlan();
    const index = (name: string) => plan.findIndex((p) => p.name === name);
    expect(plan.map((p) => p.name)).not.toContain("sessions");
    expect(index("clients")).toBeLessThan(index("estimates"));
    expect(index("estimates")).toBeLessThan(index("contracts"));
    expect(index("contracts")).toBeLessThan(index("invoices"));
    expect(index("users")).toBeLessThan(index("activity_log"));
    expect(plan.flatMap((p) => p.deferred).length).toBeGreaterThan(0);
  });

  it("round-trips every table and the uploaded files into an empty installation", async () => {
    const db = source.db;
    // Data through the API (activity log, settings) and directly (documents of every kind).
    const created = await source.app.inject({
      method: "POST",
      url: "/api/clients",
      headers: { cookie: source.admin },
      payload: { name: 'Tetti d\'Italia; "Nord"', type: "azienda", address: "Via Àèìòù 1", notes: "riga 1\nriga 2" },
    });
    expect(created.statusCode).toBe(201);
    await source.app.inject({
      method: "PUT",
      url: "/api/settings",
      headers: { cookie: source.admin },
      payload: {
        companyName: "Backup S.p.A.",
        regimeFiscale: "RF01",
        defaultVatRate: "22",
        paymentTermsDays: 45,
        contractTerms: "Condizioni",
      },
    });
    const client = await insertClient(db);
    const estimate = await insertEstimate(db, { clientId: client.id, status: "accettato", totalAmount: "12345.67" });
    const contract = await insertContract(db, estimate.id);
    await insertInvoice(db, {
      contractId: contract.id,
      amount: "100.10",
      issueDate: "2026-01-31",
      status: "pagata",
      paidDate: "2026-02-01",
    });
    const site = await insertSite(db, { estimateId: estimate.id, status: "in_corso", estimatedEndDate: "2026-05-01" });
    // The foreign-key cycle: an order for the site, attached to a new estimate of the same client.
    const [supplier] = await db.insert(suppliers).values({ name: "Laterizi Srl", city: "Bergamo" }).returning();
    const [order] = await db
      .insert(orders)
      .values({
        number: "ORD-T-1",
        supplierId: supplier!.id,
        constructionSiteId: site.id,
        title: "Coppi",
        orderDate: "2026-02-02",
        status: "confermato",
      })
      .returning();
    const second = await insertEstimate(db, { clientId: client.id });
    await db.update(estimates).set({ orderId: order!.id }).where(eq(estimates.id, second.id));
    await notify(db, { kind: "survey_request", title: "Nuova richiesta", clientId: client.id });
    // A stored document: bytes (bytea) must come back byte for byte.
    const pdfBytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x0a, 0x80]);
    await db.insert(storedDocuments).values({
      ownerType: "estimate",
      ownerId: second.id,
      kind: "pdf",
      fileName: "Preventivo.pdf",
      contentType: "application/pdf",
      bytes: pdfBytes,
      sha256: "x",
    });
    await db.insert(attachments).values({
      entityType: "site",
      entityId: site.id,
      fileName: "foto.jpg",
      mimeType: "image/jpeg",
      size: 3,
      storageKey: `site/${site.id}/a.jpg`,
    });

    const sourceDir = path.join(tmp, "source-data");
    await fs.promises.mkdir(path.join(sourceDir, "uploads", "site", site.id), { recursive: true });
    await fs.promises.writeFile(path.join(sourceDir, "uploads", "site", site.id, "a.jpg"), Buffer.from([1, 2, 3]));
    // A file in PostgreSQL's files table (DATABASE_URL installations) travels with the tables.
    await createDatabaseStorage(db).put(`site/${site.id}/b.jpg`, Buffer.from([4, 5, 6]));

    const file = path.join(tmp, "backup.tar.gz");
    const manifest = await createBackup(source.database, { dataDir: sourceDir, file });
    expect(fs.statSync(file).size).toBeGreaterThan(0);
    expect(manifest.uploads).toBe(1);
    expect(manifest.tables.find((t) => t.name === "clients")!.rows).toBe(2);

    // The target is a new installation: no user yet (its test admin is removed).
    await target.db.delete(users);
    const targetDir = path.join(tmp, "target-data");
    const result = await restoreBackup(target.database, { dataDir: targetDir, file });
    expect(result.tables.find((t) => t.name === "estimates")!.rows).toBe(2);

    expect(await dumpAll(target.db)).toEqual(await dumpAll(source.db));
    const [restoredDoc] = await target.db.select().from(storedDocuments);
    expect(Buffer.compare(restoredDoc!.bytes, Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x0a, 0x80]))).toBe(0);
    expect(await fs.promises.readFile(path.join(targetDir, "uploads", "site", site.id, "a.jpg"))).toEqual(
      Buffer.from([1, 2, 3]),
    );
    expect(await createDatabaseStorage(target.db).get(`site/${site.id}/b.jpg`)).toEqual(Buffer.from([4, 5, 6]));
    expect(manifest.tables.find((t) => t.name === "files")!.rows).toBe(1);

    // The restored installation works: the old administrator logs in and reads the data.
    const cookie = await target.login(ADMIN.username, ADMIN.password);
    const list = await target.app.inject({ url: "/api/clients?sort=name", headers: { cookie } });
    expect(list.json().map((c: { name: string }) => c.name)).toContain('Tetti d\'Italia; "Nord"');
    expect((await target.app.inject({ url: "/api/company" })).json().companyName).toBe("Backup S.p.A.");

    // A second restore meets a non-empty installation and changes nothing.
    const before = await dumpAll(target.db);
    await expect(restoreBackup(target.database, { dataDir: path.join(tmp, "other"), file })).rejects.toThrow(
      RestoreError,
    );
    await expect(restoreBackup(target.database, { dataDir: path.join(tmp, "other"), file })).rejects.toThrow(
      /non è vuota/,
    );
    expect(await dumpAll(target.db)).toEqual(before);
  });

  it("refuses a file that is not a backup", async () => {
    const bogus = path.join(tmp, "bogus.tar.gz");
    await fs.promises.writeFile(bogus, "not an archive");
    await expect(restoreBackup(target.database, { dataDir: path.join(tmp, "x"), file: bogus })).rejects.toThrow(
      /Archivio non leggibile/,
    );
    await expect(
      restoreBackup(target.database, { dataDir: path.join(tmp, "x"), file: path.join(tmp, "missing.tar.gz") }),
    ).rejects.toThrow(/File non trovato/);
  });
});
