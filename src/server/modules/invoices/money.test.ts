import { createHash } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIso } from "@domain/dates";
import { addMoney, sumMoney } from "@domain/money";
import { makePartitaIva } from "@domain/validators";
import { clients, invoiceLines, invoices, notifications } from "../../db/schema";
import { sdiProblems } from "../../documents/fatturapa/sdi-checks";
import { validateFatturaPa } from "../../documents/fatturapa/xsd";
import { buildTestApp, type TestApp } from "../../test/app";
import { completeCompanySettings, insertClient, insertEstimate } from "../../test/fixtures/contracts";

// Money comes in (docs/domain/invoices.md, docs/domain/vat.md): payments, scadenzario, e-mail and reminders, SdI outcome,
// credit notes, VAT register, and what the portal shows of them.

let t: TestApp;
const today = todayIso();
const post = (url: string, payload: unknown = {}, cookie = t.admin) =>
  t.app.inject({ method: "POST", url, headers: { cookie }, payload: payload as object });
const get = (url: string, cookie = t.admin) => t.app.inject({ url, headers: { cookie } });
const del = (url: string, cookie = t.admin) => t.app.inject({ method: "DELETE", url, headers: { cookie } });

async function signedContract(opts: { total?: string; clientId?: string } = {}) {
  const estimate = await insertEstimate(t.db, { total: opts.total ?? "100000.00", clientId: opts.clientId });
  const contract = (await post("/api/contracts", { estimateId: estimate.id })).json();
  await post(`/api/contracts/${contract.id}/sign`, { signedDate: addDays(today, -200) });
  return { estimate, contract };
}

/** An issued invoice of `amount` imponibile (22 %), with the given dates. */
async function issued(contractId: string, amount: string, issueDate = today, dueDate = addDays(issueDate, 30)) {
  const draft = await post("/api/invoices", { contractId, kind: "libera", amount, issueDate, dueDate, override: true });
  expect(draft.statusCode, draft.body).toBe(201);
  const sent = await post(`/api/invoices/${draft.json().id}/send`);
  expect(sent.statusCode, sent.body).toBe(200);
  return sent.json() as { id: string; number: string; totalAmount: string; vatAmount: string; issueDate: string };
}

let clientId: string;
let contractId: string;
/** Backdated invoices for the scadenzario, one per ageing bucket (issued first: numbers follow dates). */
const aged: Record<string, { id: string; number: string }> = {};

beforeAll(async () => {
  t = await buildTestApp();
  await completeCompanySettings(t.db);
  clientId = (await insertClient(t.db, { name: "Condominio Aurora", email: "aurora@example.it" })).id;
  contractId = (await signedContract({ clientId })).contract.id;
  aged.oltre_90 = await issued(contractId, "1000.00", addDays(today, -130), addDays(today, -95));
  aged["61_90"] = await issued(contractId, "200.00", addDays(today, -90), addDays(today, -70));
  aged["31_60"] = await issued(contractId, "300.00", addDays(today, -60), addDays(today, -45));
  aged["1_30"] = await issued(contractId, "400.00", addDays(today, -20), addDays(today, -1));
  aged.non_scaduto = await issued(contractId, "500.00", addDays(today, -5), today);
}, 300_000); // five issued invoices, each with its PDF and validated FatturaPA
afterAll(async () => t.close());

describe("payments", () => {
  it("partial payment → remainder → pagata; over-payment 409; bad input 400; deleting reopens", async () => {
    const inv = await issued(contractId, "3531.56"); // total 4308.50
    expect(inv.totalAmount).toBe("4308.50");
    const pay = (body: object) => post(`/api/invoices/${inv.id}/payments`, body);

    const first = await pay({ date: today, amount: "100.00", method: "bonifico" });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ status: "inviata", paidAmount: "100.00", remainder: "4208.50" });
    expect(first.json().payments).toEqual([
      expect.objectContaining({ date: today, amount: "100.00", method: "bonifico" }),
    ]);

    const over = await pay({ date: today, amount: "4208.51", method: "contanti" });
    expect(over.statusCode).toBe(409);
    expect(over.json().errors).toHaveProperty("amount");

    for (const bad of [
      { date: today, amount: "0", method: "bonifico" },
      { date: today, amount: "-5", method: "bonifico" },
      { date: today, amount: "10", method: "paypal" },
      { date: "2026-02-30", amount: "10", method: "bonifico" },
      { date: addDays(today, 1), amount: "10", method: "bonifico" },
    ]) {
      const res = await pay(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toMatch(/Dati non validi|Importo|Metodo|Data/);
    }

    const rest = await pay({ date: today, amount: "4208.50", method: "assegno" });
    expect(rest.statusCode).toBe(201);
    expect(rest.json()).toMatchObject({
      status: "pagata",
      paidDate: today,
      paidAmount: "4308.50",
      remainder: "0.00",
      dueState: null,
    });
    expect((await pay({ date: today, amount: "1", method: "bonifico" })).statusCode).toBe(409);

    const reopened = await del(`/api/invoices/${inv.id}/payments/${rest.json().payments[1].id}`);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({
      status: "inviata",
      paidDate: null,
      paidAmount: "100.00",
      remainder: "4208.50",
    });
    expect((await del(`/api/invoices/${inv.id}/payments/${rest.json().payments[1].id}`)).statusCode).toBe(404);

    // The old /pay records one payment of the whole remainder.
    const paid = await post(`/api/invoices/${inv.id}/pay`, { paidDate: today });
    expect(paid.statusCode, paid.body).toBe(200);
    const detail = (await get(`/api/invoices/${inv.id}`)).json();
    expect(detail).toMatchObject({ status: "pagata", remainder: "0.00" });
    expect(detail.payments.map((p: { amount: string }) => p.amount)).toEqual(["100.00", "4208.50"]);

    const timeline = (await get(`/api/activity?entityType=invoice&entityId=${inv.id}`)).json();
    expect(JSON.stringify(timeline)).toContain("Pagamento registrato");
  });

  it("the contract's paid figure counts partial payments (imponibile covered), and the money received", async () => {
    const { contract } = await signedContract({ total: "10000.00" });
    const inv = await issued(contract.id, "1000.00"); // 1220.00
    const before = (await get(`/api/contracts/${contract.id}`)).json().financials;
    expect(before).toMatchObject({ invoiced: "1000.00", paid: "0.00", collected: "0.00", toCollect: "1000.00" });
    expect(
      (await post(`/api/invoices/${inv.id}/payments`, { date: today, amount: "610.00", method: "bonifico" }))
        .statusCode,
    ).toBe(201);
    const half = (await get(`/api/contracts/${contract.id}`)).json().financials;
    expect(half).toMatchObject({ invoiced: "1000.00", paid: "500.00", collected: "610.00", toCollect: "500.00" });
    expect(
      (await post(`/api/invoices/${inv.id}/payments`, { date: today, amount: "610.00", method: "contanti" }))
        .statusCode,
    ).toBe(201);
    const all = (await get(`/api/contracts/${contract.id}`)).json().financials;
    expect(all).toMatchObject({ paid: "1000.00", collected: "1220.00", toCollect: "0.00" });
  });

  it("two payments at the same moment cannot exceed the total (the invoice row is locked)", async () => {
    const inv = await issued(contractId, "1000.00"); // 1220.00
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        post(`/api/invoices/${inv.id}/payments`, { date: today, amount: "700.00", method: "bonifico" }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const detail = (await get(`/api/invoices/${inv.id}`)).json();
    expect(detail).toMatchObject({ paidAmount: "700.00", remainder: "520.00" });
  });

  it("is office only: a technician and a client get 403, drafts and credit notes 409", async () => {
    const inv = await issued(contractId, "10.00");
    const tecnico = await t.staffUser("tecnico");
    const portal = await t.clientUser(clientId);
    for (const cookie of [tecnico.cookie, portal.cookie]) {
      const res = await post(
        `/api/invoices/${inv.id}/payments`,
        { date: today, amount: "1", method: "bonifico" },
        cookie,
      );
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain("paidAmount");
    }
    const draft = await post("/api/invoices", { contractId, kind: "libera", amount: "10", override: true });
    expect(
      (await post(`/api/invoices/${draft.json().id}/payments`, { date: today, amount: "1", method: "bonifico" }))
        .statusCode,
    ).toBe(409);
    await del(`/api/invoices/${draft.json().id}`);
  });
});

describe("scadenzario", () => {
  it("buckets the open invoices by days past due, with totals, filters and CSV", async () => {
    const res = await get(`/api/receivables?clientId=${clientId}&limit=200`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const byId = new Map(body.rows.map((r: { id: string }) => [r.id, r]));
    for (const [bucket, inv] of Object.entries(aged)) expect(byId.get(inv.id)).toMatchObject({ bucket });
    expect(byId.get(aged.oltre_90!.id)).toMatchObject({ daysPastDue: 95, remainder: "1220.00" });
    expect(byId.get(aged["1_30"]!.id)).toMatchObject({ daysPastDue: 1 });
    // Most overdue first.
    const days = body.rows.map((r: { daysPastDue: number }) => r.daysPastDue);
    expect(days).toEqual([...days].sort((a, b) => b - a));
    expect(body.buckets.find((b: { bucket: string }) => b.bucket === "oltre_90")).toEqual({
      bucket: "oltre_90",
      count: 1,
      amount: "1220.00",
    });
    expect(body.totalAmount).toBe(sumMoney(body.buckets.map((b: { amount: string }) => b.amount)));
    expect(body.total).toBe(body.rows.length);

    const ranged = (
      await get(`/api/receivables?clientId=${clientId}&from=${addDays(today, -60)}&to=${addDays(today, -40)}`)
    ).json();
    expect(ranged.rows.map((r: { id: string }) => r.id)).toEqual([aged["31_60"]!.id]);
    expect(ranged.totalAmount).toBe("366.00");

    const other = await signedContract();
    expect((await get(`/api/receivables?clientId=${other.estimate.clientId}`)).json()).toMatchObject({
      rows: [],
      total: 0,
      totalAmount: "0.00",
    });
    expect((await get("/api/receivables?from=2026-13-01")).statusCode).toBe(400);
    expect((await get("/api/receivables", (await t.staffUser("tecnico")).cookie)).statusCode).toBe(403);

    const csv = await get(`/api/receivables/export.csv?clientId=${clientId}`);
    expect(csv.statusCode).toBe(200);
    expect(
      csv.body.startsWith(
        "\uFEFFNumero;Cliente;Emissione;Scadenza;Giorni di ritardo;Fascia;Totale;Incassato;Residuo;Solleciti",
      ),
    ).toBe(true);
    expect(csv.body).toContain(`${aged.oltre_90!.number};Condominio Aurora;`);
    expect(csv.body).toContain("1220,00");
  });
});

describe("e-mail and reminders", () => {
  it("e-mails the STORED PDF: the outbox attachment has the download's sha256; on the timeline", async () => {
    const inv = aged.non_scaduto!;
    const res = await post(`/api/invoices/${inv.id}/email`, { message: "Grazie per la fiducia." });
    expect(res.statusCode, res.body).toBe(201);
    const message = res.json();
    expect(message).toMatchObject({ to: "aurora@example.it", status: "stored" });
    expect(message.subject).toContain(`Fattura ${inv.number}`);
    const attachment = await get(`/api/outbox/${message.id}/attachments/0`);
    const pdf = await get(`/api/invoices/${inv.id}/pdf`);
    const detail = (await get(`/api/invoices/${inv.id}`)).json();
    const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
    expect(sha(attachment.rawPayload)).toBe(detail.pdfSha256);
    expect(sha(pdf.rawPayload)).toBe(detail.pdfSha256);
    expect((await get(`/api/outbox/${message.id}`)).json().text).toContain("Grazie per la fiducia.");

    const other = await post(`/api/invoices/${inv.id}/email`, { to: "amministratore@aurora.it" });
    expect(other.json().to).toBe("amministratore@aurora.it");
    expect((await post(`/api/invoices/${inv.id}/email`, { to: "non-una-mail" })).statusCode).toBe(400);
    const timeline = JSON.stringify((await get(`/api/activity?entityType=invoice&entityId=${inv.id}`)).json());
    expect(timeline).toContain("inviata per e-mail a aurora@example.it");
  });

  it("reminds an overdue invoice with remainder, due date, days, IBAN and causale; firmer the second time; 409 otherwise", async () => {
    const inv = aged["31_60"]!;
    const first = await post(`/api/invoices/${inv.id}/reminder`, {});
    expect(first.statusCode, first.body).toBe(201);
    const [, m, d] = addDays(today, -60).split("-");
    expect(first.json().subject).toBe(
      `Sollecito di pagamento – Fattura ${inv.number} del ${d}/${m}/${addDays(today, -60).slice(0, 4)}`,
    );
    const text = (await get(`/api/outbox/${first.json().id}`)).json().text as string;
    expect(text).toContain("366,00");
    expect(text).toContain("scaduta da 45 giorni");
    expect(text).toContain("IT60X0542811101000000123456");
    expect(text).toContain(`fattura n. ${inv.number}`);
    const second = await post(`/api/invoices/${inv.id}/reminder`, { message: "Restiamo a disposizione." });
    const text2 = (await get(`/api/outbox/${second.json().id}`)).json().text as string;
    expect(text2).toContain("nonostante il nostro precedente sollecito");
    const third = await post(`/api/invoices/${inv.id}/reminder`, {});
    expect((await get(`/api/outbox/${third.json().id}`)).json().text).toContain("D.Lgs. 231/2002");

    expect((await post(`/api/invoices/${aged.non_scaduto!.id}/reminder`, {})).statusCode).toBe(409);
    const timeline = JSON.stringify((await get(`/api/activity?entityType=invoice&entityId=${inv.id}`)).json());
    expect(timeline).toContain("Sollecito n. 2");

    // The dashboard lists what is due for a reminder: not this one (reminded today), the older ones yes.
    const dash = (await get("/api/dashboard")).json();
    const due = dash.remindersDue.map((r: { id: string }) => r.id);
    expect(due).toContain(aged.oltre_90!.id);
    expect(due).not.toContain(inv.id);
    expect(due).not.toContain(aged.non_scaduto!.id);
  });
});

describe("SdI outcome and re-issue", () => {
  it("records outcomes; a scartata invoice is re-issued under the same number with a new file name", async () => {
    const inv = await issued(contractId, "50.00");
    const bad = await post(`/api/invoices/${inv.id}/sdi-outcome`, { outcome: "persa", date: today });
    expect(bad.statusCode).toBe(400);
    expect(
      (await post(`/api/invoices/${inv.id}/sdi-outcome`, { outcome: "scartata", date: addDays(today, 1) })).statusCode,
    ).toBe(400);
    expect((await post(`/api/invoices/${inv.id}/reissue`)).statusCode).toBe(409);

    const firstXml = await get(`/api/invoices/${inv.id}/fatturapa`);
    const firstName = /filename="([^"]+)"/.exec(String(firstXml.headers["content-disposition"]))![1];
    const scarto = await post(`/api/invoices/${inv.id}/sdi-outcome`, {
      outcome: "scartata",
      code: "00305",
      message: "IdFiscaleIVA del cessionario non valido",
      date: today,
    });
    expect(scarto.statusCode, scarto.body).toBe(200);
    expect(scarto.json().sdiStatus).toBe("scartata");
    const listed = (await get(`/api/invoices?sdiStatus=scartata&limit=200`)).json();
    expect(listed.map((r: { id: string }) => r.id)).toContain(inv.id);

    // The office corrects the client record, then re-issues.
    await t.db.update(clients).set({ address: "Via Corretta 1" }).where(eq(clients.id, clientId));
    const again = await post(`/api/invoices/${inv.id}/reissue`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      number: inv.number,
      issueDate: inv.issueDate,
      transmission: 2,
      sdiStatus: null,
    });
    const secondXml = await get(`/api/invoices/${inv.id}/fatturapa`);
    const secondName = /filename="([^"]+)"/.exec(String(secondXml.headers["content-disposition"]))![1];
    expect(secondName).not.toBe(firstName);
    expect(secondXml.body).toContain(`<Numero>${inv.number}</Numero>`);
    expect(secondXml.body).toContain("Via Corretta 1");
    expect(await validateFatturaPa(secondXml.body, secondName!)).toEqual([]);

    const detail = (await get(`/api/invoices/${inv.id}`)).json();
    expect(detail.sdiEvents.map((e: { event: string; fileName: string | null }) => [e.event, e.fileName])).toEqual([
      ["trasmessa", firstName],
      ["scartata", null],
      ["trasmessa", secondName],
    ]);
    expect((await post(`/api/invoices/${inv.id}/sdi-outcome`, { outcome: "consegnata", date: today })).statusCode).toBe(
      200,
    );
    expect((await post(`/api/invoices/${inv.id}/sdi-outcome`, { outcome: "scartata", date: today })).statusCode).toBe(
      409,
    );
    expect(
      (await get(`/api/invoices?sdiStatus=consegnata&limit=200`)).json().map((r: { id: string }) => r.id),
    ).toContain(inv.id);
  });
});

describe("credit notes", () => {
  it("whole: TD04 with DatiFattureCollegate, own number, validated XML, negative on the contract", async () => {
    const { contract } = await signedContract({ total: "5000.00", clientId });
    const inv = await issued(contract.id, "2000.00");
    const before = (await get(`/api/contracts/${contract.id}`)).json().financials.invoiced;
    const res = await post(`/api/invoices/${inv.id}/credit-note`, { reason: "Fattura emessa per errore" });
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json();
    expect(note).toMatchObject({
      kind: "nota_credito",
      status: "inviata",
      amount: "-2000.00",
      vatAmount: "-440.00",
      totalAmount: "-2440.00",
      creditedInvoiceId: inv.id,
    });
    expect(note.number).not.toBe(inv.number);
    expect(note.sequence).toBeGreaterThan(0);

    const xml = await get(`/api/invoices/${note.id}/fatturapa`);
    expect(xml.statusCode).toBe(200);
    const fileName = /filename="([^"]+)"/.exec(String(xml.headers["content-disposition"]))![1]!;
    expect(await validateFatturaPa(xml.body, fileName)).toEqual([]);
    expect(sdiProblems(xml.body, today)).toEqual([]);
    expect(xml.body).toContain("<TipoDocumento>TD04</TipoDocumento>");
    expect(xml.body).toContain(
      `<DatiFattureCollegate><IdDocumento>${inv.number}</IdDocumento><Data>${inv.issueDate}</Data></DatiFattureCollegate>`,
    );
    expect(xml.body).toContain("<ImportoTotaleDocumento>2440.00</ImportoTotaleDocumento>");
    expect((await get(`/api/invoices/${note.id}/pdf`)).statusCode).toBe(200);

    const after = (await get(`/api/contracts/${contract.id}`)).json().financials.invoiced;
    expect(after).toBe(addMoney(before, "-2000.00"));
    const original = (await get(`/api/invoices/${inv.id}`)).json();
    expect(original).toMatchObject({ creditedAmount: "2440.00", remainder: "0.00", dueState: null });
    expect(original.creditNotes).toEqual([expect.objectContaining({ id: note.id, number: note.number })]);
    // Nothing left to credit as a whole, nor to credit a credit note.
    expect((await post(`/api/invoices/${inv.id}/credit-note`, { reason: "Ancora" })).statusCode).toBe(409);
    expect((await post(`/api/invoices/${note.id}/credit-note`, { reason: "Ancora" })).statusCode).toBe(409);

    const notes = (await get(`/api/invoices?type=nota_credito&contractId=${contract.id}`)).json();
    expect(notes.map((r: { id: string }) => r.id)).toEqual([note.id]);
    const fatture = (await get(`/api/invoices?type=fattura&contractId=${contract.id}`)).json();
    expect(fatture.map((r: { id: string }) => r.id)).toEqual([inv.id]);
    const totals = (await get(`/api/invoices/totals?contractId=${contract.id}`)).json();
    expect(totals).toEqual({ count: 2, amount: "0.00", totalAmount: "0.00", remainder: "0.00" });
  });

  it("partial: one line at the invoice's rate, up to the imponibile not yet credited; the remainder falls", async () => {
    const inv = await issued(contractId, "1000.00"); // 1220.00
    expect((await post(`/api/invoices/${inv.id}/credit-note`, { reason: "" })).statusCode).toBe(400);
    expect(
      (await post(`/api/invoices/${inv.id}/credit-note`, { reason: "Sconto", amount: "1000.01" })).statusCode,
    ).toBe(409);
    const res = await post(`/api/invoices/${inv.id}/credit-note`, { reason: "Sconto concordato", amount: "250.00" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ amount: "-250.00", vatAmount: "-55.00", totalAmount: "-305.00" });
    const xml = (await get(`/api/invoices/${res.json().id}/fatturapa`)).body;
    expect(xml).toContain("<AliquotaIVA>22.00</AliquotaIVA>");
    expect(xml).toContain(`<IdDocumento>${inv.number}</IdDocumento>`);
    expect(sdiProblems(xml, today)).toEqual([]);
    expect((await get(`/api/invoices/${inv.id}`)).json()).toMatchObject({
      creditedAmount: "305.00",
      remainder: "915.00",
    });
    // A whole credit note is no longer possible; the rest is.
    expect((await post(`/api/invoices/${inv.id}/credit-note`, { reason: "Tutto" })).statusCode).toBe(409);
    expect((await post(`/api/invoices/${inv.id}/credit-note`, { reason: "Resto", amount: "750.01" })).statusCode).toBe(
      409,
    );
    expect((await post(`/api/invoices/${inv.id}/credit-note`, { reason: "Resto", amount: "750.00" })).statusCode).toBe(
      201,
    );
  });
});

describe("credit notes on chosen lines", () => {
  it("credits the chosen lines whole (TD04 validated), refuses unknown lines, amount with lines, and beyond the rest", async () => {
    const { contract } = await signedContract();
    const draft = await post("/api/invoices", {
      contractId: contract.id,
      kind: "libera",
      lines: [
        { description: "Rifacimento manto", quantity: "1", unitPrice: "1000", vatRate: "22" },
        { description: "Lattonerie", quantity: "2", unitPrice: "150", vatRate: "22" },
      ],
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const inv = (await post(`/api/invoices/${draft.json().id}/send`)).json() as { id: string; number: string };
    const credit = (body: object) =>
      post(`/api/invoices/${inv.id}/credit-note`, { reason: "Lattonerie non posate", ...body });

    const unknown = await credit({ lines: [5] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.lines).toBe("La fattura non ha la riga 6");
    const both = await credit({ lines: [1], amount: "10.00" });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors).toHaveProperty("lines");
    expect((await credit({ lines: [1, 1] })).statusCode).toBe(400);

    const res = await credit({ lines: [1] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      kind: "nota_credito",
      amount: "-300.00",
      vatAmount: "-66.00",
      totalAmount: "-366.00",
    });
    const stored = await t.db
      .select({
        description: invoiceLines.description,
        unitPrice: invoiceLines.unitPrice,
        quantity: invoiceLines.quantity,
      })
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, res.json().id));
    expect(stored).toEqual([{ description: "Storno: Lattonerie", unitPrice: "-150.0000", quantity: "2.000" }]);
    const xml = await get(`/api/invoices/${res.json().id}/fatturapa`);
    const fileName = /filename="([^"]+)"/.exec(String(xml.headers["content-disposition"]))?.[1];
    expect(await validateFatturaPa(xml.body, fileName!)).toEqual([]);
    expect(xml.body).toContain("<TipoDocumento>TD04</TipoDocumento>");
    expect(xml.body).toContain(`<IdDocumento>${inv.number}</IdDocumento>`);
    expect((await get(`/api/invoices/${inv.id}`)).json()).toMatchObject({
      creditedAmount: "366.00",
      remainder: "1220.00",
    });

    // The same line again: only 1,000.00 of imponibile is left, 300.00 fits; then nothing does.
    expect((await credit({ lines: [0] })).statusCode).toBe(201);
    const beyond = await credit({ lines: [1] });
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json().errors.lines).toMatch(/Al massimo 0,00/);
  });
});

describe("VAT register", () => {
  it("one row per document and rate from the frozen snapshot; Imposta sums to the documents' VAT to the cent", async () => {
    const from = addDays(today, -365);
    const res = await get(`/api/exports/vat-register?from=${from}&to=${today}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    expect(lines[0]).toBe(
      "Data;Numero;Tipo documento;Cliente;Partita IVA;Codice fiscale;Imponibile;Aliquota;Natura;Imposta;Esigibilità;Totale documento",
    );
    const rows = lines.slice(1).map((l) => l.split(";"));
    const cents = (v: string) => BigInt(v.replace(",", "").replace(".", ""));
    const imposta = rows.reduce((n, r) => n + cents(r[9]!), 0n);
    const docs = await t.db
      .select({ vat: invoices.vatAmount, status: invoices.status, issueDate: invoices.issueDate })
      .from(invoices);
    const expected = docs
      .filter((d) => d.status !== "bozza" && d.issueDate >= from && d.issueDate <= today)
      .reduce((n, d) => n + cents(d.vat), 0n);
    expect(imposta).toBe(expected);
    const credit = rows.find((r) => r[2] === "TD04 - Nota di credito")!;
    expect(credit[6]!.startsWith("-")).toBe(true);
    expect(credit[9]!.startsWith("-")).toBe(true);
    expect(credit[7]).toBe("22,00");
    expect((await get(`/api/exports/vat-register?from=${today}&to=${from}`)).statusCode).toBe(400);
    expect(
      (await get(`/api/exports/vat-register?from=${from}&to=${today}`, (await t.staffUser("tecnico")).cookie))
        .statusCode,
    ).toBe(403);
  });

  it("reads the snapshot: a later change of the client's name does not reach the register", async () => {
    const res = await get(`/api/exports/vat-register?from=${addDays(today, -365)}&to=${today}`);
    expect(res.body).toContain("Condominio Aurora");
    await t.db.update(clients).set({ name: "Nome cambiato dopo" }).where(eq(clients.id, clientId));
    const again = await get(`/api/exports/vat-register?from=${addDays(today, -365)}&to=${today}`);
    expect(again.body).not.toContain("Nome cambiato dopo");
    await t.db.update(clients).set({ name: "Condominio Aurora" }).where(eq(clients.id, clientId));
  });
});

describe("portal", () => {
  it("carries each invoice's payments and remainder, nothing internal; the client is notified", async () => {
    const portal = await t.clientUser(clientId);
    const inv = await issued(contractId, "100.00"); // 122.00
    await post(`/api/invoices/${inv.id}/payments`, { date: today, amount: "22.00", method: "carta" });
    const res = await get(`/api/portal/invoices/${inv.id}`, portal.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ paidAmount: "22.00", remainder: "100.00" });
    expect(body.payments).toEqual([{ date: today, amount: "22.00", method: "carta" }]);
    for (const internal of [
      "sdiEvents",
      "sdiStatus",
      "remindersSent",
      "creditReason",
      "snapshot",
      "pdfSha256",
      "transmission",
    ])
      expect(res.body).not.toContain(internal);
    const list = (await get("/api/portal/invoices?limit=200", portal.cookie)).json();
    expect(list.find((r: { id: string }) => r.id === inv.id)).toMatchObject({
      remainder: "100.00",
      paidAmount: "22.00",
    });

    const bell = await t.db.select().from(notifications).where(eq(notifications.entityId, inv.id));
    const kinds = bell.filter((n) => n.audience === "client" && n.clientId === clientId).map((n) => n.kind);
    expect(kinds.sort()).toEqual(["invoice_issued", "payment_recorded"]);
    const portalBell = await get("/api/portal/notifications", portal.cookie);
    expect(portalBell.body).toContain(`Pagamento ricevuto: fattura ${inv.number}`);

    // Another client sees neither the invoice nor its payments.
    const stranger = await t.clientUser();
    expect((await get(`/api/portal/invoices/${inv.id}`, stranger.cookie)).statusCode).toBe(404);
  });
});

describe("invoice list filters", () => {
  it("filters by client, issue dates, SdI state and type, with the filtered total in SQL", async () => {
    const q = `clientId=${clientId}&from=${addDays(today, -95)}&to=${addDays(today, -55)}&type=fattura`;
    const rows = (await get(`/api/invoices?${q}`)).json();
    expect(rows.map((r: { id: string }) => r.id).sort()).toEqual([aged["61_90"]!.id, aged["31_60"]!.id].sort());
    expect((await get(`/api/invoices/totals?${q}`)).json()).toEqual({
      count: 2,
      amount: "500.00",
      totalAmount: "610.00",
      remainder: "610.00",
    });
    expect((await get(`/api/invoices?sdiStatus=in_attesa&${q}`)).json()).toHaveLength(2);
    expect((await get("/api/invoices?type=ricevuta")).statusCode).toBe(400);
    expect((await get("/api/invoices/totals?sdiStatus=boh")).statusCode).toBe(400);
  });
});

describe("credit notes and register on per-line VAT (issue 24)", () => {
  let publicBodies = 0;
  /** A public body (split payment) billed 600.00 at 22 % and 400.00 at 10 %. */
  async function twoRateInvoice() {
    const pa = await insertClient(t.db, {
      name: "Comune di Prova",
      type: "ente_pubblico",
      vatNumber: null,
      fiscalCode: makePartitaIva(80_000 + ++publicBodies),
      sdiCode: null,
      officeCode: "UF1A2B",
    });
    const { contract } = await signedContract({ total: "5000.00", clientId: pa.id });
    const lines = [
      {
        description: "Rifacimento manto di copertura",
        quantity: "1",
        unit: "a corpo",
        unitPrice: "600.00",
        vatRate: "22",
      },
      {
        description: "Manutenzione grondaie abitazione",
        quantity: "2",
        unit: "pz",
        unitPrice: "200.00",
        vatRate: "10",
      },
    ];
    const draft = await post("/api/invoices", {
      contractId: contract.id,
      kind: "libera",
      lines,
      issueDate: today,
      dueDate: addDays(today, 30),
      override: true,
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const sent = await post(`/api/invoices/${draft.json().id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    return sent.json() as { id: string; number: string; issueDate: string; vatAmount: string; netToPay: string };
  }
  const storedLines = (invoiceId: string) =>
    t.db
      .select({ unitPrice: invoiceLines.unitPrice, vatRate: invoiceLines.vatRate, lineTotal: invoiceLines.lineTotal })
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoiceId))
      .orderBy(asc(invoiceLines.position));

  it("whole: the original's stored lines negated, through the engine (split payment), TD04 validated", async () => {
    const inv = await twoRateInvoice();
    expect(inv.vatAmount).toBe("172.00"); // 132.00 + 40.00
    // Split payment: the public body pays us the imponibile only.
    expect(inv.netToPay).toBe("1000.00");
    const res = await post(`/api/invoices/${inv.id}/credit-note`, { reason: "Lavori non eseguiti" });
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json();
    expect(note).toMatchObject({
      amount: "-1000.00",
      vatAmount: "-172.00",
      totalAmount: "-1172.00",
      netToPay: "-1000.00",
    });
    expect(await storedLines(note.id)).toEqual([
      { unitPrice: "-600.0000", vatRate: "22", lineTotal: "-600.00" },
      { unitPrice: "-200.0000", vatRate: "10", lineTotal: "-400.00" },
    ]);
    const xml = await get(`/api/invoices/${note.id}/fatturapa`);
    const fileName = /filename="([^"]+)"/.exec(String(xml.headers["content-disposition"]))![1]!;
    expect(await validateFatturaPa(xml.body, fileName)).toEqual([]);
    expect(sdiProblems(xml.body, today)).toEqual([]);
    expect(xml.body).toContain("<TipoDocumento>TD04</TipoDocumento>");
    expect(xml.body).toContain(`<DatiFattureCollegate><IdDocumento>${inv.number}</IdDocumento>`);
    expect(xml.body).toContain("<EsigibilitaIVA>S</EsigibilitaIVA>");
    // Paid nothing, owed the net to pay: the credit note takes all of it.
    expect((await get(`/api/invoices/${inv.id}`)).json()).toMatchObject({
      creditedAmount: "1000.00",
      remainder: "0.00",
    });
  });

  it("partial: one line per rate of the original, in proportion; the register sums to the VAT with S", async () => {
    const inv = await twoRateInvoice();
    const res = await post(`/api/invoices/${inv.id}/credit-note`, { reason: "Sconto", amount: "300.00" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ amount: "-300.00", vatAmount: "-51.60" }); // 180 × 22 % + 120 × 10 %
    expect(await storedLines(res.json().id)).toEqual([
      { unitPrice: "-180.0000", vatRate: "22", lineTotal: "-180.00" },
      { unitPrice: "-120.0000", vatRate: "10", lineTotal: "-120.00" },
    ]);
    const register = await get(`/api/exports/vat-register?from=${today}&to=${today}`);
    const rows = register.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n")
      .slice(1)
      .map((l) => l.split(";"));
    const mine = rows.filter((r) => r[1] === inv.number || r[1] === res.json().number);
    expect(mine.map((r) => [r[1], r[6], r[7], r[9], r[10]])).toEqual([
      [inv.number, "600,00", "22,00", "132,00", "S"],
      [inv.number, "400,00", "10,00", "40,00", "S"],
      [res.json().number, "-180,00", "22,00", "-39,60", "S"],
      [res.json().number, "-120,00", "10,00", "-12,00", "S"],
    ]);
  });
});
