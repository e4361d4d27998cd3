import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIso } from "@domain/dates";
import { constructionSites, invoices, storedDocuments } from "../../db/schema";
import { pdfText } from "../../test/extract-text";
import { sdiProblems } from "../../documents/fatturapa/sdi-checks";
import { validateFatturaPa } from "../../documents/fatturapa/xsd";
import { buildTestApp, type TestApp } from "../../test/app";
import { completeCompanySettings, insertClient, insertEstimate } from "../../test/fixtures/contracts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await completeCompanySettings(t.db);
});
afterAll(async () => t.close());

const NONE = "00000000-0000-4000-8000-000000000000";
const today = todayIso();
const year = Number(today.slice(0, 4));
const post = (url: string, payload: unknown = {}, cookie = t.admin) =>
  t.app.inject({ method: "POST", url, headers: { cookie }, payload: payload as object });
const get = (url: string, cookie = t.admin) => t.app.inject({ url, headers: { cookie } });

/** An accepted estimate with a signed contract (and optionally a site at some progress). */
async function signedContract(
  opts: { total?: string; vat?: "22" | "10" | "4" | "rc"; progress?: number; clientId?: string; title?: string } = {},
) {
  const estimate = await insertEstimate(t.db, {
    total: opts.total ?? "10000.00",
    vat: opts.vat,
    clientId: opts.clientId,
    title: opts.title,
  });
  const contract = (await post("/api/contracts", { estimateId: estimate.id })).json();
  await post(`/api/contracts/${contract.id}/sign`, { signedDate: today });
  let siteId: string | null = null;
  if (opts.progress !== undefined) {
    const [site] = await t.db
      .insert(constructionSites)
      .values({
        estimateId: estimate.id,
        name: "Cantiere",
        address: "Via X 1",
        progress: opts.progress,
        status: "in_corso",
      })
      .returning();
    siteId = site!.id;
  }
  return { estimate, contract, siteId };
}
const invoice = (body: Record<string, unknown>) => post("/api/invoices", body);

describe("invoices API", () => {
  it("401 without a session, 403 for portal users on admin routes", async () => {
    expect((await t.app.inject({ url: "/api/invoices" })).statusCode).toBe(401);
    const portal = await t.clientUser();
    expect((await post("/api/invoices", { contractId: NONE, kind: "saldo" }, portal.cookie)).statusCode).toBe(403);
    expect((await get(`/api/invoices/${NONE}/fatturapa`, portal.cookie)).statusCode).toBe(403);
  });

  it("bills acconto, SAL and saldo: amounts, VAT, due date from payment terms, FAT numbers without gaps", async () => {
    const { contract, siteId } = await signedContract({ total: "10000.00", progress: 50 });
    const acconto = await invoice({ contractId: contract.id, kind: "acconto", percent: "20" });
    expect(acconto.statusCode).toBe(201);
    expect(acconto.json()).toMatchObject({
      kind: "acconto",
      amount: "2000.00",
      treatment: "ordinary",
      vatAmount: "440.00",
      stampDuty: "0.00",
      totalAmount: "2440.00",
      status: "bozza",
      issueDate: today,
      dueDate: addDays(today, 30),
      // A draft has no legal number: it is given at issue (docs/decisions/008-invoice-number-at-issue.md).
      number: null,
      year: null,
      sequence: null,
    });

    // SAL: 50 % of 10,000 less the 2,000 already invoiced.
    const sal = await invoice({ contractId: contract.id, kind: "sal" });
    expect(sal.json()).toMatchObject({ kind: "sal", amount: "3000.00", totalAmount: "3660.00" });
    // Issued in any order, they take consecutive numbers of the year.
    const salIssued = (await post(`/api/invoices/${sal.json().id}/send`)).json();
    const accontoIssued = (await post(`/api/invoices/${acconto.json().id}/send`)).json();
    expect(salIssued.number).toBe(`FAT-${year}-${String(salIssued.sequence).padStart(3, "0")}`);
    expect(accontoIssued).toMatchObject({ year, sequence: salIssued.sequence + 1, status: "inviata" });
    // Progress not moved: nothing more to bill as SAL.
    const again = await invoice({ contractId: contract.id, kind: "sal" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain("nulla da fatturare");

    await t.db.update(constructionSites).set({ progress: 80 }).where(eq(constructionSites.id, siteId!));
    const sal2 = (await invoice({ contractId: contract.id, kind: "sal" })).json();
    expect(sal2.amount).toBe("3000.00");
    // Issue 24: the saldo deducts the issued invoices line by line, so a draft must be issued first.
    const early = await invoice({ contractId: contract.id, kind: "saldo" });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain("bozza di fattura");
    await post(`/api/invoices/${sal2.id}/send`);

    // Saldo: the remainder after the acconto and the two SAL.
    const saldo = await invoice({
      contractId: contract.id,
      kind: "saldo",
      dueDate: addDays(today, 10),
      notes: "Grazie",
    });
    expect(saldo.json()).toMatchObject({
      kind: "saldo",
      amount: "2000.00",
      dueDate: addDays(today, 10),
      notes: "Grazie",
    });
    await post(`/api/invoices/${saldo.json().id}/send`);
    const none = await invoice({ contractId: contract.id, kind: "saldo" });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toContain("già interamente fatturato");

    const detail = (await get(`/api/contracts/${contract.id}`)).json();
    expect(detail.financials).toMatchObject({
      invoiced: "10000.00",
      remaining: "0.00",
      invoicedPercent: "100",
      barPercent: 100,
    });
  });

  it("refuses to bill beyond the contract value without an explicit override", async () => {
    const { contract } = await signedContract({ total: "5000.00" });
    await invoice({ contractId: contract.id, kind: "acconto", amount: "4000" });
    const over = await invoice({ contractId: contract.id, kind: "libera", amount: "1500.00" });
    expect(over.statusCode).toBe(409);
    expect(over.json().errors).toHaveProperty("amount");
    expect(over.json().message).toContain("supererebbe il valore del contratto");
    const forced = await invoice({ contractId: contract.id, kind: "libera", amount: "1500.00", override: true });
    expect(forced.statusCode).toBe(201);
    const fin = (await get(`/api/contracts/${contract.id}`)).json().financials;
    expect(fin).toMatchObject({ invoiced: "5500.00", barPercent: 100, overInvoiced: true, remaining: "0.00" });
  });

  it("validates input with 400 naming the field, and stores nothing", async () => {
    const { contract } = await signedContract();
    const before = (await t.db.select({ n: count() }).from(invoices))[0]!.n;
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: "saldo" }, "contractId"],
      [{ contractId: "x", kind: "saldo" }, "contractId"],
      [{ contractId: contract.id, kind: "anticipo" }, "kind"],
      [{ contractId: contract.id, kind: "acconto" }, "percent"],
      [{ contractId: contract.id, kind: "acconto", percent: "120" }, "percent"],
      [{ contractId: contract.id, kind: "acconto", percent: "10", amount: "100" }, "percent"],
      [{ contractId: contract.id, kind: "acconto", amount: "-5" }, "amount"],
      [
        { contractId: contract.id, kind: "libera", lines: [{ description: "", quantity: "1", unitPrice: "10" }] },
        "lines.0.description",
      ],
      [{ contractId: contract.id, kind: "libera", amount: "0" }, "amount"],
      [{ contractId: contract.id, kind: "libera", amount: "12.345" }, "amount"],
      [{ contractId: contract.id, kind: "saldo", issueDate: "2026-13-01" }, "issueDate"],
      [{ contractId: contract.id, kind: "saldo", issueDate: addDays(today, 1) }, "issueDate"],
      [{ contractId: contract.id, kind: "saldo", issueDate: today, dueDate: addDays(today, -1) }, "dueDate"],
      [{ contractId: NONE, kind: "saldo" }, "contractId"],
    ];
    for (const [body, field] of cases) {
      const res = await invoice(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors, JSON.stringify(body)).toHaveProperty(field);
    }
    expect((await t.db.select({ n: count() }).from(invoices))[0]!.n).toBe(before);
  });

  it("refuses invoices on a draft contract and SAL without a site (409)", async () => {
    const estimate = await insertEstimate(t.db);
    const draft = (await post("/api/contracts", { estimateId: estimate.id })).json();
    expect((await invoice({ contractId: draft.id, kind: "saldo" })).statusCode).toBe(409);
    const { contract } = await signedContract();
    const sal = await invoice({ contractId: contract.id, kind: "sal" });
    expect(sal.statusCode).toBe(409);
    expect(sal.json().message).toContain("non ha un cantiere");
  });

  it("moves bozza → inviata → pagata; a sent or paid invoice never changes and is never deleted", async () => {
    const { contract } = await signedContract();
    const inv = (await invoice({ contractId: contract.id, kind: "acconto", percent: "10" })).json();
    expect((await post(`/api/invoices/${inv.id}/pay`, { paidDate: today })).statusCode).toBe(409);
    const sent = await post(`/api/invoices/${inv.id}/send`);
    expect(sent.json()).toMatchObject({ status: "inviata" });
    expect(sent.json().sentAt).not.toBeNull();
    expect((await post(`/api/invoices/${inv.id}/send`)).statusCode).toBe(409);
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/invoices/${inv.id}`,
      headers: { cookie: t.admin },
      payload: { amount: "1.00", issueDate: today, dueDate: today, version: 2 },
    });
    expect(put.statusCode).toBe(409);
    expect(put.json().message).toContain("nota di credito");
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/invoices/${inv.id}`, headers: { cookie: t.admin } }))
        .statusCode,
    ).toBe(409);
    expect((await post(`/api/invoices/${inv.id}/pay`, {})).json().errors).toHaveProperty("paidDate");
    expect((await post(`/api/invoices/${inv.id}/pay`, { paidDate: addDays(today, 1) })).statusCode).toBe(400);
    expect((await post(`/api/invoices/${inv.id}/pay`, { paidDate: addDays(today, -1) })).json().errors).toHaveProperty(
      "paidDate",
    );
    const paid = await post(`/api/invoices/${inv.id}/pay`, { paidDate: today });
    expect(paid.json()).toMatchObject({ status: "pagata", paidDate: today });
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/invoices/${inv.id}`, headers: { cookie: t.admin } }))
        .statusCode,
    ).toBe(409);
    const fin = (await get(`/api/contracts/${contract.id}`)).json().financials;
    expect(fin.paid).toBe("1000.00");
  });

  it("edits a draft (version checked); a draft has no number, so any draft may be deleted", async () => {
    const { contract } = await signedContract();
    const first = (await invoice({ contractId: contract.id, kind: "libera", amount: "100" })).json();
    const put = (payload: object) =>
      t.app.inject({ method: "PUT", url: `/api/invoices/${first.id}`, headers: { cookie: t.admin }, payload });
    const ok = await put({
      amount: "250,00",
      issueDate: today,
      dueDate: addDays(today, 60),
      notes: "Rettifica",
      version: 1,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      amount: "250.00",
      vatAmount: "55.00",
      totalAmount: "305.00",
      dueDate: addDays(today, 60),
      version: 2,
    });
    expect((await put({ amount: "1", issueDate: today, dueDate: today, version: 1 })).statusCode).toBe(409);
    expect(
      (await put({ amount: "1", issueDate: addDays(today, 1), dueDate: addDays(today, 1), version: 2 })).json().errors,
    ).toHaveProperty("issueDate");

    const second = (await invoice({ contractId: contract.id, kind: "libera", amount: "100" })).json();
    const del = (id: string) =>
      t.app.inject({ method: "DELETE", url: `/api/invoices/${id}`, headers: { cookie: t.admin } });
    expect((await del(first.id)).statusCode).toBe(204);
    // Deleting drafts never leaves a hole: the next issue takes the next number.
    const issued = (await post(`/api/invoices/${second.id}/send`)).json();
    const [latest] = await t.db
      .select({ n: sql<number>`max(${invoices.sequence})::int` })
      .from(invoices)
      .where(eq(invoices.year, year));
    expect(issued.sequence).toBe(latest!.n);
    expect((await del(second.id)).statusCode).toBe(409);
  });

  it("lists with search on invoice and contract number, derived scaduta filter, dueState at the 0/1/7/8-day edges", async () => {
    const { contract } = await signedContract({ total: "100000.00", title: "Lista scadenze" });
    const make = async (dueOffset: number) => {
      const res = await invoice({
        contractId: contract.id,
        kind: "libera",
        amount: "100",
        issueDate: today,
        dueDate: addDays(today, Math.max(dueOffset, 0)),
      });
      const row = res.json();
      if (dueOffset < 0)
        await t.db
          .update(invoices)
          .set({ dueDate: addDays(today, dueOffset) })
          .where(eq(invoices.id, row.id));
      return row.id as string;
    };
    const ids = {
      past: await make(-1),
      zero: await make(0),
      one: await make(1),
      seven: await make(7),
      eight: await make(8),
    };
    const res = await get(`/api/invoices?contractId=${contract.id}&limit=200`);
    expect(res.headers["x-total-count"]).toBe("5");
    const state = Object.fromEntries(
      res.json().map((r: { id: string; dueState: string | null }) => [r.id, r.dueState]),
    );
    expect(state).toEqual({
      [ids.past]: "overdue",
      [ids.zero]: null,
      [ids.one]: "due-soon",
      [ids.seven]: "due-soon",
      [ids.eight]: null,
    });
    const overdue = await get(`/api/invoices?contractId=${contract.id}&status=scaduta`);
    expect(overdue.json().map((r: { id: string }) => r.id)).toEqual([ids.past]);
    const detail = await get(`/api/invoices/${ids.past}`);
    expect(detail.json()).toMatchObject({ dueState: "overdue", editable: true, contract: { id: contract.id } });

    const byContract = await get(`/api/invoices?q=${contract.number}`);
    expect(byContract.headers["x-total-count"]).toBe("5");
    const one = (await post(`/api/invoices/${ids.eight}/send`)).json();
    const byNumber = await get(`/api/invoices?q=${one.number}`);
    expect(byNumber.json().map((r: { id: string }) => r.id)).toEqual([one.id]);
    const paged = await get(`/api/invoices?contractId=${contract.id}&limit=2&offset=4&sort=number`);
    expect(paged.json()).toHaveLength(1);
    expect((await get("/api/invoices?status=persa")).statusCode).toBe(400);
    expect((await get(`/api/invoices/${NONE}`)).json().message).toBe("Fattura non trovata");
  });

  it("scaduta: every case of the derived rule, in the list's order, counted exactly", async () => {
    // docs/domain/invoices.md: due date past, not pagata, something left to collect (a draft with
    // its whole total), never a credit note. Rows written directly, so each edge is one row.
    const { contract } = await signedContract({ total: "100000.00", title: "Scadute, ogni caso" });
    let n = 0;
    const row = async (
      label: string,
      values: Partial<typeof invoices.$inferInsert> & { dueDate: string },
    ): Promise<[string, string]> => {
      n++;
      const issued = values.status !== "bozza";
      const [inserted] = await t.db
        .insert(invoices)
        .values({
          contractId: contract.id,
          kind: "libera",
          amount: "100.00",
          totalAmount: "122.00",
          netToPay: "122.00",
          issueDate: addDays(today, -90),
          status: "inviata",
          // Years no other test uses, newest first in the list: the order is checked below.
          ...(issued ? { number: `FAT-S-${n}`, year: 1900 + n, sequence: n } : {}),
          ...values,
        })
        .returning({ id: invoices.id });
      return [label, inserted!.id];
    };
    const past = addDays(today, -1);
    const cases = [
      await row("unpaid", { dueDate: past }),
      await row("partly paid", { dueDate: past, paidAmount: "22.00" }),
      await row("paid to the cent, still inviata", { dueDate: past, paidAmount: "122.00" }),
      await row("credited in full", { dueDate: past, creditedAmount: "122.00" }),
      await row("paid and credited in part", { dueDate: past, paidAmount: "100.00", creditedAmount: "21.99" }),
      await row("pagata", { dueDate: past, status: "pagata", paidAmount: "122.00", paidDate: past }),
      await row("due today", { dueDate: today }),
      await row("nothing to collect (netToPay 0)", { dueDate: past, totalAmount: "0.00", netToPay: "0.00" }),
      await row("draft past due", { dueDate: past, status: "bozza" }),
      await row("draft past due, zero total", {
        dueDate: past,
        status: "bozza",
        totalAmount: "0.00",
        netToPay: "0.00",
      }),
      await row("draft due tomorrow", { dueDate: addDays(today, 1), status: "bozza" }),
    ];
    const [original] = cases;
    await row("credit note past due", {
      dueDate: past,
      kind: "nota_credito",
      amount: "-100.00",
      totalAmount: "-122.00",
      netToPay: "-122.00",
      creditedInvoiceId: original![1],
    });
    const label = new Map(cases.map(([l, id]) => [id, l]));
    const idOf = new Map(cases);
    const res = await get(`/api/invoices?contractId=${contract.id}&status=scaduta&limit=200`);
    expect(res.statusCode, res.body).toBe(200);
    // Drafts (no number) first, between them by id (newest first like the rest), then by year and sequence.
    const drafts = ["draft past due", "draft past due, zero total"].sort((a, b) =>
      idOf.get(a)! > idOf.get(b)! ? -1 : 1,
    );
    expect(res.json().map((r: { id: string }) => label.get(r.id) ?? r.id)).toEqual([
      ...drafts,
      "paid and credited in part",
      "partly paid",
      "unpaid",
    ]);
    expect(res.headers["x-total-count"]).toBe("5");
    const remainders = { "draft past due": "122.00", "draft past due, zero total": "0.00" } as Record<string, string>;
    expect(res.json().map((r: { remainder: string }) => r.remainder)).toEqual([
      ...drafts.map((d) => remainders[d]),
      "0.01",
      "100.00",
      "122.00",
    ]);
    // A page of two and the next by cursor: the same rows in the same order.
    const first = await get(`/api/invoices?contractId=${contract.id}&status=scaduta&limit=2`);
    const next = await get(
      `/api/invoices?contractId=${contract.id}&status=scaduta&limit=3&after=${String(first.headers["x-next-cursor"])}`,
    );
    expect([...first.json(), ...next.json()].map((r: { id: string }) => r.id)).toEqual(
      res.json().map((r: { id: string }) => r.id),
    );
  });

  it("portal users read their own issued invoices and PDFs through the portal only (drafts and others' 404)", async () => {
    const client = await insertClient(t.db, {
      name: "Famiglia Bianchi",
      type: "privato",
      vatNumber: null,
      fiscalCode: "RSSMRA80A01H501U",
      sdiCode: null,
    });
    const { contract } = await signedContract({ clientId: client.id, vat: "10" });
    const inv = (await invoice({ contractId: contract.id, kind: "acconto", percent: "30" })).json();
    const portal = await t.clientUser(client.id);
    // The office's routes are closed to clients (docs/domain/portal.md); the portal shows issued invoices only.
    for (const url of ["/api/invoices", `/api/invoices/${inv.id}`, `/api/invoices/${inv.id}/pdf`]) {
      expect((await get(url, portal.cookie)).statusCode, url).toBe(403);
    }
    expect((await get(`/api/portal/invoices/${inv.id}`, portal.cookie)).statusCode).toBe(404);
    expect((await get(`/api/portal/invoices/${inv.id}/pdf`, portal.cookie)).statusCode).toBe(404);
    expect((await post(`/api/invoices/${inv.id}/send`)).statusCode).toBe(200);
    const list = await get("/api/portal/invoices", portal.cookie);
    expect(list.json().map((r: { id: string }) => r.id)).toEqual([inv.id]);
    expect((await get(`/api/portal/invoices/${inv.id}`, portal.cookie)).statusCode).toBe(200);
    expect((await get(`/api/portal/invoices/${inv.id}/pdf`, portal.cookie)).statusCode).toBe(200);
    const stranger = await t.clientUser();
    expect((await get(`/api/portal/invoices/${inv.id}`, stranger.cookie)).statusCode).toBe(404);
    expect((await get(`/api/portal/invoices/${inv.id}/pdf`, stranger.cookie)).statusCode).toBe(404);
    expect((await get("/api/portal/invoices", stranger.cookie)).json()).toEqual([]);
  });

  it("prints a PDF with Imponibile / IVA / Totale, IBAN and the bonifico parlante wording for private clients", async () => {
    const client = await insertClient(t.db, {
      name: "Rossi Mario",
      type: "privato",
      vatNumber: null,
      fiscalCode: "RSSMRA80A01H501U",
      sdiCode: null,
    });
    const { contract } = await signedContract({ clientId: client.id, vat: "10", total: "8000.00" });
    const draft = (await invoice({ contractId: contract.id, kind: "acconto", percent: "25" })).json();
    const inv = (await post(`/api/invoices/${draft.id}/send`)).json();
    const res = await get(`/api/invoices/${inv.id}/pdf`);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(`Fattura ${inv.number}`);
    expect(text).not.toContain("BOZZA");
    expect(text).toContain("Rossi Mario");
    expect(text).toContain("Imponibile");
    expect(text).toContain("2.000,00 €");
    expect(text).toContain("IVA 10%");
    expect(text).toContain("200,00 €");
    expect(text).toContain("2.200,00 €");
    expect(text).toContain("IT60X0542811101000000123456");
    expect(text).toContain('bonifico "parlante"');
    expect(text).toContain("detrazione prevista dall'art. 16");
    expect(text).toContain("RSSMRA80A01H501U");

    const company = await insertClient(t.db, { name: "Impresa Edile Alfa S.r.l." });
    const rc = await signedContract({ clientId: company.id, vat: "rc", total: "20000.00" });
    const rcInv = (await invoice({ contractId: rc.contract.id, kind: "saldo" })).json();
    // Issue 24: reverse charge is subject to VAT (paid by the buyer): never a bollo (was 20,002.00).
    expect(rcInv).toMatchObject({ vatAmount: "0.00", stampDuty: "0.00", totalAmount: "20000.00" });
    const rcText = await pdfText((await get(`/api/invoices/${rcInv.id}/pdf`)).rawPayload);
    // A draft: printed live, marked BOZZA, no number yet.
    expect(rcText).toContain("BOZZA");
    expect(rcText).toContain("Bozza di fattura");
    expect(rcText).toContain("Inversione contabile");
    expect(rcText).not.toContain("Imposta di bollo");
    expect(rcText).not.toContain("16-bis");
  });

  it("produces FatturaPA XML that validates against the official schema (22 %, 10 %, reverse charge without bollo, acconto TD02)", async () => {
    const privato = await insertClient(t.db, {
      name: "Bianchi Anna",
      type: "privato",
      vatNumber: null,
      fiscalCode: "RSSMRA80A01H501U",
      sdiCode: null,
      pec: "anna@pec.it",
    });
    const cases = [
      await signedContract({ vat: "22", total: "12345.67" }),
      await signedContract({ vat: "10", total: "8000.00", clientId: privato.id }),
      await signedContract({ vat: "rc", total: "30000.00" }),
    ];
    const ids: string[] = [];
    for (const c of cases) ids.push((await invoice({ contractId: c.contract.id, kind: "saldo" })).json().id);
    ids.push(
      (
        await invoice({ contractId: (await signedContract({ vat: "22" })).contract.id, kind: "acconto", percent: "30" })
      ).json().id,
    );
    for (const id of ids) {
      expect((await get(`/api/invoices/${id}/fatturapa`)).statusCode).toBe(409);
      const sent = await post(`/api/invoices/${id}/send`);
      expect(sent.statusCode, sent.body).toBe(200);
    }
    for (const id of ids) {
      const res = await get(`/api/invoices/${id}/fatturapa`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["content-type"]).toContain("application/xml");
      const fileName = /filename="([^"]+)"/.exec(res.headers["content-disposition"] as string)![1]!;
      expect(fileName).toMatch(/^IT\d{11}_[0-9A-Z]{5}\.xml$/);
      expect(await validateFatturaPa(res.body, fileName)).toEqual([]);
      expect(sdiProblems(res.body, today)).toEqual([]);
    }
    const acconto = await get(`/api/invoices/${ids[3]}/fatturapa`);
    expect(acconto.body).toContain("<TipoDocumento>TD02</TipoDocumento>");
    const rc = await get(`/api/invoices/${ids[2]}/fatturapa`);
    expect(rc.body).toContain("<Natura>N6.3</Natura>");
    expect(rc.body).not.toContain("<DatiBollo>");
    const pec = await get(`/api/invoices/${ids[1]}/fatturapa`);
    expect(pec.body).toContain(
      "<CodiceDestinatario>0000000</CodiceDestinatario><PECDestinatario>anna@pec.it</PECDestinatario>",
    );
    expect(pec.body).toContain("<CodiceFiscale>RSSMRA80A01H501U</CodiceFiscale>");
  });

  it("refuses to issue (409 naming the missing company and client fiscal data): still a draft, nothing stored", async () => {
    const bare = await insertClient(t.db, {
      name: "Senza Dati",
      vatNumber: null,
      fiscalCode: null,
      zipCode: null,
      city: null,
      province: null,
    });
    const { contract } = await signedContract({ clientId: bare.id });
    const inv = (await invoice({ contractId: contract.id, kind: "saldo" })).json();
    const res = await post(`/api/invoices/${inv.id}/send`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain("Cliente: serve la partita IVA o il codice fiscale");
    expect(res.json().errors).toHaveProperty("buyer.zipCode");
    expect((await get(`/api/invoices/${inv.id}`)).json()).toMatchObject({
      status: "bozza",
      number: null,
      xmlSha256: null,
    });
    expect(await t.db.select().from(storedDocuments).where(eq(storedDocuments.ownerId, inv.id))).toEqual([]);
    const xml = await get(`/api/invoices/${inv.id}/fatturapa`);
    expect(xml.statusCode).toBe(409);
    expect(xml.json().message).toBe("La fattura è in bozza: il file FatturaPA si genera all'emissione");
  });
});
