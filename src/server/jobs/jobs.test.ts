import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "../db/schema";
import { OUTBOX_RETRY, processOutbox, retryDelaySeconds, sendMail, type Deliver } from "../mail/mail";
import { createDatabaseStorage } from "../storage";
import { buildTestApp, type TestApp } from "../test/app";
import { JOB_LOCKS, runExclusive } from ".";

// Background work with several instances on one database: on PostgreSQL (DATABASE_URL) the two
// "instances" below really run concurrently on separate pooled connections.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function dueMails(n: number, tag: string) {
  const rows = Array.from({ length: n }, (_, i) => ({
    to: `cliente${i}@example.it`,
    subject: `${tag} ${i}`,
    text: "Gentile cliente",
    attachments: [],
    nextAttemptAt: sql`now() - interval '1 second'`,
  }));
  await t.db.insert(outbox).values(rows);
}

/** A delivery that records each mail and yields, so the workers interleave. */
function recorder(delayMs = 5) {
  const delivered: string[] = [];
  const deliver: Deliver = async (m) => {
    await new Promise((r) => setTimeout(r, delayMs));
    delivered.push(m.subject);
  };
  return { delivered, deliver };
}

describe("outbox worker", () => {
  it("two workers claiming at the same time send every mail exactly once", async () => {
    await dueMails(40, "Concorrente");
    const storage = createDatabaseStorage(t.db);
    const a = recorder();
    const b = recorder();
    // Several rounds of both workers at once, small batches, until nothing is due.
    for (let round = 0; round < 20; round++) {
      const [ra, rb] = await Promise.all([
        processOutbox(t.db, storage, a.deliver, 3),
        processOutbox(t.db, storage, b.deliver, 3),
      ]);
      if (ra.sent + rb.sent === 0) break;
    }
    const all = [...a.delivered, ...b.delivered].filter((s) => s.startsWith("Concorrente"));
    expect(all).toHaveLength(40);
    expect(new Set(all).size).toBe(40);
    const rows = await t.db
      .select()
      .from(outbox)
      .where(sql`${outbox.subject} like 'Concorrente%'`);
    expect(rows.every((r) => r.sentAt !== null && r.attempts === 1 && r.nextAttemptAt === null)).toBe(true);
  });

  it("a failed delivery is retried later with exponential backoff, capped, then given up with its error", async () => {
    expect([1, 2, 3, 7, 20].map(retryDelaySeconds)).toEqual([60, 120, 240, 3600, 3600]);
    await dueMails(1, "Rifiutata");
    const storage = createDatabaseStorage(t.db);
    const failing: Deliver = async () => {
      throw new Error("550 casella inesistente");
    };
    const first = await processOutbox(t.db, storage, failing);
    expect(first.failed).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(outbox).where(eq(outbox.subject, "Rifiutata 0"));
    expect(row).toMatchObject({ attempts: 1, error: "550 casella inesistente", sentAt: null });
    const waited = await t.db.execute(
      sql`select extract(epoch from ${outbox.nextAttemptAt} - now())::int as wait from ${outbox} where id = ${row!.id}`,
    );
    const wait = Number((waited as unknown as { rows: { wait: number }[] }).rows[0]!.wait);
    expect(wait).toBeGreaterThan(50);
    expect(wait).toBeLessThanOrEqual(60);
    // Not due yet: a second pass leaves it alone.
    const again = await processOutbox(t.db, storage, failing);
    expect(again.failed).toBe(0);

    // On its last attempt the mail stays failed for good, with the error for "Posta in uscita".
    await t.db
      .update(outbox)
      .set({ attempts: OUTBOX_RETRY.maxAttempts - 1, nextAttemptAt: sql`now()` })
      .where(eq(outbox.id, row!.id));
    await processOutbox(t.db, storage, failing);
    const [last] = await t.db.select().from(outbox).where(eq(outbox.id, row!.id));
    expect(last).toMatchObject({
      attempts: OUTBOX_RETRY.maxAttempts,
      nextAttemptAt: null,
      sentAt: null,
      error: "550 casella inesistente",
    });
    const ok = recorder(0);
    await processOutbox(t.db, storage, ok.deliver);
    expect(ok.delivered).not.toContain("Rifiutata 0");
  });

  it("a mail whose direct SMTP send failed is picked up by the worker, attachments included", async () => {
    const res = await sendMail(
      t.db,
      {
        to: "x@example.it",
        subject: "Ritentata",
        text: "Prova",
        attachments: [{ fileName: "a.pdf", mimeType: "application/pdf", content: Buffer.from("%PDF") }],
      },
      {
        smtpUrl: "smtp://127.0.0.1:1?connectionTimeout=2000",
        dataDir: ".tmp/test-data",
        databaseUrl: "postgres://in-test",
      },
    );
    expect(res.status).toBe("failed");
    await t.db
      .update(outbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(outbox.id, res.id));
    const got: { subject: string; bytes: string }[] = [];
    await processOutbox(t.db, createDatabaseStorage(t.db), async (m) => {
      got.push({ subject: m.subject, bytes: m.attachments[0]!.content.toString() });
    });
    expect(got).toEqual([{ subject: "Ritentata", bytes: "%PDF" }]);
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, res.id));
    expect(row).toMatchObject({ attempts: 2, error: null });
    expect(row!.sentAt).not.toBeNull();
  });
});

describe("periodic jobs under an advisory lock", () => {
  it("runs the job when the lock is free and skips it while another instance holds it", async () => {
    expect(await runExclusive(t.db, JOB_LOCKS.sessionPurge, async () => "fatto")).toBe("fatto");
    if (t.database.kind !== "postgresql") return; // PGlite: one process, one connection, nobody else to hold it.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let holding!: () => void;
    const acquired = new Promise<void>((r) => (holding = r));
    const other = runExclusive(t.db, JOB_LOCKS.sessionPurge, async () => {
      holding();
      await held;
      return "altra istanza";
    });
    await acquired;
    expect(await runExclusive(t.db, JOB_LOCKS.sessionPurge, async () => "doppio")).toBeNull();
    release();
    expect(await other).toBe("altra istanza");
  });
});
