import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIso } from "@domain/dates";
import { formatDate, formatEuro } from "@domain/format";
import { invoices, notifications, outbox } from "../../db/schema";
import { markSent, processOutbox, type Deliver } from "../../mail/mail";
import { storageFor } from "../../storage";
import { buildTestApp, type TestApp } from "../../test/app";
import { completeCompanySettings, insertClient, insertEstimate } from "../../test/fixtures/contracts";

// The client's e-mail for an issued invoice and a recorded payment (docs/domain/portal.md): queued
// in the outbox by the writing transaction, delivered by the outbox worker, once. SMTP_URL is set,
// so the rows are due for the worker; nothing here starts the jobs, the test runs their passes.

let t: TestApp;
const today = todayIso();
const post = (url: string, payload: unknown = {}) =>
  t.app.inject({ method: "POST", url, headers: { cookie: t.admin }, payload: payload as object });

async function contractOf(clientId: string) {
  const estimate = await insertEstimate(t.db, { total: "100000.00", clientId });
  const contract = (await post("/api/contracts", { estimateId: estimate.id })).json();
  await post(`/api/contracts/${contract.id}/sign`, { signedDate: addDays(today, -10) });
  return contract.id as string;
}

async function draft(contractId: string, amount: string) {
  const res = await post("/api/invoices", { contractId, kind: "libera", amount, dueDate: addDays(today, 30) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

const mailsTo = (to: string) => t.db.select().from(outbox).where(eq(outbox.to, to));
const bellOf = (clientId: string, kind: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.clientId, clientId), eq(notifications.kind, kind)));
/** Every euro figure a text names ("1.220,00 €"). */
const euros = (text: string) => text.match(/\d[\d.]*,\d{2} €/g) ?? [];

let withMail: string;
let withoutMail: string;
let contractWith: string;
let contractWithout: string;

beforeAll(async () => {
  t = await buildTestApp({ env: { SMTP_URL: "smtp://127.0.0.1:9", PUBLIC_URL: "https://colmo.example.it" } });
  await completeCompanySettings(t.db);
  withMail = (await insertClient(t.db, { name: "Condominio Posta", email: "posta@example.it" })).id;
  withoutMail = (await insertClient(t.db, { name: "Senza Posta S.r.l.", email: null })).id;
  contractWith = await contractOf(withMail);
  contractWithout = await contractOf(withoutMail);
}, 120_000);
afterAll(async () => t.close());

describe("client e-mail for invoices", () => {
  let issued: { id: string; number: string; totalAmount: string; dueDate: string };

  it("issuing queues exactly one mail to the client, due for the worker, with only what his invoice shows", async () => {
    const { id } = await draft(contractWith, "1000.00");
    const res = await post(`/api/invoices/${id}/send`);
    expect(res.statusCode, res.body).toBe(200);
    issued = res.json();
    const mails = await mailsTo("posta@example.it");
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe(`Nuova fattura ${issued.number}`);
    expect(mail!.text).toContain(`fattura ${issued.number} di ${formatEuro(issued.totalAmount)}`);
    expect(mail!.text).toContain(formatDate(issued.dueDate));
    expect(mail!.text).toContain(`https://colmo.example.it/client/invoices/${id}`);
    // No contract value, no imponibile or VAT split, no other invoice: the total only.
    expect(euros(mail!.text)).toEqual([formatEuro(issued.totalAmount)]);
    expect(mail!.text).not.toContain("100.000");
    // Queued, not sent: the worker delivers it (attempt 0, due now).
    expect(mail!.sentAt).toBeNull();
    expect(mail!.attempts).toBe(0);
    expect(mail!.nextAttemptAt).not.toBeNull();
    expect(await bellOf(withMail, "invoice_issued")).toHaveLength(1);
  });

  it("a client without an e-mail address gets the bell only", async () => {
    const { id } = await draft(contractWithout, "200.00");
    const res = await post(`/api/invoices/${id}/send`);
    expect(res.statusCode, res.body).toBe(200);
    const bell = await bellOf(withoutMail, "invoice_issued");
    expect(bell.map((n) => n.title)).toEqual([`Nuova fattura ${res.json().number}`]);
    const mails = await t.db.select().from(outbox).where(like(outbox.subject, `%${res.json().number}%`));
    expect(mails).toHaveLength(0);
  });

  it("recording a payment queues 'Pagamento ricevuto: fattura N' with the payment and the remainder only", async () => {
    const res = await post(`/api/invoices/${issued.id}/payments`, { date: today, amount: "500.00", method: "bonifico" });
    expect(res.statusCode, res.body).toBe(201);
    const mails = (await mailsTo("posta@example.it")).filter((m) => m.subject.startsWith("Pagamento"));
    expect(mails.map((m) => m.subject)).toEqual([`Pagamento ricevuto: fattura ${issued.number}`]);
    const remainder = formatEuro((Number(issued.totalAmount) - 500).toFixed(2));
    expect(euros(mails[0]!.text).sort()).toEqual([formatEuro("500.00"), remainder].sort());
    expect(await bellOf(withMail, "payment_recorded")).toHaveLength(1);
  });

  it("an issue rolled back after its mail was queued leaves no mail, no bell and the draft as it was", async () => {
    const { id } = await draft(contractWith, "300.00");
    // A failure after the notice was written (the last step of the issue): the whole transaction goes.
    await t.db.execute(sql`create or replace function colmo_test_refuse() returns trigger language plpgsql as $$
      begin raise exception 'rifiutato dal test'; end $$`);
    await t.db.execute(sql`create trigger colmo_test_refuse after insert on outbox
      for each row when (new.subject like 'Nuova fattura %') execute function colmo_test_refuse()`);
    const before = (await mailsTo("posta@example.it")).length;
    const bells = (await bellOf(withMail, "invoice_issued")).length;
    try {
      const res = await post(`/api/invoices/${id}/send`);
      expect(res.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger colmo_test_refuse on outbox`);
    }
    expect(await mailsTo("posta@example.it")).toHaveLength(before);
    expect(await bellOf(withMail, "invoice_issued")).toHaveLength(bells);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, id));
    expect(row!.status).toBe("bozza");
    expect(row!.number).toBeNull();
  });

  it("the worker delivers each queued mail once, even with two passes at the same moment and a retry", async () => {
    const storage = storageFor({ dataDir: ".tmp/test-data", databaseUrl: undefined }, t.db);
    const delivered: { id: string; to: string; subject: string }[] = [];
    const deliver: Deliver = async (m) => {
      delivered.push({ id: m.id, to: m.to, subject: m.subject });
    };
    const [a, b] = await Promise.all([processOutbox(t.db, storage, deliver), processOutbox(t.db, storage, deliver)]);
    const queued = await mailsTo("posta@example.it");
    expect(queued.length).toBe(2);
    expect(a.sent + b.sent).toBe(queued.length);
    expect(delivered.map((d) => d.subject).sort()).toEqual(queued.map((m) => m.subject).sort());
    expect(new Set(delivered.map((d) => d.id)).size).toBe(delivered.length);
    expect(queued.every((m) => m.sentAt !== null && m.nextAttemptAt === null)).toBe(true);

    // A retry of the mark (or a lease that ran out) changes nothing and never resends.
    const first = queued[0]!;
    await markSent(t.db, first.id);
    await t.db.update(outbox).set({ nextAttemptAt: sql`now() - interval '1 hour'` }).where(eq(outbox.id, first.id));
    const again = await processOutbox(t.db, storage, deliver);
    expect(again).toEqual({ sent: 0, failed: 0 });
    expect(delivered).toHaveLength(queued.length);
    const [still] = await t.db.select().from(outbox).where(eq(outbox.id, first.id));
    expect(still!.sentAt).toEqual(first.sentAt);
  });

  it("a failed delivery is retried later; once delivered it is marked sent and not delivered again", async () => {
    const { id } = await draft(contractWith, "50.00");
    const number = (await post(`/api/invoices/${id}/send`)).json().number as string;
    const storage = storageFor({ dataDir: ".tmp/test-data", databaseUrl: undefined }, t.db);
    const refuse: Deliver = async () => {
      throw new Error("451 temporaneamente non disponibile");
    };
    expect(await processOutbox(t.db, storage, refuse)).toEqual({ sent: 0, failed: 1 });
    const [failed] = await t.db.select().from(outbox).where(eq(outbox.subject, `Nuova fattura ${number}`));
    expect(failed!.error).toContain("451");
    expect(failed!.sentAt).toBeNull();
    // The retry is due (as after its delay): delivered now, then never again.
    await t.db.update(outbox).set({ nextAttemptAt: sql`now()` }).where(eq(outbox.id, failed!.id));
    let count = 0;
    const deliver: Deliver = async () => {
      count++;
    };
    expect(await processOutbox(t.db, storage, deliver)).toEqual({ sent: 1, failed: 0 });
    expect(await processOutbox(t.db, storage, deliver)).toEqual({ sent: 0, failed: 0 });
    expect(count).toBe(1);
    const [sent] = await t.db.select().from(outbox).where(eq(outbox.id, failed!.id));
    expect(sent!.sentAt).not.toBeNull();
    expect(sent!.error).toBeNull();
  });

  it("a database error while marking a delivered mail retries the mark, not the delivery", async () => {
    const { id } = await draft(contractWith, "20.00");
    const number = (await post(`/api/invoices/${id}/send`)).json().number as string;
    const storage = storageFor({ dataDir: ".tmp/test-data", databaseUrl: undefined }, t.db);
    // The first update after the delivery (the mark) fails once, as a dropped connection would.
    let failNextUpdate = true;
    const flaky = new Proxy(t.db, {
      get(target, prop, receiver) {
        if (prop === "update" && failNextUpdate) {
          failNextUpdate = false;
          return () => {
            throw new Error("Connection terminated unexpectedly");
          };
        }
        const value = Reflect.get(target, prop, receiver) as unknown;
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    let count = 0;
    const deliver: Deliver = async () => {
      count++;
    };
    expect(await processOutbox(flaky, storage, deliver)).toEqual({ sent: 1, failed: 0 });
    expect(await processOutbox(t.db, storage, deliver)).toEqual({ sent: 0, failed: 0 });
    expect(count).toBe(1);
    const [row] = await t.db.select().from(outbox).where(eq(outbox.subject, `Nuova fattura ${number}`));
    expect(row!.sentAt).not.toBeNull();
    expect(row!.error).toBeNull();
    expect(row!.attempts).toBe(1);
  });
});
