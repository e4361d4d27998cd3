import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIso } from "@domain/dates";
import { companySettings, notifications, outbox, sessions, surveys, users } from "../../db/schema";
import { buildTestApp, type TestApp } from "../../test/app";
import { getSettings } from "../settings/queries";
import { seedPortalWorld, type PortalWorld } from "../../test/fixtures/portal";

let t: TestApp;
let a: PortalWorld;
let b: PortalWorld;
let cookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  a = await seedPortalWorld(t.db, "Alfa");
  b = await seedPortalWorld(t.db, "Beta");
  cookie = (await t.clientUser(a.clientId)).cookie;
  await getSettings(t.db);
  await t.db
    .update(companySettings)
    .set({ email: "ufficio@colmo.it", iban: "IT60X0542811101000000123456", vatNumber: "12345678903" });
});
afterAll(async () => t.close());

const get = (url: string, c = cookie) => t.app.inject({ url, headers: { cookie: c } });
const post = (url: string, payload: object, c = cookie) =>
  t.app.inject({ method: "POST", url, payload, headers: { cookie: c } });

describe("GET /api/portal/dashboard", () => {
  it("counts only the user's client, in SQL: sent and valid estimates, sites in progress, inviata invoices, completed sites", async () => {
    const res = await get("/api/portal/dashboard");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.client).toEqual({ id: a.clientId, name: "Cliente Alfa" });
    expect(body.counters).toEqual({ activeEstimates: 1, sitesInProgress: 1, pendingInvoices: 1, completedProjects: 1 });
    // First 3 sites, work in progress first; drafts never reach the portal.
    expect(body.projects.map((p: { name: string }) => p.name)).toEqual([
      "Cantiere Alfa Tetto",
      "Cantiere Alfa Lucernari",
      "Cantiere Alfa Grondaie",
    ]);
    expect(body.estimates).toHaveLength(2);
    expect(body.estimates.map((e: { status: string }) => e.status)).not.toContain("bozza");
    expect(body.invoices).toHaveLength(2);
    expect(body.invoices.map((i: { status: string }) => i.status)).not.toContain("bozza");
    expect(res.body).not.toContain("Beta");
  });

  it("answers 401 without a session and 403 to an administrator", async () => {
    expect((await t.app.inject({ url: "/api/portal/dashboard" })).statusCode).toBe(401);
    const admin = await get("/api/portal/dashboard", t.admin);
    expect(admin.statusCode).toBe(403);
    expect(admin.json().message).toBe("Area riservata ai clienti");
  });
});

describe("project, estimate and invoice details", () => {
  it("shows a project with its estimate and only the shared photos", async () => {
    const res = await get(`/api/portal/projects/${a.sites.running.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ name: "Cantiere Alfa Tetto", status: "in_corso", progress: 45, notes: "Note Alfa" });
    expect(body.estimate).toEqual({
      id: a.estimates.accepted.id,
      number: a.estimates.accepted.number,
      title: a.estimates.accepted.title,
    });
    expect(body.photos).toEqual([
      expect.objectContaining({ id: a.photos.shared.id, url: `/api/portal/attachments/${a.photos.shared.id}/file` }),
    ]);
    expect(res.body).not.toContain("interna-Alfa");
  });

  it("shows an estimate with lines, validity and whether it can be accepted", async () => {
    const sent = (await get(`/api/portal/estimates/${a.estimates.sent.id}`)).json();
    expect(sent).toMatchObject({
      number: a.estimates.sent.number,
      status: "inviato",
      expired: false,
      canAccept: true,
      grossTotal: "1100.00",
    });
    expect(sent.items).toEqual([
      expect.objectContaining({
        description: "Guaina Alfa",
        quantity: "10.00",
        unitPrice: "100.00",
        totalPrice: "1000.00",
        unit: "mq",
      }),
    ]);
    expect(sent.contractTerms.length).toBeGreaterThan(20);
    expect(sent.client.name).toBe("Cliente Alfa");
    const expired = (await get(`/api/portal/estimates/${a.estimates.expired.id}`)).json();
    expect(expired).toMatchObject({ expired: true, canAccept: false });
    const accepted = (await get(`/api/portal/estimates/${a.estimates.accepted.id}`)).json();
    expect(accepted.canAccept).toBe(false);
  });

  it("hides drafts: a bozza estimate or invoice answers 404", async () => {
    expect((await get(`/api/portal/estimates/${a.estimates.draft.id}`)).statusCode).toBe(404);
    expect((await get(`/api/portal/invoices/${a.invoices.draft.id}`)).statusCode).toBe(404);
  });

  it("lists the client's issued invoices, paged, with X-Total-Count", async () => {
    const res = await get("/api/portal/invoices?limit=1");
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-total-count"]).toBe("2");
    expect(res.json()).toHaveLength(1);
    expect((await get("/api/portal/invoices?limit=500")).statusCode).toBe(400);
  });

  it("gives the payment instructions: IBAN and a bonifico parlante causale for a private client", async () => {
    const res = await get(`/api/portal/invoices/${a.invoices.pending.id}`);
    expect(res.statusCode).toBe(200);
    const { payment, number, issueDate } = res.json();
    const [y, m, d] = issueDate.split("-");
    expect(payment.iban).toBe("IT60X0542811101000000123456");
    expect(payment.taxDeduction).toBe(true);
    expect(payment.causale).toBe(
      `Bonifico relativo a lavori edilizi che danno diritto alla detrazione prevista dall'art. 16-bis del DPR 917/1986 - Pagamento fattura n. ${number} del ${d}/${m}/${y} - C.F. beneficiario della detrazione RSSMRA80A01H501U - P.IVA beneficiario del bonifico 12345678903`,
    );
  });

  it("answers 404 for unknown ids and 400 for malformed ones", async () => {
    expect((await get(`/api/portal/projects/${crypto.randomUUID()}`)).json().message).toBe("Progetto non trovato");
    expect((await get("/api/portal/estimates/abc")).statusCode).toBe(400);
  });
});

describe("POST /api/portal/survey-requests", () => {
  const valid = () => ({
    address: "Via Verdi 3, Monza",
    description: "Infiltrazioni dal tetto",
    preferredDate: addDays(todayIso(), 3),
    preferredTimeSlot: "pomeriggio",
    urgency: "alta",
    notes: "Citofono Rossi",
  });

  it("stores a programmato survey of the user's own client (a clientId in the body is ignored) and notifies the company", async () => {
    const res = await post("/api/portal/survey-requests", { ...valid(), clientId: b.clientId, status: "completato" });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(surveys).where(eq(surveys.id, res.json().id));
    expect(row).toMatchObject({
      clientId: a.clientId,
      status: "programmato",
      date: valid().preferredDate,
      address: "Via Verdi 3, Monza",
      description: "Infiltrazioni dal tetto",
      urgencyLevel: "alta",
      notes: "Citofono Rossi\n\nUrgenza: alta\nFascia oraria preferita: pomeriggio",
    });
    const [bell] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.entityId, row!.id), eq(notifications.kind, "survey_request")));
    expect(bell).toMatchObject({ audience: "admin", link: `/admin/surveys/${row!.id}` });
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, "ufficio@colmo.it"));
    expect(
      mails.some((m) => m.subject === "Richiesta di sopralluogo da Cliente Alfa" && m.text.includes("Via Verdi 3")),
    ).toBe(true);
  });

  it("uses the defaults (mattina, media) and folds notes without a leading blank line when there are none", async () => {
    const res = await post("/api/portal/survey-requests", {
      address: "Via Po 1",
      description: "Grondaia",
      preferredDate: todayIso(),
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(surveys).where(eq(surveys.id, res.json().id));
    expect(row!.notes).toBe("Urgenza: media\nFascia oraria preferita: mattina");
  });

  it.each([
    ["address", { address: "" }],
    ["description", { description: "  " }],
    ["preferredDate", { preferredDate: addDays(todayIso(), -1) }],
    ["preferredDate", { preferredDate: "2026-02-30" }],
    ["preferredTimeSlot", { preferredTimeSlot: "notte" }],
    ["urgency", { urgency: "critica" }],
  ])("refuses a bad %s with 400 and stores nothing", async (field, patch) => {
    const before = await t.db.$count(surveys);
    const res = await post("/api/portal/survey-requests", { ...valid(), ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty(field);
    expect(await t.db.$count(surveys)).toBe(before);
  });

  it("is for client users only", async () => {
    expect((await post("/api/portal/survey-requests", valid(), t.admin)).statusCode).toBe(403);
  });
});

describe("POST /api/portal/information-requests", () => {
  it("notifies and e-mails the company about one of the client's records", async () => {
    const res = await post("/api/portal/information-requests", {
      subject: "Data di inizio",
      message: "Quando iniziano i lavori?",
      entityType: "site",
      entityId: a.sites.running.id,
    });
    expect(res.statusCode).toBe(204);
    const [bell] = await t.db.select().from(notifications).where(eq(notifications.kind, "information_request"));
    expect(bell).toMatchObject({
      title: "Richiesta di informazioni da Cliente Alfa",
      // The office answers from its notification: it opens the stored request (docs/domain/portal.md).
      link: `/admin/information-requests/${bell!.entityId}`,
      entityType: "information_request",
    });
    const mails = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, "Richiesta di informazioni da Cliente Alfa: Data di inizio"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("cantiere Cantiere Alfa Tetto");
  });

  it("refuses an empty message (400) and another client's record (404)", async () => {
    const bad = await post("/api/portal/information-requests", { subject: "X", message: "" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty("message");
    const other = await post("/api/portal/information-requests", {
      subject: "X",
      message: "Y",
      entityType: "invoice",
      entityId: b.invoices.pending.id,
    });
    expect(other.statusCode).toBe(404);
  });
});

describe("portal accounts", () => {
  it("creates an access with a password: the client logs in; a second access is a 409", async () => {
    const c = await seedPortalWorld(t.db, "Gamma");
    const res = await post(
      `/api/clients/${c.clientId}/portal-access`,
      { username: "gamma.cliente", password: "password-gamma-1" },
      t.admin,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: "gamma.cliente", active: true, activationUrl: null });
    await t.login("gamma.cliente", "password-gamma-1");
    const detail = (await get(`/api/clients/${c.clientId}`, t.admin)).json();
    expect(detail.portalAccess).toMatchObject({ username: "gamma.cliente", active: true });
    const again = await post(`/api/clients/${c.clientId}/portal-access`, { username: "altro.nome" }, t.admin);
    expect(again.statusCode).toBe(409);
  });

  it("refuses a taken user name (409, field named), a short password (400) and an unknown client (404)", async () => {
    const c = await seedPortalWorld(t.db, "Delta");
    const taken = await post(`/api/clients/${c.clientId}/portal-access`, { username: "GAMMA.cliente" }, t.admin);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toHaveProperty("username");
    const short = await post(
      `/api/clients/${c.clientId}/portal-access`,
      { username: "delta", password: "corta" },
      t.admin,
    );
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toHaveProperty("password");
    expect(
      (await post(`/api/clients/${crypto.randomUUID()}/portal-access`, { username: "nessuno" }, t.admin)).statusCode,
    ).toBe(404);
  });

  it("without a password returns a one-time link once, e-mails it, and the link sets the password once", async () => {
    const c = await seedPortalWorld(t.db, "Epsilon");
    const res = await post(
      `/api/clients/${c.clientId}/portal-access`,
      { username: "epsilon", sendEmail: true },
      t.admin,
    );
    expect(res.statusCode).toBe(201);
    const { activationUrl, emailedTo } = res.json();
    expect(activationUrl).toMatch(/\/portal\/activate\?token=/);
    expect(emailedTo).toBe("epsilon@example.it");
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, "epsilon@example.it"));
    // The link reaches the client only: the outbox keeps the message redacted (issue 26).
    expect(mail!.text).not.toContain(activationUrl);
    expect(mail!.text).toContain("[link riservato al destinatario]");
    const token = decodeURIComponent(new URL(activationUrl).searchParams.get("token")!);
    // Only a hash is stored.
    const [user] = await t.db.select().from(users).where(eq(users.username, "epsilon"));
    expect(user!.inviteTokenHash).not.toBe(token);
    expect(user!.passwordHash).toBeNull();

    const check = await t.app.inject({ method: "POST", url: "/api/auth/activate/check", payload: { token } });
    expect(check.json()).toEqual({ username: "epsilon", clientName: "Cliente Epsilon", role: "client" });
    const weak = await t.app.inject({
      method: "POST",
      url: "/api/auth/activate",
      payload: { token, password: "corta" },
    });
    expect(weak.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: "POST",
      url: "/api/auth/activate",
      payload: { token, password: "Gronda-Nuova-Lamiera-1" },
    });
    expect(ok.statusCode).toBe(200);
    await t.login("epsilon", "Gronda-Nuova-Lamiera-1");
    const reuse = await t.app.inject({
      method: "POST",
      url: "/api/auth/activate",
      payload: { token, password: "Gronda-Nuova-Lamiera-2" },
    });
    expect(reuse.statusCode).toBe(404);
    expect(reuse.json().message).toMatch(/Link non valido o scaduto/);
  });

  it("an expired link does not work", async () => {
    const c = await seedPortalWorld(t.db, "Zeta");
    const { activationUrl } = (
      await post(`/api/clients/${c.clientId}/portal-access`, { username: "zeta" }, t.admin)
    ).json();
    const token = new URL(activationUrl).searchParams.get("token")!;
    await t.db
      .update(users)
      .set({ inviteExpiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(users.username, "zeta"));
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/auth/activate",
          payload: { token, password: "password-zeta-12" },
        })
      ).statusCode,
    ).toBe(404);
  });

  it("reset gives a new password and ends open sessions; disable stops the login and kills its sessions", async () => {
    const c = await seedPortalWorld(t.db, "Eta");
    await post(
      `/api/clients/${c.clientId}/portal-access`,
      { username: "eta", password: "Coppo-Verde-Camino-01" },
      t.admin,
    );
    const session = await t.login("eta", "Coppo-Verde-Camino-01");
    const reset = await post(
      `/api/clients/${c.clientId}/portal-access/reset`,
      { password: "Coppo-Verde-Camino-02" },
      t.admin,
    );
    expect(reset.statusCode).toBe(200);
    expect((await get("/api/auth/me", session)).statusCode).toBe(401);
    await expect(t.login("eta", "Coppo-Verde-Camino-01")).rejects.toThrow();
    const second = await t.login("eta", "Coppo-Verde-Camino-02");

    const off = await t.app.inject({
      method: "DELETE",
      url: `/api/clients/${c.clientId}/portal-access`,
      headers: { cookie: t.admin },
    });
    expect(off.statusCode).toBe(204);
    expect((await get("/api/auth/me", second)).statusCode).toBe(401);
    const [user] = await t.db.select().from(users).where(eq(users.username, "eta"));
    expect(user!.active).toBe(false);
    expect(await t.db.$count(sessions, eq(sessions.userId, user!.id))).toBe(0);
    await expect(t.login("eta", "Coppo-Verde-Camino-02")).rejects.toThrow();
    expect((await get(`/api/clients/${c.clientId}`, t.admin)).json().portalAccess.active).toBe(false);
    // Reset re-enables it.
    await post(`/api/clients/${c.clientId}/portal-access/reset`, { password: "Coppo-Verde-Camino-03" }, t.admin);
    await t.login("eta", "Coppo-Verde-Camino-03");
  });

  it("is for administrators only; a client without access answers 404 to reset and disable", async () => {
    expect((await post(`/api/clients/${a.clientId}/portal-access/reset`, {}, cookie)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/clients/${a.clientId}/portal-access`, headers: { cookie } }))
        .statusCode,
    ).toBe(403);
    const c = await seedPortalWorld(t.db, "Theta");
    expect((await post(`/api/clients/${c.clientId}/portal-access/reset`, {}, t.admin)).statusCode).toBe(404);
  });
});
