import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIso } from "@domain/dates";
import { buildTestApp, type TestApp } from "../../test/app";
import { completeCompanySettings, insertEstimate } from "../../test/fixtures/contracts";

// First run (issue 28): until the company data for invoicing is complete, each role is told what
// is missing and whom to ask, and issuing an invoice answers the same.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const readiness = (cookie: string) => t.app.inject({ url: "/api/company/invoicing-readiness", headers: { cookie } });
const post = (url: string, payload: unknown = {}) =>
  t.app.inject({ method: "POST", url, headers: { cookie: t.admin }, payload: payload as object });

describe("GET /api/company/invoicing-readiness", () => {
  it("names what a fresh installation lacks: the admin is sent to Impostazioni, the office to an administrator", async () => {
    const admin = await readiness(t.admin);
    expect(admin.statusCode).toBe(200);
    expect(admin.json().missing).toEqual(
      expect.arrayContaining(["partita IVA", "indirizzo", "CAP", "comune", "provincia", "IBAN"]),
    );
    expect(admin.json().message).toContain("Completali in Impostazioni");
    const office = await readiness((await t.staffUser("ufficio")).cookie);
    expect(office.statusCode).toBe(200);
    expect(office.json().message).toMatch(/mancano i dati aziendali: .*partita IVA.*Chiedi a un amministratore/);
  });

  it("is closed to the technician and the portal", async () => {
    expect((await readiness((await t.staffUser("tecnico")).cookie)).statusCode).toBe(403);
    expect((await readiness((await t.clientUser()).cookie)).statusCode).toBe(403);
  });

  it("refuses to issue an invoice with the same words (409), and is empty once the data is complete", async () => {
    const estimate = await insertEstimate(t.db);
    const contract = (await post("/api/contracts", { estimateId: estimate.id })).json();
    expect((await post(`/api/contracts/${contract.id}/sign`, { signedDate: todayIso() })).statusCode).toBe(200);
    expect((await post(`/api/contracts/${contract.id}/activate`)).statusCode).toBe(200);
    const draft = await post("/api/invoices", { contractId: contract.id, kind: "acconto", percent: "30" });
    expect(draft.statusCode, draft.body).toBe(201);
    const issued = await post(`/api/invoices/${draft.json().id}/send`);
    expect(issued.statusCode).toBe(409);
    expect(issued.json().message).toMatch(
      /^Impossibile emettere la fattura: mancano i dati aziendali \(.*partita IVA.*IBAN\)\. Un amministratore li completa in Impostazioni/,
    );

    await completeCompanySettings(t.db);
    expect((await readiness(t.admin)).json()).toEqual({ missing: [], message: null });
  });
});
