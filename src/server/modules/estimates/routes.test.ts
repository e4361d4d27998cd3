import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIso } from "@domain/dates";
import {
  clients,
  companySettings,
  contracts,
  estimateItems,
  estimates,
  notifications,
  orders,
  outbox,
  services,
  suppliers,
  surveys,
} from "../../db/schema";
import { pdfText } from "../../test/extract-text";
import { buildTestApp, type TestApp } from "../../test/app";

let t: TestApp;
let privato: string;
let azienda: string;
let tegole: string;
let inactive: string;
beforeAll(async () => {
  t = await buildTestApp();
  const [p] = await t.db
    .insert(clients)
    .values({ name: "Rossi Niccolò", type: "privato", address: "Via Roma 1", city: "Forlì", email: "rossi@example.it" })
    .returning();
  const [a] = await t.db
    .insert(clients)
    // With a partita IVA: reverse charge is allowed only for such a client (issue 24).
    .values({ name: "Edilizia Bianchi S.r.l.", type: "azienda", address: "Via Emilia 20", vatNumber: "86419840789" })
    .returning();
  privato = p!.id;
  azienda = a!.id;
  const [s1] = await t.db
    .insert(services)
    .values({
      name: "Rifacimento manto",
      description: "tegole portoghesi",
      unitPrice: "45.50",
      unit: "mq",
      category: "Coperture",
    })
    .returning();
  const [s2] = await t.db
    .insert(services)
    .values({ name: "Vecchio servizio", unitPrice: "10.00", status: "inattivo" })
    .returning();
  tegole = s1!.id;
  inactive = s2!.id;
});
afterAll(async () => t.close());

const admin = () => ({ cookie: t.admin });
const valid = () => ({
  clientId: privato,
  title: "Rifacimento tetto",
  description: "Rimozione del vecchio manto e posa di tegole nuove",
  items: [
    { serviceId: tegole, description: "", quantity: "120", unitPrice: "45.50", unit: "mq", totalPrice: "1.00" },
    { description: "Ponteggio perimetrale", quantity: "1", unitPrice: "850.33333", unit: "pz" },
  ],
});
const validFixed = () => ({
  ...valid(),
  items: [valid().items[0]!, { description: "Ponteggio perimetrale", quantity: "1", unitPrice: "850", unit: "pz" }],
});

async function create(body: Record<string, unknown> = validFixed(), headers = admin()) {
  return t.app.inject({ method: "POST", url: "/api/estimates", headers, payload: body });
}
async function createOk(body: Record<string, unknown> = validFixed()) {
  const res = await create(body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const post = (url: string, payload: unknown = {}, headers = admin()) =>
  t.app.inject({ method: "POST", url, headers, payload: payload as object });
const rows = async () => (await t.db.select({ n: count() }).from(estimates))[0]!.n;

describe("estimates: create and totals", () => {
  it("creates with a catalogue and a custom line; the server computes number, totals, VAT and expiry", async () => {
    const res = await create();
    expect(res.statusCode, res.body).toBe(201);
    const e = res.json();
    const year = todayIso().slice(0, 4);
    expect(e.number).toMatch(new RegExp(`^PRV-${year}-\\d{3,}$`));
    // 120 × 45.50 = 5460 + 850 = 6310; privato → 10 %.
    expect(e).toMatchObject({
      status: "bozza",
      clientName: "Rossi Niccolò",
      totalAmount: "6310.00",
      materialsCost: "3786.00",
      laborCost: "2524.00",
      treatment: "ordinary",
      vatAmount: "631.00",
      grossTotal: "6941.00",
      validityDays: 30,
      expiresAt: addDays(todayIso(), 30),
      version: 1,
    });
    const detail = (await t.app.inject({ url: `/api/estimates/${e.id}`, headers: admin() })).json();
    expect(detail.items.map((i: { description: string; totalPrice: string }) => [i.description, i.totalPrice])).toEqual(
      [
        ["Rifacimento manto - tegole portoghesi", "5460.00"],
        ["Ponteggio perimetrale", "850.00"],
      ],
    );
    expect(detail.client.name).toBe("Rossi Niccolò");
  });

  it("numbers sequentially and uses 22% for a company; reverse charge when chosen", async () => {
    const a = await createOk({ ...validFixed(), clientId: azienda });
    const b = await createOk({ ...validFixed(), clientId: azienda, treatment: "reverse_charge", validityDays: "60" });
    expect(Number(b.number.slice(-3))).toBe(Number(a.number.slice(-3)) + 1);
    expect(a).toMatchObject({ treatment: "ordinary", vatAmount: "1388.20", grossTotal: "7698.20" });
    expect(b).toMatchObject({
      treatment: "reverse_charge",
      vatAmount: "0.00",
      grossTotal: "6310.00",
      validityDays: 60,
      expiresAt: addDays(todayIso(), 60),
    });
  });

  it("rounds each line half up to the cent", async () => {
    const e = await createOk({
      ...validFixed(),
      items: [
        { description: "Minuteria", quantity: "3", unitPrice: "0.33" },
        { description: "Colmo", quantity: "1.5", unitPrice: "2.33" },
      ],
    });
    // 0.99 + 3.495→3.50
    expect(e.totalAmount).toBe("4.49");
  });

  it("adds the total of an attached confermato order and refuses other orders", async () => {
    const [supplier] = await t.db.insert(suppliers).values({ name: "Laterizi Srl", city: "Cesena" }).returning();
    const [confirmed] = await t.db
      .insert(orders)
      .values({
        number: "ORD-T-1",
        supplierId: supplier!.id,
        title: "Coppi",
        orderDate: todayIso(),
        totalAmount: "1000.00",
        status: "confermato",
      })
      .returning();
    const [draft] = await t.db
      .insert(orders)
      .values({
        number: "ORD-T-2",
        supplierId: supplier!.id,
        title: "Bozza",
        orderDate: todayIso(),
        totalAmount: "5.00",
        status: "bozza",
      })
      .returning();
    const e = await createOk({ ...validFixed(), orderId: confirmed!.id });
    expect(e.totalAmount).toBe("7310.00");
    const refused = await create({ ...validFixed(), orderId: draft!.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toHaveProperty("orderId");
  });

  it("rejects bad input with 400 naming the field and stores nothing", async () => {
    const [otherSurvey] = await t.db
      .insert(surveys)
      .values({ clientId: azienda, date: todayIso(), address: "Via X" })
      .returning();
    const before = await rows();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...validFixed(), title: "" }, "title"],
      [{ ...validFixed(), description: " " }, "description"],
      [{ ...validFixed(), clientId: "" }, "clientId"],
      [{ ...validFixed(), clientId: "00000000-0000-4000-8000-000000000000" }, "clientId"],
      [{ ...validFixed(), validityDays: "trenta" }, "validityDays"],
      [{ ...validFixed(), treatment: "rc" }, "treatment"],
      [
        { ...validFixed(), items: [{ description: "x", quantity: "1", unitPrice: "1", vatRate: "21" }] },
        "items.0.vatRate",
      ],
      [{ ...validFixed(), surveyId: otherSurvey!.id }, "surveyId"],
      [{ ...validFixed(), items: [{ description: "", quantity: "1", unitPrice: "1" }] }, "items.0.description"],
      [{ ...validFixed(), items: [{ description: "x", quantity: "-2", unitPrice: "1" }] }, "items.0.quantity"],
      [{ ...validFixed(), items: [{ description: "x", quantity: "1", unitPrice: "abc" }] }, "items.0.unitPrice"],
      [valid(), "items.1.unitPrice"],
      [{ ...validFixed(), items: [{ serviceId: inactive, quantity: "1", unitPrice: "10" }] }, "items.0.serviceId"],
      [
        {
          ...validFixed(),
          items: [{ serviceId: "00000000-0000-4000-8000-000000000000", quantity: "1", unitPrice: "10" }],
        },
        "items.0.serviceId",
      ],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().errors, field).toHaveProperty(field);
      expect(res.json().message).toMatch(/^Dati non validi/);
    }
    expect(await rows()).toBe(before);
  });
});

describe("estimates: list", () => {
  it("searches title, number and client name, filters status, sorts and pages with X-Total-Count", async () => {
    const [c] = await t.db
      .insert(clients)
      .values({ name: "Condominio Girasole", type: "condominio", address: "Via Fiori 3" })
      .returning();
    const made = [];
    for (let i = 0; i < 7; i++)
      made.push(await createOk({ ...validFixed(), clientId: c!.id, title: `Lattoneria ${i}` }));
    const page = await t.app.inject({ url: "/api/estimates?q=girasole&sort=title&limit=3&offset=3", headers: admin() });
    expect(page.statusCode).toBe(200);
    expect(page.headers["x-total-count"]).toBe("7");
    expect(page.json().map((e: { title: string }) => e.title)).toEqual([
      "Lattoneria 3",
      "Lattoneria 4",
      "Lattoneria 5",
    ]);
    const byNumber = await t.app.inject({ url: `/api/estimates?q=${made[2].number}`, headers: admin() });
    expect(byNumber.json().map((e: { id: string }) => e.id)).toEqual([made[2].id]);
    const byTitle = await t.app.inject({ url: "/api/estimates?q=lattoneria%206", headers: admin() });
    expect(byTitle.headers["x-total-count"]).toBe("1");
    const drafts = await t.app.inject({ url: `/api/estimates?clientId=${c!.id}&status=inviato`, headers: admin() });
    expect(drafts.headers["x-total-count"]).toBe("0");
    const amount = await t.app.inject({
      url: `/api/estimates?clientId=${c!.id}&sort=-totalAmount&limit=1`,
      headers: admin(),
    });
    expect(amount.json()).toHaveLength(1);
    for (const bad of ["limit=500", "sort=password", "status=chiuso", "offset=-1"]) {
      expect((await t.app.inject({ url: `/api/estimates?${bad}`, headers: admin() })).statusCode, bad).toBe(400);
    }
  });
});

describe("estimates: edit and items", () => {
  it("replaces header and lines atomically; a stale version gets 409", async () => {
    const e = await createOk();
    const ok = await t.app.inject({
      method: "PUT",
      url: `/api/estimates/${e.id}`,
      headers: admin(),
      payload: {
        ...validFixed(),
        title: "Tetto nuovo",
        items: [{ description: "Solo ponteggio", quantity: "2", unitPrice: "100" }],
        version: 1,
      },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ title: "Tetto nuovo", totalAmount: "200.00", version: 2, number: e.number });
    const items = (await t.app.inject({ url: `/api/estimate-items?estimateId=${e.id}`, headers: admin() })).json();
    expect(items).toHaveLength(1);
    const stale = await t.app.inject({
      method: "PUT",
      url: `/api/estimates/${e.id}`,
      headers: admin(),
      payload: { ...validFixed(), version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors).toHaveProperty("version");
    const missing = await t.app.inject({
      method: "PUT",
      url: "/api/estimates/00000000-0000-4000-8000-000000000000",
      headers: admin(),
      payload: { ...validFixed(), version: 1 },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Preventivo non trovato");
    // A failed edit changes nothing: the lines are still the saved ones.
    const bad = await t.app.inject({
      method: "PUT",
      url: `/api/estimates/${e.id}`,
      headers: admin(),
      payload: { ...validFixed(), items: [{ serviceId: inactive, quantity: "1", unitPrice: "1" }], version: 2 },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await t.db.select().from(estimateItems).where(eq(estimateItems.estimateId, e.id))).map((i) => i.description),
    ).toEqual(["Solo ponteggio"]);
  });

  it("keeps totals consistent through the item routes and bumps the version", async () => {
    const e = await createOk({ ...validFixed(), items: [] });
    expect(e.totalAmount).toBe("0.00");
    const added = await post("/api/estimate-items", {
      estimateId: e.id,
      serviceId: tegole,
      quantity: "10",
      unitPrice: "45.50",
      totalPrice: "9999",
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      description: "Rifacimento manto - tegole portoghesi",
      totalPrice: "455.00",
      unit: "mq",
    });
    const second = (
      await post("/api/estimate-items", {
        estimateId: e.id,
        description: "Grondaie",
        quantity: "20",
        unitPrice: "12.25",
        unit: "ml",
      })
    ).json();
    let current = (await t.app.inject({ url: `/api/estimates/${e.id}`, headers: admin() })).json();
    expect(current).toMatchObject({ totalAmount: "700.00", vatAmount: "70.00", grossTotal: "770.00", version: 3 });
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/estimate-items/${second.id}`,
      headers: admin(),
      payload: { description: "Grondaie rame", quantity: "20", unitPrice: "20", unit: "ml" },
    });
    expect(put.statusCode, put.body).toBe(200);
    current = (await t.app.inject({ url: `/api/estimates/${e.id}`, headers: admin() })).json();
    expect(current.totalAmount).toBe("855.00");
    const del = await t.app.inject({ method: "DELETE", url: `/api/estimate-items/${second.id}`, headers: admin() });
    expect(del.statusCode).toBe(204);
    current = (await t.app.inject({ url: `/api/estimates/${e.id}`, headers: admin() })).json();
    expect(current).toMatchObject({ totalAmount: "455.00", materialsCost: "273.00", laborCost: "182.00", version: 5 });
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/estimate-items/${second.id}`, headers: admin() })).statusCode,
    ).toBe(404);
    const badItem = await post("/api/estimate-items", {
      estimateId: e.id,
      description: "",
      quantity: "1",
      unitPrice: "1",
    });
    expect(badItem.statusCode).toBe(400);
    expect(badItem.json().errors).toHaveProperty("description");
    const noEstimate = await post("/api/estimate-items", {
      estimateId: "00000000-0000-4000-8000-000000000000",
      description: "x",
      quantity: "1",
      unitPrice: "1",
    });
    expect(noEstimate.statusCode).toBe(404);
    expect((await t.app.inject({ url: "/api/estimate-items?estimateId=nope", headers: admin() })).statusCode).toBe(400);
  });

  it("deletes a draft with its lines", async () => {
    const e = await createOk();
    expect((await t.app.inject({ method: "DELETE", url: `/api/estimates/${e.id}`, headers: admin() })).statusCode).toBe(
      204,
    );
    expect(await t.db.select().from(estimateItems).where(eq(estimateItems.estimateId, e.id))).toEqual([]);
    expect((await t.app.inject({ method: "DELETE", url: `/api/estimates/${e.id}`, headers: admin() })).statusCode).toBe(
      404,
    );
  });
});

describe("estimates: send, accept, reject", () => {
  it("sends by e-mail (outbox without SMTP) with the PDF, and refuses a client without e-mail", async () => {
    const noMail = await createOk({ ...validFixed(), clientId: azienda });
    const refused = await post(`/api/estimates/${noMail.id}/send`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/e-mail/);

    const e = await createOk();
    const sent = await post(`/api/estimates/${e.id}/send`, { version: 1 });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: "inviato", mailStatus: "stored", version: 2 });
    expect(sent.json().sentAt).toBeTruthy();
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, `Preventivo ${e.number} - Rifacimento tetto`));
    expect(mail!.to).toBe("rossi@example.it");
    expect(mail!.text).toContain(`/client/estimates/${e.id}`);
    expect(mail!.attachments![0]).toMatchObject({
      fileName: `Preventivo-${e.number}.pdf`,
      mimeType: "application/pdf",
    });
    // Sending again is allowed (re-delivery); a stale version is not.
    expect((await post(`/api/estimates/${e.id}/send`, { version: 1 })).statusCode).toBe(409);
    expect((await post(`/api/estimates/${e.id}/send`)).statusCode).toBe(200);
  });

  it("editing a sent estimate turns it back into a draft", async () => {
    const e = await createOk();
    await post(`/api/estimates/${e.id}/send`);
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/estimates/${e.id}`,
      headers: admin(),
      payload: { ...validFixed(), title: "Rivisto", version: 2 },
    });
    expect(res.json()).toMatchObject({ status: "bozza", title: "Rivisto" });
  });

  it("admin records acceptance: contract created in the same transaction, estimate frozen", async () => {
    const e = await createOk();
    // Acceptance binds to the version seen (docs/domain/portal.md): missing or stale → 409, nothing accepted.
    expect((await post(`/api/estimates/${e.id}/accept`, { signedBy: "Niccolò Rossi" })).statusCode).toBe(409);
    const stale = await post(`/api/estimates/${e.id}/accept`, { signedBy: "Niccolò Rossi", version: e.version + 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/modificato/);
    expect(await t.db.select().from(contracts).where(eq(contracts.estimateId, e.id))).toEqual([]);
    const accepted = await post(`/api/estimates/${e.id}/accept`, { signedBy: "Niccolò Rossi", version: e.version });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const body = accepted.json();
    expect(body).toMatchObject({ status: "accettato", acceptedBy: "Niccolò Rossi" });
    expect(body.contract.number).toMatch(/^CTR-\d{4}-\d{3,}$/);
    const [contract] = await t.db.select().from(contracts).where(eq(contracts.estimateId, e.id));
    expect(contract).toMatchObject({ status: "bozza", number: body.contract.number });
    expect(contract!.terms.length).toBeGreaterThan(20);
    const [row] = await t.db.select().from(estimates).where(eq(estimates.id, e.id));
    expect(row!.acceptedSnapshot).toMatchObject({
      number: e.number,
      totals: { grossTotal: "6941.00" },
      channel: "amministrazione",
    });
    expect(row!.acceptedIp).toBeNull();

    const edit = await t.app.inject({
      method: "PUT",
      url: `/api/estimates/${e.id}`,
      headers: admin(),
      payload: { ...validFixed(), version: body.version },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe("Un preventivo accettato non può essere modificato");
    expect(
      (await post("/api/estimate-items", { estimateId: e.id, description: "x", quantity: "1", unitPrice: "1" }))
        .statusCode,
    ).toBe(409);
    expect(
      (await post(`/api/estimates/${e.id}/accept`, { signedBy: "Ancora", version: body.version })).statusCode,
    ).toBe(409);
    expect((await post(`/api/estimates/${e.id}/send`)).statusCode).toBe(409);
    expect((await post(`/api/estimates/${e.id}/reject`)).statusCode).toBe(409);
    expect((await t.app.inject({ method: "DELETE", url: `/api/estimates/${e.id}`, headers: admin() })).statusCode).toBe(
      409,
    );
    const detail = (await t.app.inject({ url: `/api/estimates/${e.id}`, headers: admin() })).json();
    expect(detail.contracts).toHaveLength(1);
    // "Nuovo Contratto" lists accepted estimates that still have no contract: not this one.
    const free = (
      await t.app.inject({ url: "/api/estimates?status=accettato&withoutContract=true&limit=200", headers: admin() })
    ).json();
    expect(free.some((x: { id: string }) => x.id === e.id)).toBe(false);
    const missingName = await post(`/api/estimates/${e.id}/accept`, { signedBy: "" });
    expect(missingName.statusCode).toBe(400);
    expect(missingName.json().errors).toHaveProperty("signedBy");
  });

  it("rejects only a sent estimate", async () => {
    const e = await createOk();
    const early = await post(`/api/estimates/${e.id}/reject`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/non è ancora stato inviato/);
    await post(`/api/estimates/${e.id}/send`);
    const rejected = await post(`/api/estimates/${e.id}/reject`);
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: "rifiutato" });
    expect(rejected.json().rejectedAt).toBeTruthy();
  });
});

describe("estimates: portal client", () => {
  it("reaches its own sent estimates through the portal only; the office's routes are 403", async () => {
    const portal = await t.clientUser(privato);
    const own = await createOk();
    await post(`/api/estimates/${own.id}/send`);
    const foreign = await createOk({ ...validFixed(), clientId: azienda });
    await post(`/api/estimates/${foreign.id}/send`);
    const h = { cookie: portal.cookie };
    for (const url of [
      "/api/estimates?limit=200",
      `/api/estimates/${own.id}`,
      `/api/estimate-items?estimateId=${own.id}`,
      `/api/estimates/${own.id}/pdf`,
    ]) {
      expect((await t.app.inject({ url, headers: h })).statusCode, url).toBe(403);
    }
    expect((await t.app.inject({ url: `/api/portal/estimates/${own.id}`, headers: h })).statusCode).toBe(200);
    const other = await t.app.inject({ url: `/api/portal/estimates/${foreign.id}`, headers: h });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain("Edilizia Bianchi");
    expect((await t.app.inject({ url: `/api/portal/estimates/${own.id}/pdf`, headers: h })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/portal/estimates/${foreign.id}/pdf`, headers: h })).statusCode).toBe(404);
    expect((await create(validFixed(), h)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: "PUT",
          url: `/api/estimates/${own.id}`,
          headers: h,
          payload: { ...validFixed(), version: 1 },
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: "DELETE", url: `/api/estimates/${own.id}`, headers: h })).statusCode).toBe(
      403,
    );
    expect((await post(`/api/estimates/${own.id}/send`, {}, h)).statusCode).toBe(403);
    expect((await post(`/api/estimates/${own.id}/reject`, {}, h)).statusCode).toBe(403);
    expect(
      (await post("/api/estimate-items", { estimateId: own.id, description: "x", quantity: "1", unitPrice: "1" }, h))
        .statusCode,
    ).toBe(403);
    expect((await post(`/api/estimates/${own.id}/accept`, { signedBy: "Intruso", version: 2 }, h)).statusCode).toBe(
      403,
    );
    expect(
      (await post(`/api/portal/estimates/${foreign.id}/accept`, { signedBy: "Intruso", version: 2 }, h)).statusCode,
    ).toBe(404);
    expect((await post(`/api/portal/estimates/${foreign.id}/request-changes`, { message: "x" }, h)).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: "/api/estimates" })).statusCode).toBe(401);
  });

  it("accepts its own sent estimate: signatory, IP, contract and admin notification", async () => {
    const portal = await t.clientUser(privato);
    const h = { cookie: portal.cookie };
    const e = await createOk();
    // A draft does not exist for the client.
    const notSent = await post(`/api/portal/estimates/${e.id}/accept`, { signedBy: "Niccolò Rossi", version: 1 }, h);
    expect(notSent.statusCode).toBe(404);
    await post(`/api/estimates/${e.id}/send`);
    const accepted = await post(`/api/portal/estimates/${e.id}/accept`, { signedBy: "Niccolò Rossi", version: 2 }, h);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: "accettato", acceptedBy: "Niccolò Rossi" });
    const [row] = await t.db.select().from(estimates).where(eq(estimates.id, e.id));
    expect(row!.acceptedIp).toBeTruthy();
    expect(row!.acceptedSnapshot).toMatchObject({ channel: "portale", acceptedBy: "Niccolò Rossi" });
    const [contract] = await t.db.select().from(contracts).where(eq(contracts.estimateId, e.id));
    // Accepted online with his name, the client has signed (docs/domain/portal.md).
    expect(contract).toMatchObject({ status: "firmato", signedDate: todayIso(), signedBy: "Niccolò Rossi" });
    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.entityId, e.id), eq(notifications.kind, "estimate_accepted")));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.audience).toBe("admin");
  });

  it("cannot accept an expired estimate", async () => {
    const portal = await t.clientUser(privato);
    const e = await createOk();
    await post(`/api/estimates/${e.id}/send`);
    await t.db
      .update(estimates)
      .set({ expiresAt: addDays(todayIso(), -1) })
      .where(eq(estimates.id, e.id));
    const res = await post(
      `/api/portal/estimates/${e.id}/accept`,
      { signedBy: "Niccolò Rossi", version: 2 },
      { cookie: portal.cookie },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/scaduto/);
    expect(await t.db.select().from(contracts).where(eq(contracts.estimateId, e.id))).toEqual([]);
  });

  it("requests changes: activity, admin notification and e-mail to the company", async () => {
    await t.db
      .insert(companySettings)
      .values({ id: 1, email: "ufficio@colmo.example" })
      .onConflictDoUpdate({ target: companySettings.id, set: { email: "ufficio@colmo.example" } });
    const portal = await t.clientUser(privato);
    const h = { cookie: portal.cookie };
    const e = await createOk();
    // A draft does not exist for the client.
    expect(
      (await post(`/api/portal/estimates/${e.id}/request-changes`, { message: "Possiamo togliere il ponteggio?" }, h))
        .statusCode,
    ).toBe(404);
    await post(`/api/estimates/${e.id}/send`);
    const empty = await post(`/api/portal/estimates/${e.id}/request-changes`, { message: "" }, h);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toHaveProperty("message");
    const res = await post(
      `/api/portal/estimates/${e.id}/request-changes`,
      { message: "Possiamo togliere il ponteggio?" },
      h,
    );
    expect(res.statusCode, res.body).toBe(204);
    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.entityId, e.id), eq(notifications.kind, "estimate_changes_requested")));
    expect(notes[0]!.body).toContain("Possiamo togliere il ponteggio?");
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, `Richiesta modifiche al preventivo ${e.number}`));
    expect(mail).toMatchObject({ to: "ufficio@colmo.example" });
    expect(mail!.text).toContain("Possiamo togliere il ponteggio?");
  });
});

describe("estimates: PDF", () => {
  it("prints number, client, every line and the totals; the accepted one shows the signatory", async () => {
    const e = await createOk({
      ...validFixed(),
      items: [
        ...validFixed().items,
        {
          description: "Lattoneria in rame con scossaline, converse e canali di gronda ".repeat(6).trim(),
          quantity: "35",
          unitPrice: "28.40",
          unit: "ml",
        },
      ],
    });
    const res = await t.app.inject({ url: `/api/estimates/${e.id}/pdf`, headers: admin() });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toContain(`Preventivo-${e.number}.pdf`);
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      e.number,
      "Rossi Niccolò",
      "Forlì",
      "Rifacimento manto - tegole portoghesi",
      "Ponteggio perimetrale",
      "Lattoneria in rame con scossaline",
      "5.460,00 €",
      "850,00 €",
      "994,00 €",
      "7.304,00 €",
      "IVA 10%",
      "730,40 €",
      "8.034,40 €",
      "Validità",
      "30 giorni",
      "Accettazione del preventivo",
    ]) {
      expect(text, expected).toContain(expected);
    }
    await post(`/api/estimates/${e.id}/accept`, { signedBy: "Niccolò Rossi", version: e.version });
    const signed = await pdfText(
      (await t.app.inject({ url: `/api/estimates/${e.id}/pdf?download=1`, headers: admin() })).rawPayload,
    );
    expect(signed).toContain("Accettato da: Niccolò Rossi");
    expect(
      (await t.app.inject({ url: "/api/estimates/00000000-0000-4000-8000-000000000000/pdf", headers: admin() }))
        .statusCode,
    ).toBe(404);
  });
});

describe("estimates: numbering under concurrency", () => {
  it.skipIf(!process.env.DATABASE_URL)(
    "50 concurrent creations get 50 unique sequential numbers (PostgreSQL)",
    async () => {
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => create({ ...validFixed(), title: `Concorrente ${i}` })),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
      const numbers = results.map((r) => r.json().number as string);
      expect(new Set(numbers).size).toBe(50);
      const seqs = numbers.map((n) => Number(n.split("-")[2])).sort((a, b) => a - b);
      expect(seqs[49]! - seqs[0]!).toBe(49);
    },
  );
});
