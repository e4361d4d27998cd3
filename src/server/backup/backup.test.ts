import { execFileSync } from "node:child_process";
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
} from "../test/fixtures/dashboard";
import { buildTestApp, ADMIN, type TestApp } from "../test/app";
import { createDatabaseStorage } from "../storage";
import { createDiskStorage } from "../storage/storage";
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
    // Only keys on the cycle (and self references) are deferred; a table that merely waits for a
    // table of the cycle keeps its key, or a site document would be inserted with no owner and
    // fail compliance_documents_owner_check (seen by the reliability run's backup scenario).
    const deferred = Object.fromEntries(plan.filter((p) => p.deferred.length).map((p) => [p.name, p.deferred]));
    expect(deferred).toEqual({ estimates: ["orderId"], invoices: ["creditedInvoiceId"] });
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

describe("restore refuses a hostile archive (issue 26)", () => {
  const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { stdio: "pipe" });
  let clean: string;
  beforeAll(async () => {
    const empty = await buildTestApp();
    clean = path.join(tmp, "clean");
    await fs.promises.mkdir(clean);
    const file = path.join(tmp, "clean.tar.gz");
    await createBackup(empty.database, { dataDir: path.join(tmp, "empty-data"), file });
    await empty.close();
    run("tar", ["-xzf", file, "-C", clean]);
    await fs.promises.mkdir(path.join(clean, "uploads", "logo"), { recursive: true });
    await fs.promises.writeFile(path.join(clean, "uploads", "logo", "ok.png"), "png");
  });

  /** A copy of the clean tree with one hostile member added by `add`, packed as a .tar.gz. */
  async function hostile(name: string, add: (dir: string) => string[]) {
    const dir = path.join(tmp, `hostile-${name}`);
    await fs.promises.cp(clean, dir, { recursive: true });
    const extra = add(dir);
    const file = path.join(tmp, `hostile-${name}.tar.gz`);
    run("tar", ["-czf", file, "-C", dir, ".", ...extra]);
    return file;
  }

  const outside = path.join(os.tmpdir(), `colmo-outside-${process.pid}.txt`);
  const cases: [string, (dir: string) => string[]][] = [
    ["symlink", (dir) => (fs.symlinkSync("/etc/passwd", path.join(dir, "uploads", "logo", "evil.png")), [])],
    ["directory symlink", (dir) => (fs.symlinkSync("/etc", path.join(dir, "uploads", "site")), [])],
    ["fifo", (dir) => (run("mkfifo", [path.join(dir, "uploads", "logo", "pipe.png")]), [])],
    // A character device (/dev/null's numbers): the tests run as root, as the server may.
    ["device", (dir) => (run("mknod", [path.join(dir, "uploads", "logo", "dev.png"), "c", "1", "3"]), [])],
    [
      "hard link",
      (dir) => (
        fs.linkSync(path.join(dir, "uploads", "logo", "ok.png"), path.join(dir, "uploads", "logo", "twin.png")),
        []
      ),
    ],
    // Members named ../x and /abs/x: GNU tar writes them verbatim with -P and a transform.
    [
      "dot-dot path",
      (dir) => (
        fs.writeFileSync(path.join(dir, "evil.txt"), "x"),
        ["-P", "--transform", "s,^\\./evil\\.txt$,../evil.txt,"]
      ),
    ],
    [
      "absolute path",
      (dir) => (
        fs.writeFileSync(path.join(dir, "abs.txt"), "x"),
        ["-P", "--transform", `s,^\\./abs\\.txt$,${outside},`]
      ),
    ],
  ];

  for (const [name, add] of cases) {
    it(`a ${name}: refused before anything is written, nothing outside the tree touched`, async () => {
      const file = await hostile(name, add);
      const target = await buildTestApp();
      await target.db.delete(users);
      const dataDir = path.join(tmp, `restored-${name.replace(/\W/g, "-")}`);
      try {
        await expect(restoreBackup(target.database, { dataDir, file })).rejects.toThrow(/Archivio non sicuro/);
        expect(fs.existsSync(path.join(dataDir, "uploads"))).toBe(false);
        expect(fs.existsSync(outside)).toBe(false);
        expect(fs.existsSync(path.join(tmp, "evil.txt"))).toBe(false);
        expect(await target.db.select().from(users)).toEqual([]);
      } finally {
        await target.close();
      }
    });
  }
});

describe("disk storage never follows a link", () => {
  it("a symlinked file or folder under the uploads root is refused (never its target) and never written through", async () => {
    const root = path.join(tmp, "links-root");
    await fs.promises.mkdir(path.join(root, "logo"), { recursive: true });
    await fs.promises.writeFile(path.join(tmp, "secret.txt"), "segreto");
    fs.symlinkSync(path.join(tmp, "secret.txt"), path.join(root, "logo", "evil.png"));
    fs.symlinkSync(tmp, path.join(root, "site"));
    const storage = createDiskStorage(root);
    await expect(storage.get("logo/evil.png")).rejects.toThrow(/non valida/);
    await expect(storage.get("site/secret.txt")).rejects.toThrow(/non valida/);
    await expect(storage.put("site/nuovo.txt", Buffer.from("x"))).rejects.toThrow(/non valida/);
    expect(fs.existsSync(path.join(tmp, "nuovo.txt"))).toBe(false);
    await storage.put("logo/ok.png", Buffer.from("ok"));
    expect(await storage.get("logo/ok.png")).toEqual(Buffer.from("ok"));
  });
});
