import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIso } from "@domain/dates";
import { estimates, surveys } from "../../db/schema";
import { buildTestApp, type TestApp } from "../../test/app";
import { seedPortalWorld, type PortalWorld } from "../../test/fixtures/portal";

// Client A logs in and tries every portal and client-reachable route with client B's ids:
// each answers 403 or 404, and nothing of B shows up in any body, count or file.
let t: TestApp;
let a: PortalWorld;
let b: PortalWorld;
let cookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  a = await seedPortalWorld(t.db, "Alfa");
  b = await seedPortalWorld(t.db, "Beta");
  cookie = (await t.clientUser(a.clientId)).cookie;
});
afterAll(async () => t.close());

/** Everything that identifies client B: its name and every id and number of its records. */
function secretsOf(w: PortalWorld) {
  return [
    w.client.name,
    w.clientId,
    ...Object.values(w.estimates).flatMap((e) => [e.id, e.number]),
    w.contract.id,
    w.contract.number,
    ...Object.values(w.sites).flatMap((s) => [s.id, s.name]),
    ...Object.values(w.invoices).flatMap((i) => (i.number ? [i.id, i.number] : [i.id])),
    ...Object.values(w.photos).flatMap((p) => [p.id, p.fileName]),
  ];
}

function expectNothingOf(body: string, what: string) {
  // The 404 body may echo nothing but a message; B's ids appear only in the URL we sent.
  for (const secret of secretsOf(b)) expect(body.includes(secret), `${what} leaks ${secret}`).toBe(false);
}

const call = (method: "GET" | "POST" | "PUT" | "DELETE" | "PATCH", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe("client A with client B's ids", () => {
  const detailRoutes = (): [string, string, object?][] => [
    ["GET", `/api/portal/projects/${b.sites.running.id}`],
    ["GET", `/api/portal/estimates/${b.estimates.sent.id}`],
    ["GET", `/api/portal/invoices/${b.invoices.pending.id}`],
    ["GET", `/api/portal/estimates/${b.estimates.sent.id}/pdf`],
    ["GET", `/api/portal/invoices/${b.invoices.pending.id}/pdf`],
    ["GET", `/api/portal/attachments/${b.photos.shared.id}/file`],
    ["POST", `/api/portal/estimates/${b.estimates.sent.id}/accept`, { signedBy: "Mario Alfa", version: 1 }],
    ["POST", `/api/portal/estimates/${b.estimates.sent.id}/request-changes`, { message: "Più economico" }],
    ["GET", `/api/clients/${b.clientId}`],
    ["GET", `/api/estimates/${b.estimates.sent.id}`],
    ["GET", `/api/estimates/${b.estimates.sent.id}/pdf`],
    ["GET", `/api/estimates/${b.estimates.accepted.id}/pdf?download=1`],
    ["GET", `/api/construction-sites/${b.sites.running.id}`],
    ["GET", `/api/contracts/${b.contract.id}`],
    ["GET", `/api/contracts/${b.contract.id}/pdf`],
    ["GET", `/api/invoices/${b.invoices.pending.id}`],
    ["GET", `/api/invoices/${b.invoices.pending.id}/pdf`],
    ["GET", `/api/invoices/${b.invoices.pending.id}/fatturapa`],
    ["GET", `/api/attachments/${b.photos.shared.id}/file`],
    ["POST", `/api/estimates/${b.estimates.sent.id}/accept`, { signedBy: "Mario Alfa" }],
    ["POST", `/api/estimates/${b.estimates.sent.id}/request-changes`, { message: "Più economico" }],
    ["POST", `/api/estimates/${b.estimates.sent.id}/reject`, {}],
    ["POST", `/api/estimates/${b.estimates.sent.id}/send`, {}],
    ["PUT", `/api/estimates/${b.estimates.sent.id}`, {}],
    ["DELETE", `/api/estimates/${b.estimates.draft.id}`],
    ["PUT", `/api/construction-sites/${b.sites.running.id}`, {}],
    ["DELETE", `/api/construction-sites/${b.sites.planned.id}`],
    ["POST", `/api/invoices/${b.invoices.pending.id}/pay`, { paidDate: todayIso() }],
    ["POST", `/api/contracts/${b.contract.id}/sign`, {}],
    ["PATCH", `/api/attachments/${b.photos.private.id}`, { sharedWithClient: true }],
    ["DELETE", `/api/attachments/${b.photos.shared.id}`],
    ["PUT", `/api/clients/${b.clientId}`, {}],
    ["DELETE", `/api/clients/${b.clientId}`],
    ["POST", `/api/clients/${b.clientId}/portal-access`, { username: "intruso", password: "Lucernario-Zinco-Q9" }],
    ["POST", `/api/clients/${b.clientId}/portal-access/reset`, { password: "Lucernario-Zinco-Q9" }],
    ["DELETE", `/api/clients/${b.clientId}/portal-access`],
    ["POST", "/api/portal/information-requests", { subject: "X", message: "Y", entityType: "site", entityId: b.sites.running.id }],
    ["POST", "/api/portal/information-requests", { subject: "X", message: "Y", entityType: "estimate", entityId: b.estimates.sent.id }],
    ["POST", "/api/portal/information-requests", { subject: "X", message: "Y", entityType: "invoice", entityId: b.invoices.pending.id }],
  ];

  it("answers 403 or 404 on every record route and leaks nothing", async () => {
    for (const [method, url, payload] of detailRoutes()) {
      const res = await call(method as "GET", url, payload);
      expect([403, 404], `${method} ${url} → ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      expectNothingOf(res.body, `${method} ${url}`);
      expect(res.headers["content-type"] ?? "").not.toContain("application/pdf");
    }
  });

  it("changed nothing of B", async () => {
    const [sent] = await t.db.select().from(estimates).where(eq(estimates.id, b.estimates.sent.id));
    expect(sent).toMatchObject({ status: "inviato", acceptedBy: null });
  });

  it("lists, counters and the dashboard hold only A's records", async () => {
    const lists = [
      "/api/portal/dashboard",
      "/api/portal/invoices",
      "/api/portal/notifications",
      "/api/estimates",
      "/api/construction-sites",
      "/api/contracts",
      "/api/invoices",
      "/api/surveys",
      "/api/clients",
      "/api/contacts",
      `/api/estimate-items?estimateId=${b.estimates.sent.id}`,
      `/api/attachments?entityType=site&entityId=${b.sites.running.id}`,
      "/api/activity",
      "/api/notifications",
      "/api/dashboard",
    ];
    for (const url of lists) {
      const res = await call("GET", url);
      expect([200, 403, 404], `${url} → ${res.statusCode}`).toContain(res.statusCode);
      expectNothingOf(res.body, url);
      if (res.statusCode === 200 && res.headers["x-total-count"] !== undefined && url === "/api/portal/invoices") {
        expect(res.headers["x-total-count"]).toBe("2");
      }
    }
  });

  it("a clientId in a survey request is ignored: the survey is A's", async () => {
    const res = await call("POST", "/api/portal/survey-requests", {
      clientId: b.clientId,
      address: "Via Alfa 2",
      description: "Tegole rotte",
      preferredDate: addDays(todayIso(), 1),
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(surveys).where(eq(surveys.id, res.json().id));
    expect(row!.clientId).toBe(a.clientId);
  });

  it("A's own records still answer (the checks above are not vacuous)", async () => {
    expect((await call("GET", `/api/portal/projects/${a.sites.running.id}`)).statusCode).toBe(200);
    expect((await call("GET", `/api/portal/estimates/${a.estimates.sent.id}`)).statusCode).toBe(200);
    expect((await call("GET", `/api/portal/invoices/${a.invoices.pending.id}`)).statusCode).toBe(200);
    const pdf = await call("GET", `/api/portal/estimates/${a.estimates.sent.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toContain("application/pdf");
  });

  it("the office's routes are closed to a client even for its own records (403)", async () => {
    expect((await call("GET", `/api/estimates/${a.estimates.sent.id}`)).statusCode).toBe(403);
    expect((await call("GET", `/api/estimates/${a.estimates.sent.id}/pdf`)).statusCode).toBe(403);
    expect((await call("GET", `/api/invoices/${a.invoices.pending.id}/pdf`)).statusCode).toBe(403);
    expect((await call("GET", `/api/attachments/${a.photos.shared.id}/file`)).statusCode).toBe(403);
  });
});
