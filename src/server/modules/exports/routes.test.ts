import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../../test/csv-parse";
import { buildTestApp, type TestApp } from "../../test/app";
import { insertClient, insertContract, insertEstimate, insertInvoice, insertSite } from "../../test/fixtures/dashboard";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  const client = await insertClient(t.db, "Bianchi Export");
  const estimate = await insertEstimate(t.db, {
    clientId: client.id,
    status: "accettato",
    totalAmount: "1234.50",
    title: "Tetto; ventilato",
  });
  const contract = await insertContract(t.db, estimate.id);
  await insertInvoice(t.db, {
    contractId: contract.id,
    amount: "1000.00",
    totalAmount: "1220.00",
    issueDate: "2026-01-10",
    dueDate: "2026-02-09",
    status: "inviata",
  });
  await insertInvoice(t.db, {
    contractId: contract.id,
    amount: "234.50",
    totalAmount: "286.09",
    issueDate: "2026-01-11",
    dueDate: "2099-01-01",
    status: "pagata",
    paidDate: "2026-01-20",
  });
  await insertSite(t.db, {
    estimateId: estimate.id,
    status: "in_corso",
    estimatedEndDate: "2020-01-01",
    name: "Cantiere Export",
  });
});
afterAll(async () => t.close());

const lists = [
  "contacts",
  "surveys",
  "services",
  "estimates",
  "construction-sites",
  "contracts",
  "invoices",
  "suppliers",
  "orders",
];

const csv = async (url: string) => {
  const res = await t.app.inject({ url, headers: { cookie: t.admin } });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
  expect(res.body.startsWith("\uFEFF")).toBe(true);
  return parseCsv(res.body);
};

describe("CSV export of every admin list", () => {
  it("offers every list as CSV, admin only", async () => {
    const portal = await t.clientUser();
    for (const list of lists) {
      const rows = await csv(`/api/${list}/export.csv`);
      expect(rows[0]!.length, list).toBeGreaterThan(3);
      expect(
        (await t.app.inject({ url: `/api/${list}/export.csv`, headers: { cookie: portal.cookie } })).statusCode,
        list,
      ).toBe(403);
    }
  });

  it("exports the whole list whatever page cursor the address carries", async () => {
    const first = await t.app.inject({ url: "/api/invoices?limit=1", headers: { cookie: t.admin } });
    const cursor = encodeURIComponent(String(first.headers["x-next-cursor"]));
    const whole = await csv("/api/invoices/export.csv");
    expect(whole.length).toBeGreaterThan(2);
    // The export walks its own cursors: one the address brings (a list's URL copied) does not move it.
    expect(await csv(`/api/invoices/export.csv?after=${cursor}`)).toEqual(whole);
    expect(await csv(`/api/invoices/export.csv?before=${cursor}`)).toEqual(whole);
  });

  it("writes invoices with decimal commas, Italian dates and the derived overdue state, filtered like the list", async () => {
    const rows = await csv("/api/invoices/export.csv?sort=issueDate");
    const header = rows[0]!;
    const get = (row: string[], name: string) => row[header.indexOf(name)];
    expect(rows).toHaveLength(3);
    expect(get(rows[1]!, "Imponibile")).toBe("1000,00");
    expect(get(rows[1]!, "Totale")).toBe("1220,00");
    expect(get(rows[1]!, "Emissione")).toBe("10/01/2026");
    expect(get(rows[1]!, "Stato")).toBe("Scaduta");
    expect(get(rows[2]!, "Stato")).toBe("Pagata");
    expect(get(rows[2]!, "Pagata il")).toBe("20/01/2026");
    const paid = await csv("/api/invoices/export.csv?status=pagata");
    expect(paid).toHaveLength(2);
  });

  it("keeps separators inside cells and marks late sites", async () => {
    const estimates = await csv("/api/estimates/export.csv");
    expect(estimates[1]).toEqual(
      expect.arrayContaining(["Bianchi Export", "Tetto; ventilato", "Accettato", "1234,50"]),
    );
    const sites = await csv("/api/construction-sites/export.csv");
    const header = sites[0]!;
    expect(sites[1]![header.indexOf("In ritardo")]).toBe("Sì");
    expect(sites[1]![header.indexOf("Nome")]).toBe("Cantiere Export");
  });
});
