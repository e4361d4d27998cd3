import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIso, addDays } from "@domain/dates";
import { activityLog, contracts, invoices } from "../../db/schema";
import { pdfText } from "../../test/extract-text";
import { buildTestApp, type TestApp } from "../../test/app";
import { insertClient, insertEstimate } from "../../test/fixtures/contracts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const NONE = "00000000-0000-4000-8000-000000000000";
const post = (url: string, payload: unknown = {}, cookie = t.admin) =>
  t.app.inject({ method: "POST", url, headers: { cookie }, payload: payload as object });
const createFor = async (estimateId: string) => post("/api/contracts", { estimateId });

describe("contracts API", () => {
  it("401 without a session, 403 for portal users on admin routes", async () => {
    expect((await t.app.inject({ url: "/api/contracts" })).statusCode).toBe(401);
    const portal = await t.clientUser();
    expect((await post("/api/contracts", { estimateId: NONE }, portal.cookie)).statusCode).toBe(403);
    expect((await post(`/api/contracts/${NONE}/sign`, { signedDate: todayIso() }, portal.cookie)).statusCode).toBe(403);
  });

  it("creates one contract per accepted estimate: CTR number, bozza, default terms, activity", async () => {
    const estimate = await insertEstimate(t.db);
    const res = await createFor(estimate.id);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.number).toMatch(new RegExp(`^CTR-${todayIso().slice(0, 4)}-\\d{3,}$`));
    expect(body).toMatchObject({ status: "bozza", signedDate: null, estimateId: estimate.id, version: 1 });
    expect(body.terms).toContain("Oggetto");
    const again = await createFor(estimate.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain("ha già il contratto");
    const logged = await t.db.select({ n: count() }).from(activityLog).where(eq(activityLog.entityId, body.id));
    expect(logged[0]!.n).toBe(1);
  });

  it("refuses estimates that are not accepted (409), unknown ones (400) and bad ids (400)", async () => {
    const sent = await insertEstimate(t.db, { status: "inviato" });
    expect((await createFor(sent.id)).statusCode).toBe(409);
    const unknown = await createFor(NONE);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toHaveProperty("estimateId");
    const bad = await createFor("x");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty("estimateId");
  });

  it("offers only accepted estimates without a contract", async () => {
    const free = await insertEstimate(t.db, { title: "Opzione Kappa libera" });
    const taken = await insertEstimate(t.db, { title: "Opzione Kappa presa" });
    await insertEstimate(t.db, { title: "Opzione Kappa bozza", status: "bozza" });
    await createFor(taken.id);
    const res = await t.app.inject({ url: "/api/contracts/estimate-options?q=kappa", headers: { cookie: t.admin } });
    expect(res.json().map((e: { id: string }) => e.id)).toEqual([free.id]);
    // The picker's search: by number too, and at most `limit` rows (20 from "Nuovo Contratto").
    const byNumber = await t.app.inject({ url: `/api/contracts/estimate-options?q=${free.number}&limit=20`, headers: { cookie: t.admin } });
    expect(byNumber.json().map((e: { id: string }) => e.id)).toEqual([free.id]);
    const first = await t.app.inject({ url: "/api/contracts/estimate-options?q=kappa&limit=1", headers: { cookie: t.admin } });
    expect(first.json()).toHaveLength(1);
    const tooMany = await t.app.inject({ url: "/api/contracts/estimate-options?limit=51", headers: { cookie: t.admin } });
    expect(tooMany.statusCode).toBe(400);
  });

  it("moves bozza → firmato → attivo → completato and refuses anything else with 409", async () => {
    const estimate = await insertEstimate(t.db);
    const contract = (await createFor(estimate.id)).json();
    const url = (a: string) => `/api/contracts/${contract.id}/${a}`;
    expect((await post(url("activate"))).statusCode).toBe(409);
    expect((await post(url("complete"))).json().message).toContain("Impossibile passare il contratto");
    const future = await post(url("sign"), { signedDate: addDays(todayIso(), 2) });
    expect(future.statusCode).toBe(400);
    expect(future.json().errors).toHaveProperty("signedDate");
    expect((await post(url("sign"), {})).json().errors).toHaveProperty("signedDate");
    const signed = await post(url("sign"), { signedDate: todayIso() });
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toMatchObject({ status: "firmato", signedDate: todayIso() });
    expect((await post(url("sign"), { signedDate: todayIso() })).statusCode).toBe(409);
    expect((await post(url("activate"))).json()).toMatchObject({ status: "attivo" });
    const done = await post(url("complete"));
    expect(done.json().status).toBe("completato");
    expect(done.json().completedAt).not.toBeNull();
    expect((await post(`/api/contracts/${NONE}/activate`)).statusCode).toBe(404);
  });

  it("edits terms only while bozza, with the version read", async () => {
    const estimate = await insertEstimate(t.db);
    const contract = (await createFor(estimate.id)).json();
    const put = (payload: object) =>
      t.app.inject({ method: "PUT", url: `/api/contracts/${contract.id}`, headers: { cookie: t.admin }, payload });
    expect((await put({ terms: "", version: 1 })).json().errors).toHaveProperty("terms");
    const ok = await put({ terms: "Condizioni speciali concordate", version: 1 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ terms: "Condizioni speciali concordate", version: 2 });
    expect((await put({ terms: "Vecchia", version: 1 })).statusCode).toBe(409);
    await post(`/api/contracts/${contract.id}/sign`, { signedDate: todayIso() });
    const locked = await put({ terms: "Dopo la firma", version: 3 });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toContain("solo in bozza");
  });

  it("lists with search on number and estimate title, status filter and paging", async () => {
    for (let i = 0; i < 4; i++) {
      const e = await insertEstimate(t.db, { title: `Tetto Orione ${i}` });
      const c = (await createFor(e.id)).json();
      if (i < 2) await post(`/api/contracts/${c.id}/sign`, { signedDate: todayIso() });
    }
    const res = await t.app.inject({ url: "/api/contracts?q=orione&limit=3", headers: { cookie: t.admin } });
    expect(res.headers["x-total-count"]).toBe("4");
    expect(res.json()).toHaveLength(3);
    expect(res.json()[0]).toHaveProperty("estimateTitle");
    expect(res.json()[0]).not.toHaveProperty("terms");
    const signed = await t.app.inject({ url: "/api/contracts?q=orione&status=firmato", headers: { cookie: t.admin } });
    expect(signed.headers["x-total-count"]).toBe("2");
    const number = res.json()[0].number as string;
    const byNumber = await t.app.inject({ url: `/api/contracts?q=${number}`, headers: { cookie: t.admin } });
    expect(byNumber.json().map((c: { number: string }) => c.number)).toContain(number);
    expect((await t.app.inject({ url: "/api/contracts?status=chiuso", headers: { cookie: t.admin } })).statusCode).toBe(
      400,
    );
    // The invoice form's picker: only contracts an invoice can be made on (no bozza).
    const invoiceable = await t.app.inject({ url: "/api/contracts?q=orione&invoiceable=true", headers: { cookie: t.admin } });
    expect(invoiceable.headers["x-total-count"]).toBe("2");
    expect(invoiceable.json().map((c: { status: string }) => c.status)).toEqual(["firmato", "firmato"]);
    const bad = await t.app.inject({ url: "/api/contracts?invoiceable=forse", headers: { cookie: t.admin } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty("invoiceable");
  });

  it("shows the financial situation: invoiced (bar capped at 100), paid, remaining", async () => {
    const estimate = await insertEstimate(t.db, { total: "10000.00" });
    const contract = (await createFor(estimate.id)).json();
    const year = Number(todayIso().slice(0, 4));
    const base = {
      contractId: contract.id,
      year,
      issueDate: todayIso(),
      dueDate: todayIso(),
      vatAmount: "0",
      totalAmount: "0",
    };
    await t.db.insert(invoices).values([
      {
        ...base,
        number: `FAT-X-${contract.id}-1`,
        sequence: 90001,
        amount: "3000.00",
        netToPay: "3660.00",
        paidAmount: "3660.00",
        status: "pagata",
        kind: "acconto",
      },
      {
        ...base,
        number: `FAT-X-${contract.id}-2`,
        sequence: 90002,
        amount: "8000.00",
        status: "inviata",
        kind: "libera",
      },
    ]);
    const res = await t.app.inject({ url: `/api/contracts/${contract.id}`, headers: { cookie: t.admin } });
    expect(res.statusCode).toBe(200);
    expect(res.json().financials).toEqual({
      value: "10000.00",
      invoiced: "11000.00",
      paid: "3000.00",
      collected: "3660.00",
      remaining: "0.00",
      invoicedPercent: "110",
      barPercent: 100,
      overInvoiced: true,
      toCollect: "8000.00",
    });
    expect(res.json().invoices).toHaveLength(2);
    // A contract with invoices is not deleted.
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/contracts/${contract.id}`,
      headers: { cookie: t.admin },
    });
    expect(del.statusCode).toBe(409);
    await t.db.delete(invoices).where(eq(invoices.contractId, contract.id));
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/contracts/${contract.id}`, headers: { cookie: t.admin } }))
        .statusCode,
    ).toBe(204);
    expect((await t.db.select().from(contracts).where(eq(contracts.id, contract.id))).length).toBe(0);
  });

  it("serves a PDF with the terms and the acceptance record; portal users only for their own (404 otherwise)", async () => {
    const client = await insertClient(t.db, { name: "Famiglia Verdi" });
    const estimate = await insertEstimate(t.db, { clientId: client.id, title: "Rifacimento copertura Verdi" });
    const contract = (await createFor(estimate.id)).json();
    const res = await t.app.inject({ url: `/api/contracts/${contract.id}/pdf`, headers: { cookie: t.admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(`Contratto ${contract.number}`);
    expect(text).toContain("Famiglia Verdi");
    expect(text).toContain("Rifacimento copertura Verdi");
    expect(text).toContain("Condizioni contrattuali");
    expect(text).toContain("accettato da Mario Rossi");
    expect(text).toContain("Non firmato");

    // The portal shows no contracts: the office's routes are closed to its own client too (docs/domain/portal.md).
    const portal = await t.clientUser(client.id);
    for (const url of [`/api/contracts/${contract.id}`, `/api/contracts/${contract.id}/pdf`, "/api/contracts"]) {
      const res = await t.app.inject({ url, headers: { cookie: portal.cookie } });
      expect(res.statusCode, url).toBe(403);
      expect(res.headers["content-type"]).not.toContain("application/pdf");
    }
    expect((await t.app.inject({ url: `/api/contracts/${NONE}`, headers: { cookie: t.admin } })).json().message).toBe(
      "Contratto non trovato",
    );
  });
});
