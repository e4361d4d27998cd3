import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addDays, todayIso } from "@domain/dates";
import { clients, companySettings, storedDocuments } from "../../db/schema";
import { sdiProblems } from "../../documents/fatturapa/sdi-checks";
import { validateFatturaPa } from "../../documents/fatturapa/xsd";
import { pdfText } from "../../test/extract-text";
import { ADMIN, buildTestApp, type TestApp } from "../../test/app";
import { completeCompanySettings, insertClient, insertEstimate } from "../../test/fixtures/contracts";

// Invoices are documents, not views (docs/domain/invoices.md): frozen at issue, stored once, served byte
// for byte; validated before they are stored; numbered at issue in the order of the dates.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await completeCompanySettings(t.db);
});
afterAll(async () => t.close());

const today = todayIso();
const year = Number(today.slice(0, 4));
const post = (url: string, payload: unknown = {}) =>
  t.app.inject({ method: "POST", url, headers: { cookie: t.admin }, payload: payload as object });
const put = (url: string, payload: unknown) =>
  t.app.inject({ method: "PUT", url, headers: { cookie: t.admin }, payload: payload as object });
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { cookie: t.admin, ...headers } });
const sha = (bytes: Buffer) => crypto.createHash("sha256").update(bytes).digest("hex");

async function draftFor(clientId: string, body: Record<string, unknown> = {}) {
  const estimate = await insertEstimate(t.db, { clientId, total: "5000.00" });
  const contract = (await post("/api/contracts", { estimateId: estimate.id })).json();
  await post(`/api/contracts/${contract.id}/sign`, { signedDate: today });
  const res = await post("/api/invoices", { contractId: contract.id, kind: "libera", amount: "1000.00", ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; version: number; number: string | null };
}

/** Every FatturaPA a test sees is checked against the in-repo schema and the SdI checks. */
async function expectValidXml(xml: string, fileName: string) {
  expect(await validateFatturaPa(xml, fileName)).toEqual([]);
  expect(sdiProblems(xml, today)).toEqual([]);
}

// On a fixed clock: 15 June of next year, so that two days earlier is always the same year (the
// real date may be 1-3 January) and nothing issued by the other blocks (dated today) is in it.
// Only Date is faked (PGlite's clock follows it): the administrator logs in again on that clock.
describe("numbers follow dates within the year", () => {
  const today = `${new Date().getFullYear() + 1}-06-15`;
  const year = Number(today.slice(0, 4));
  let realSession = "";
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(`${today}T10:00:00+02:00`));
    realSession = t.admin;
    t.admin = await t.login(ADMIN.username, ADMIN.password);
  });
  afterAll(() => {
    vi.useRealTimers();
    t.admin = realSession;
  });

  it("refuses a draft dated before the latest issued invoice on create, edit and issue (409)", async () => {
    const client = await insertClient(t.db);
    const early = await draftFor(client.id, { issueDate: addDays(today, -2) });
    const alsoEarly = await draftFor(client.id, { issueDate: addDays(today, -2) });
    const latest = await draftFor(client.id, { issueDate: today });
    const issued = (await post(`/api/invoices/${latest.id}/send`)).json();

    const created = await post("/api/invoices", {
      contractId: (await get(`/api/invoices/${latest.id}`)).json().contractId,
      kind: "libera",
      amount: "10.00",
      issueDate: addDays(today, -1),
    });
    expect(created.statusCode).toBe(409);
    expect(created.json().errors).toHaveProperty("issueDate");
    expect(created.json().message).toContain(issued.number);

    const edited = await put(`/api/invoices/${early.id}`, {
      amount: "1000.00",
      issueDate: addDays(today, -1),
      dueDate: today,
      version: early.version,
    });
    expect(edited.statusCode).toBe(409);
    expect(edited.json().errors).toHaveProperty("issueDate");

    const sent = await post(`/api/invoices/${alsoEarly.id}/send`);
    expect(sent.statusCode).toBe(409);
    expect(sent.json().errors).toHaveProperty("issueDate");
    expect((await get(`/api/invoices/${alsoEarly.id}`)).json()).toMatchObject({ status: "bozza", number: null });

    // Moved to the day of the latest one, it issues with the next number.
    expect(
      (
        await put(`/api/invoices/${early.id}`, {
          amount: "1000.00",
          issueDate: today,
          dueDate: today,
          version: early.version,
        })
      ).statusCode,
    ).toBe(200);
    const after = (await post(`/api/invoices/${early.id}/send`)).json();
    expect(after).toMatchObject({ status: "inviata", year, sequence: issued.sequence + 1 });
  });
});

describe("an issued invoice is a document", () => {
  it("answers the same bytes after settings and client change, with a strong ETag and 304", async () => {
    const client = await insertClient(t.db, { name: "Condominio Le Betulle", sdiCode: "ABC1234" });
    const draft = await draftFor(client.id);

    // Draft: a live PDF marked BOZZA, no FatturaPA.
    const draftPdf = await get(`/api/invoices/${draft.id}/pdf`);
    expect(draftPdf.statusCode).toBe(200);
    expect(draftPdf.headers.etag).toBeUndefined();
    expect(await pdfText(draftPdf.rawPayload)).toContain("BOZZA");
    const draftXml = await get(`/api/invoices/${draft.id}/fatturapa`);
    expect(draftXml.statusCode).toBe(409);
    expect(draftXml.json().message).toBe("La fattura è in bozza: il file FatturaPA si genera all'emissione");

    const issued = await post(`/api/invoices/${draft.id}/send`);
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json()).toMatchObject({ status: "inviata", year });
    const number = issued.json().number as string;

    const pdf1 = await get(`/api/invoices/${draft.id}/pdf`);
    const xml1 = await get(`/api/invoices/${draft.id}/fatturapa`);
    expect(pdf1.statusCode).toBe(200);
    expect(xml1.statusCode).toBe(200);
    const pdfName = /filename="([^"]+)"/.exec(pdf1.headers["content-disposition"] as string)![1]!;
    const xmlName = /filename="([^"]+)"/.exec(xml1.headers["content-disposition"] as string)![1]!;
    expect(pdfName).toBe(`Fattura-${number}.pdf`);
    await expectValidXml(xml1.body, xmlName);
    expect(xml1.body).toContain("<CodiceDestinatario>ABC1234</CodiceDestinatario>");
    expect(xml1.body).toContain("<IBAN>IT60X0542811101000000123456</IBAN>");
    expect(xml1.body).toContain("<RegimeFiscale>RF01</RegimeFiscale>");
    const pdfText1 = await pdfText(pdf1.rawPayload);
    expect(pdfText1).toContain(`Fattura ${number}`);
    expect(pdfText1).not.toContain("BOZZA");

    // The ETag is the sha256 of the bytes, recorded on the invoice; cacheable privately, revalidated.
    expect(pdf1.headers.etag).toBe(`"${sha(pdf1.rawPayload)}"`);
    expect(xml1.headers.etag).toBe(`"${sha(xml1.rawPayload)}"`);
    expect(pdf1.headers["cache-control"]).toBe("private, no-cache");
    expect(xml1.headers["cache-control"]).toBe("private, no-cache");
    const detail = (await get(`/api/invoices/${draft.id}`)).json();
    expect(`"${detail.pdfSha256}"`).toBe(pdf1.headers.etag);
    expect(`"${detail.xmlSha256}"`).toBe(xml1.headers.etag);

    // Everything the invoice printed changes afterwards.
    await t.db
      .update(companySettings)
      .set({
        address: "Piazza Nuova 9",
        city: "Lecco",
        province: "LC",
        zipCode: "23900",
        iban: "IT02L1234512345123456789012",
        regimeFiscale: "RF19",
      })
      .where(eq(companySettings.id, 1));
    await t.db
      .update(clients)
      .set({ address: "Via Cambiata 77", sdiCode: "XYZ9876", city: "Como" })
      .where(eq(clients.id, client.id));

    const pdf2 = await get(`/api/invoices/${draft.id}/pdf`);
    const xml2 = await get(`/api/invoices/${draft.id}/fatturapa`);
    expect(Buffer.compare(pdf2.rawPayload, pdf1.rawPayload)).toBe(0);
    expect(Buffer.compare(xml2.rawPayload, xml1.rawPayload)).toBe(0);
    expect(pdf2.headers.etag).toBe(pdf1.headers.etag);
    expect(xml2.headers.etag).toBe(xml1.headers.etag);
    expect(xml2.body).not.toContain("XYZ9876");
    await expectValidXml(xml2.body, xmlName);

    const notModified = await get(`/api/invoices/${draft.id}/pdf`, { "if-none-match": pdf1.headers.etag as string });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    expect(
      (await get(`/api/invoices/${draft.id}/fatturapa`, { "if-none-match": xml1.headers.etag as string })).statusCode,
    ).toBe(304);
    expect((await get(`/api/invoices/${draft.id}/pdf`, { "if-none-match": '"other"' })).statusCode).toBe(200);

    // A draft stays a view of today's data.
    await completeCompanySettings(t.db);
    const other = await draftFor(client.id);
    expect(await pdfText((await get(`/api/invoices/${other.id}/pdf`)).rawPayload)).toContain("Via Cambiata 77");
    const stored = await t.db
      .select({ kind: storedDocuments.kind })
      .from(storedDocuments)
      .where(eq(storedDocuments.ownerId, draft.id));
    expect(stored.map((s) => s.kind).sort()).toEqual(["pdf", "xml"]);
  });

  it("refuses to issue a FatturaPA that would not pass (409 naming the field): still a draft, no number, nothing stored", async () => {
    const bad = await insertClient(t.db, {
      name: "Rossi Mario",
      type: "privato",
      vatNumber: null,
      fiscalCode: "RSSMRA80A01H501X",
    });
    const draft = await draftFor(bad.id);
    const res = await post(`/api/invoices/${draft.id}/send`);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toHaveProperty("buyer.fiscalCode");
    expect(res.json().message).toContain("codice fiscale non valido");
    expect((await get(`/api/invoices/${draft.id}`)).json()).toMatchObject({
      status: "bozza",
      number: null,
      pdfSha256: null,
      xmlSha256: null,
    });
    expect(await t.db.select().from(storedDocuments).where(eq(storedDocuments.ownerId, draft.id))).toEqual([]);

    // The refused issue gave its number back: the next one follows the last issued of this year,
    // no gap (the block above issued in another year, on its fixed clock).
    const issued = (await get("/api/invoices?status=inviata&sort=-number&limit=100")).json() as {
      sequence: number;
      issueDate: string;
    }[];
    const before = issued.find((i) => i.issueDate.slice(0, 4) === today.slice(0, 4));
    const good = await draftFor((await insertClient(t.db)).id);
    const next = (await post(`/api/invoices/${good.id}/send`)).json();
    expect(next.sequence).toBe((before?.sequence ?? 0) + 1);
  });
});

describe("accepted estimates and signed contracts are documents too", () => {
  it("store their PDF at acceptance and at signature and answer it byte for byte", async () => {
    const client = await insertClient(t.db, { name: "Famiglia Verdi" });
    const estimate = await insertEstimate(t.db, { clientId: client.id, status: "inviato", total: "2000.00" });
    const accepted = await post(`/api/estimates/${estimate.id}/accept`, { signedBy: "Luca Verdi", version: estimate.version });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const contractId = accepted.json().contract.id as string;
    expect((await get(`/api/contracts/${contractId}/pdf`)).headers.etag).toBeUndefined(); // draft contract: a view
    expect((await post(`/api/contracts/${contractId}/sign`, { signedDate: today })).statusCode).toBe(200);

    const est1 = await get(`/api/estimates/${estimate.id}/pdf`);
    const ctr1 = await get(`/api/contracts/${contractId}/pdf`);
    expect(est1.headers.etag).toBe(`"${sha(est1.rawPayload)}"`);
    expect(ctr1.headers.etag).toBe(`"${sha(ctr1.rawPayload)}"`);
    expect(est1.headers["cache-control"]).toBe("private, no-cache");

    await t.db
      .update(clients)
      .set({ address: "Via Trasferita 1", name: "Famiglia Verdi-Neri" })
      .where(eq(clients.id, client.id));
    await t.db.update(companySettings).set({ address: "Viale Altrove 3" }).where(eq(companySettings.id, 1));
    const est2 = await get(`/api/estimates/${estimate.id}/pdf`);
    const ctr2 = await get(`/api/contracts/${contractId}/pdf`);
    expect(Buffer.compare(est2.rawPayload, est1.rawPayload)).toBe(0);
    expect(Buffer.compare(ctr2.rawPayload, ctr1.rawPayload)).toBe(0);
    expect(
      (await get(`/api/estimates/${estimate.id}/pdf`, { "if-none-match": est1.headers.etag as string })).statusCode,
    ).toBe(304);
    expect(
      (await get(`/api/contracts/${contractId}/pdf`, { "if-none-match": ctr1.headers.etag as string })).statusCode,
    ).toBe(304);
    const owners = await t.db
      .select({ owner: storedDocuments.ownerType })
      .from(storedDocuments)
      .where(eq(storedDocuments.kind, "pdf"));
    expect(owners.map((o) => o.owner)).toEqual(expect.arrayContaining(["estimate", "contract"]));
    await completeCompanySettings(t.db);
  });
});
