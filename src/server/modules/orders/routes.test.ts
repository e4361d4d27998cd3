import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, constructionSites, estimates, orderItems, orders, outbox, suppliers } from "../../db/schema";
import { pdfText } from "../../test/extract-text";
import { buildTestApp, type TestApp } from "../../test/app";

let t: TestApp;
let supplierId: string;
let siteId: string;
beforeAll(async () => {
  t = await buildTestApp();
  const [s] = await t.db
    .insert(suppliers)
    .values({ name: "Laterizi Padani S.r.l.", city: "Cremona", email: "ordini@laterizi.it", contactPerson: "Paolo Ferrari" })
    .returning();
  supplierId = s!.id;
  const [c] = await t.db.insert(clients).values({ name: "Condominio Aurora", type: "condominio", address: "Via Roma 1" }).returning();
  const [e] = await t.db
    .insert(estimates)
    .values({ number: "PRV-2026-900", clientId: c!.id, title: "Tetto", description: "Rifacimento", expiresAt: "2026-12-31", status: "accettato" })
    .returning();
  const [site] = await t.db.insert(constructionSites).values({ estimateId: e!.id, name: "Cantiere Aurora", address: "Via Roma 1, Milano" }).returning();
  siteId = site!.id;
});
afterAll(async () => t.close());

const body = (extra: Record<string, unknown> = {}) => ({
  supplierId,
  title: "Coppi e listelli",
  orderDate: "2026-03-10",
  expectedDeliveryDate: "2026-03-20",
  items: [
    { description: "Coppi portoghesi", quantity: "120", unitPrice: "1.35" },
    { description: "Listelli abete 3x5", quantity: "2,5", unit: "ml", unitPrice: "0.99", notes: "Trattati" },
  ],
  ...extra,
});
const admin = () => ({ cookie: t.admin });
const create = (payload: Record<string, unknown>) => t.app.inject({ method: "POST", url: "/api/orders", headers: admin(), payload });
const act = (id: string, action: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: `/api/orders/${id}/${action}`, headers: admin(), payload: payload ?? {} });
const orderCount = async () => (await t.db.select({ n: count() }).from(orders))[0]!.n;

describe("orders API", () => {
  it("answers 401 without a session and 403 to a portal client", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    const routes = [
      ["GET", "/api/orders"],
      ["GET", `/api/orders/${id}`],
      ["POST", "/api/orders"],
      ["PUT", `/api/orders/${id}`],
      ["DELETE", `/api/orders/${id}`],
      ["POST", `/api/orders/${id}/send`],
      ["POST", `/api/orders/${id}/confirm`],
      ["GET", `/api/orders/${id}/pdf`],
      ["GET", "/api/order-items"],
      ["POST", "/api/order-items"],
      ["DELETE", `/api/order-items/${id}`],
    ] as const;
    for (const [method, url] of routes) {
      expect((await t.app.inject({ method, url, payload: method === "POST" || method === "PUT" ? {} : undefined })).statusCode, `${method} ${url}`).toBe(401);
    }
    const portal = await t.clientUser();
    for (const [method, url] of routes) {
      const res = await t.app.inject({ method, url, headers: { cookie: portal.cookie }, payload: method === "POST" || method === "PUT" ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it("creates an order with a server number, line totals and total, in bozza", async () => {
    const res = await create(body({ constructionSiteId: siteId, status: "ricevuto", totalAmount: "1.00", number: "HACK" }));
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({
      number: "ORD-2026-001",
      status: "bozza",
      totalAmount: "164.48",
      supplierName: "Laterizi Padani S.r.l.",
      constructionSiteName: "Cantiere Aurora",
      version: 1,
    });
    const detail = (await t.app.inject({ url: `/api/orders/${order.id}`, headers: admin() })).json();
    expect(detail.items.map((i: { totalPrice: string; unit: string; position: number }) => [i.position, i.unit, i.totalPrice])).toEqual([
      [0, "pz", "162.00"],
      [1, "ml", "2.48"],
    ]);
    expect(detail.supplier).toMatchObject({ name: "Laterizi Padani S.r.l.", email: "ordini@laterizi.it" });
    expect(detail.constructionSite).toMatchObject({ name: "Cantiere Aurora" });
    const second = (await create(body())).json();
    expect(second.number).toBe("ORD-2026-002");
    expect(second.constructionSiteId).toBeNull();
  });

  it("rejects invalid input with 400 naming the field, storing neither order nor lines", async () => {
    const before = await orderCount();
    const itemsBefore = (await t.db.select({ n: count() }).from(orderItems))[0]!.n;
    const cases: [Record<string, unknown>, string][] = [
      [body({ supplierId: "" }), "supplierId"],
      [body({ title: "" }), "title"],
      [body({ orderDate: "10/03/2026" }), "orderDate"],
      [body({ expectedDeliveryDate: "2026-03-01" }), "expectedDeliveryDate"],
      [body({ items: [] }), "items"],
      [body({ items: [{ description: "", quantity: "1", unitPrice: "1" }] }), "items.0.description"],
      [body({ items: [{ description: "X", quantity: "0", unitPrice: "1" }] }), "items.0.quantity"],
      [body({ items: [{ description: "X", quantity: "1", unitPrice: "abc" }] }), "items.0.unitPrice"],
      [body({ constructionSiteId: "nope" }), "constructionSiteId"],
      [body({ supplierId: "00000000-0000-4000-8000-000000000000" }), "supplierId"],
      [body({ constructionSiteId: "00000000-0000-4000-8000-000000000000" }), "constructionSiteId"],
    ];
    for (const [payload, field] of cases) {
      const res = await create(payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors, field).toHaveProperty(field);
    }
    expect(await orderCount()).toBe(before);
    expect((await t.db.select({ n: count() }).from(orderItems))[0]!.n).toBe(itemsBefore);
  });

  it("takes only active suppliers (409 naming the field)", async () => {
    const [inactive] = await t.db.insert(suppliers).values({ name: "Sospeso S.p.A.", city: "Lodi", status: "sospeso" }).returning();
    const res = await create(body({ supplierId: inactive!.id }));
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toHaveProperty("supplierId");
  });

  it("replaces the lines of a draft on update with the version it read; stale 409", async () => {
    const order = (await create(body())).json();
    const put = (payload: Record<string, unknown>) => t.app.inject({ method: "PUT", url: `/api/orders/${order.id}`, headers: admin(), payload });
    const ok = await put(body({ title: "Solo coppi", items: [{ description: "Coppi", quantity: "10", unitPrice: "2" }], version: 1 }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ title: "Solo coppi", totalAmount: "20.00", version: 2, number: order.number });
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items).toHaveLength(1);
    const stale = await put(body({ version: 1 }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors).toHaveProperty("version");
    expect((await put(body({ version: "x" }))).statusCode).toBe(400);
  });

  it("walks the lifecycle: send e-mails the PDF to the outbox, then confirm, receive; illegal steps are 409", async () => {
    const order = (await create(body({ constructionSiteId: siteId }))).json();
    expect((await act(order.id, "confirm")).statusCode).toBe(409);
    expect((await act(order.id, "receive")).json().message).toContain("Solo un ordine confermato");

    const sent = await act(order.id, "send", { version: 1 });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ status: "inviato", version: 2 });
    expect(sent.json().sentAt).toBeTruthy();
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, "ordini@laterizi.it"));
    expect(mail!.subject).toContain(order.number);
    expect(mail!.text).toContain("Cantiere Aurora");
    expect(mail!.attachments).toEqual([expect.objectContaining({ fileName: `Ordine-${order.number}.pdf`, mimeType: "application/pdf" })]);

    expect((await act(order.id, "send")).statusCode).toBe(409);
    const editSent = await t.app.inject({ method: "PUT", url: `/api/orders/${order.id}`, headers: admin(), payload: body({ version: 2 }) });
    expect(editSent.statusCode).toBe(409);
    expect(editSent.json().message).toContain("Solo gli ordini in bozza");

    expect((await act(order.id, "confirm", { version: 1 })).statusCode).toBe(409); // stale
    expect((await act(order.id, "confirm")).json()).toMatchObject({ status: "confermato" });
    expect((await t.app.inject({ url: "/api/orders?status=confermato", headers: admin() })).json().map((o: { id: string }) => o.id)).toContain(order.id);
    const received = (await act(order.id, "receive")).json();
    expect(received).toMatchObject({ status: "ricevuto" });
    expect(received.receivedAt).toBeTruthy();
    expect((await act(order.id, "cancel")).statusCode).toBe(409);
    const refused = await t.app.inject({ method: "DELETE", url: `/api/orders/${order.id}`, headers: admin() });
    expect(refused.statusCode).toBe(409);
  });

  it("refuses to send when the supplier has no e-mail, and cancels from an open state", async () => {
    const [noMail] = await t.db.insert(suppliers).values({ name: "Senza Mail", city: "Lodi" }).returning();
    const order = (await create(body({ supplierId: noMail!.id }))).json();
    const res = await act(order.id, "send");
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain("non ha un indirizzo e-mail");
    const cancelled = (await act(order.id, "cancel")).json();
    expect(cancelled).toMatchObject({ status: "annullato" });
    expect((await act(order.id, "send")).statusCode).toBe(409);
    expect((await t.app.inject({ method: "DELETE", url: `/api/orders/${order.id}`, headers: admin() })).statusCode).toBe(204);
    expect((await act("00000000-0000-4000-8000-000000000000", "cancel")).statusCode).toBe(404);
  });

  it("renders the order PDF with supplier, delivery site, lines and total", async () => {
    const order = (await create(body({ constructionSiteId: siteId, notes: "Scaricare con gru" }))).json();
    const res = await t.app.inject({ url: `/api/orders/${order.id}/pdf`, headers: admin() });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toContain(`Ordine-${order.number}.pdf`);
    const text = await pdfText(res.rawPayload);
    for (const expected of [`Ordine ${order.number}`, "Laterizi Padani S.r.l.", "Cantiere Aurora", "Coppi portoghesi", "162,00 €", "164,48 €", "Scaricare con gru"]) {
      expect(text).toContain(expected);
    }
    expect((await t.app.inject({ url: "/api/orders/00000000-0000-4000-8000-000000000000/pdf", headers: admin() })).statusCode).toBe(404);
  });

  it("deletes a draft with its lines, refuses one attached to an estimate", async () => {
    const order = (await create(body())).json();
    const [c] = await t.db.select().from(clients).limit(1);
    await t.db.insert(estimates).values({ number: "PRV-2026-901", clientId: c!.id, title: "T", description: "D", expiresAt: "2026-12-31", orderId: order.id });
    const refused = await t.app.inject({ method: "DELETE", url: `/api/orders/${order.id}`, headers: admin() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain("PRV-2026-901");

    const lone = (await create(body())).json();
    expect((await t.app.inject({ method: "DELETE", url: `/api/orders/${lone.id}`, headers: admin() })).statusCode).toBe(204);
    expect(await t.db.select().from(orderItems).where(eq(orderItems.orderId, lone.id))).toEqual([]);
    expect((await t.app.inject({ method: "DELETE", url: `/api/orders/${lone.id}`, headers: admin() })).statusCode).toBe(404);
  });

  it("lists with search, filters by status, supplier and site, sorts and pages", async () => {
    const list = (qs: string) => t.app.inject({ url: `/api/orders?${qs}`, headers: admin() });
    const bySite = await list(`constructionSiteId=${siteId}`);
    expect(bySite.statusCode).toBe(200);
    expect(bySite.json().every((o: { constructionSiteName: string }) => o.constructionSiteName === "Cantiere Aurora")).toBe(true);
    const all = await list(`supplierId=${supplierId}&limit=2&sort=number`);
    const total = Number(all.headers["x-total-count"]);
    expect(total).toBeGreaterThan(4);
    expect(all.json().map((o: { number: string }) => o.number)).toEqual(["ORD-2026-001", "ORD-2026-002"]);
    expect(Number((await list("q=laterizi")).headers["x-total-count"])).toBe(total);
    expect((await list("q=ORD-2026-001")).json().map((o: { number: string }) => o.number)).toEqual(["ORD-2026-001"]);
    expect(Number((await list("q=cantiere aurora")).headers["x-total-count"])).toBeGreaterThan(0);
    expect((await list("status=ricevuto")).json().every((o: { status: string }) => o.status === "ricevuto")).toBe(true);
    expect((await list("status=spedito")).statusCode).toBe(400);
    expect((await list("supplierId=abc")).statusCode).toBe(400);
    expect((await list("limit=201")).statusCode).toBe(400);
  });

  it("edits one line of a draft through /api/order-items and keeps the total in step", async () => {
    const order = (await create(body())).json();
    const items = await t.app.inject({ url: `/api/order-items?orderId=${order.id}`, headers: admin() });
    expect(items.json()).toHaveLength(2);
    const added = await t.app.inject({
      method: "POST",
      url: "/api/order-items",
      headers: admin(),
      payload: { orderId: order.id, description: "Colmi", quantity: "4", unitPrice: "3.50" },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ totalPrice: "14.00", position: 2, unit: "pz" });
    const total = async () => (await t.app.inject({ url: `/api/orders/${order.id}`, headers: admin() })).json().totalAmount;
    expect(await total()).toBe("178.48");
    const changed = await t.app.inject({
      method: "PUT",
      url: `/api/order-items/${added.json().id}`,
      headers: admin(),
      payload: { description: "Colmi", quantity: "2", unitPrice: "3.50" },
    });
    expect(changed.json().totalPrice).toBe("7.00");
    expect(await total()).toBe("171.48");
    expect((await t.app.inject({ method: "DELETE", url: `/api/order-items/${added.json().id}`, headers: admin() })).statusCode).toBe(204);
    expect(await total()).toBe("164.48");
    const bad = await t.app.inject({ method: "POST", url: "/api/order-items", headers: admin(), payload: { orderId: order.id, description: "", quantity: "1", unitPrice: "1" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty("description");

    await act(order.id, "send");
    const locked = await t.app.inject({
      method: "POST",
      url: "/api/order-items",
      headers: admin(),
      payload: { orderId: order.id, description: "Tardi", quantity: "1", unitPrice: "1" },
    });
    expect(locked.statusCode).toBe(409);
    const unfiltered = await t.app.inject({ url: "/api/order-items?limit=3", headers: admin() });
    expect(unfiltered.json()).toHaveLength(3);
    expect(Number(unfiltered.headers["x-total-count"])).toBeGreaterThan(3);
  });
});
