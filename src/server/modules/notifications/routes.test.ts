import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIso } from "@domain/dates";
import type { Notification } from "@domain/notifications";
import { complianceDocuments, estimates, invoices } from "../../db/schema";
import { buildTestApp, type TestApp } from "../../test/app";
import { insertClient, insertContract, insertEstimate, insertInvoice, insertSite } from "../../test/fixtures/dashboard";
import { notify } from "./notify";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const today = todayIso();
/** The office's bell for the admin; a portal client's bell lives under /api/portal (docs/domain/portal.md). */
const bell = (cookie: string) => (cookie === t.admin ? "/api/notifications" : "/api/portal/notifications");
const list = async (cookie: string) => {
  const res = await t.app.inject({ url: bell(cookie), headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as { unread: number; items: Notification[] };
};
const titles = (l: { items: Notification[] }) => l.items.map((n) => n.title).sort();

describe("notifications API", () => {
  it("needs a session; mark-read of an unknown id is 404", async () => {
    expect((await t.app.inject({ url: "/api/notifications" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: "/api/notifications/read-all" })).statusCode).toBe(401);
    const missing = await t.app.inject({
      method: "POST",
      url: "/api/notifications/00000000-0000-4000-8000-000000000000/read",
      headers: { cookie: t.admin },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Notifica non trovata");
    const badId = await t.app.inject({
      method: "POST",
      url: "/api/notifications/abc/read",
      headers: { cookie: t.admin },
    });
    expect(badId.statusCode).toBe(400);
  });

  it("derives overdue invoices, late sites and expiring estimates, at their exact edges", async () => {
    const client = await insertClient(t.db, "Rossi Derivati");
    const accepted = await insertEstimate(t.db, { clientId: client.id, status: "accettato" });
    const contract = await insertContract(t.db, accepted.id);
    await insertInvoice(t.db, {
      contractId: contract.id,
      amount: "100.00",
      issueDate: addDays(today, -40),
      dueDate: addDays(today, -1),
      status: "inviata",
    });
    await insertInvoice(t.db, {
      contractId: contract.id,
      amount: "200.00",
      issueDate: addDays(today, -40),
      dueDate: today,
      status: "inviata",
    }); // due today: on time
    await insertInvoice(t.db, {
      contractId: contract.id,
      amount: "300.00",
      issueDate: addDays(today, -40),
      dueDate: addDays(today, -5),
      status: "pagata",
      paidDate: today,
    });
    const late = await insertSite(t.db, {
      estimateId: accepted.id,
      name: "Tetto Via Po",
      status: "in_corso",
      estimatedEndDate: addDays(today, -1),
    });
    // Its safety papers are in order: only the rules under test notify.
    await t.db.insert(complianceDocuments).values({ constructionSiteId: late.id, kind: "pos", title: "POS" });
    await insertSite(t.db, {
      estimateId: accepted.id,
      name: "Tetto finito",
      status: "completato",
      estimatedEndDate: addDays(today, -10),
    });
    const onTime = await insertSite(t.db, {
      estimateId: accepted.id,
      name: "Tetto in orario",
      status: "in_corso",
      estimatedEndDate: today,
    });
    // Its safety papers are in order: only the rules under test notify.
    await t.db.insert(complianceDocuments).values({ constructionSiteId: onTime.id, kind: "pos", title: "POS" });
    await insertEstimate(t.db, {
      clientId: client.id,
      status: "inviato",
      expiresAt: addDays(today, 7),
      title: "Sette giorni",
    });
    await insertEstimate(t.db, {
      clientId: client.id,
      status: "inviato",
      expiresAt: addDays(today, 8),
      title: "Otto giorni",
    });
    await insertEstimate(t.db, { clientId: client.id, status: "inviato", expiresAt: today, title: "Scade oggi" });
    await insertEstimate(t.db, { clientId: client.id, status: "bozza", expiresAt: addDays(today, 3), title: "Bozza" });

    const first = await list(t.admin);
    expect(first.unread).toBe(3);
    expect(first.items.map((n) => n.kind).sort()).toEqual(["estimate_expiring", "invoice_overdue", "site_late"]);
    const overdue = first.items.find((n) => n.kind === "invoice_overdue")!;
    expect(overdue.title).toMatch(/^Fattura scaduta: FAT-T-/);
    expect(overdue.body).toContain("100,00 €");
    expect(overdue.link).toBe(`/admin/invoices/${overdue.entityId}`);
    expect(first.items.find((n) => n.kind === "site_late")!.title).toBe("Cantiere in ritardo: Tetto Via Po");
    expect(first.items.find((n) => n.kind === "estimate_expiring")!.body).toContain("Sette giorni");

    // Reading again does not duplicate them.
    expect((await list(t.admin)).items).toHaveLength(3);

    // Marked read stays read while the condition lasts; a paid invoice loses its notification.
    const read = await t.app.inject({
      method: "POST",
      url: `/api/notifications/${overdue.id}/read`,
      headers: { cookie: t.admin },
    });
    expect(read.statusCode).toBe(204);
    const after = await list(t.admin);
    expect(after.unread).toBe(2);
    expect(after.items.find((n) => n.id === overdue.id)!.readAt).not.toBeNull();
    await t.db.update(invoices).set({ status: "pagata", paidDate: today }).where(eq(invoices.id, overdue.entityId!));
    const paid = await list(t.admin);
    expect(paid.items.some((n) => n.kind === "invoice_overdue")).toBe(false);
    expect(paid.unread).toBe(2);
  });

  it("lists stored notifications from notify(), unread first, and marks all read", async () => {
    const client = await insertClient(t.db);
    await t.db.transaction(async (tx) => {
      await notify(tx, {
        kind: "survey_request",
        title: "Nuova richiesta di sopralluogo",
        body: "Via Roma 1",
        link: "/admin/surveys/x",
        entityType: "survey",
      });
      await notify(tx, { kind: "estimate_accepted", title: "Preventivo accettato", clientId: client.id });
    });
    const before = await list(t.admin);
    // The derived ones of the previous test come back on read; the stored ones are listed with them.
    expect(titles(before)).toEqual(expect.arrayContaining(["Nuova richiesta di sopralluogo", "Preventivo accettato"]));
    expect(before.items.slice(0, before.unread).every((n) => n.readAt === null)).toBe(true);
    expect(before.unread).toBe(4);
    const all = await t.app.inject({
      method: "POST",
      url: "/api/notifications/read-all",
      headers: { cookie: t.admin },
    });
    expect(all.statusCode).toBe(204);
    const after = await list(t.admin);
    expect(after.unread).toBe(0);
    expect(after.items.every((n) => n.readAt)).toBe(true);
  });

  it("keeps each portal client's bell separate from the admin's and from other clients'", async () => {
    const mine = await t.clientUser();
    const theirs = await t.clientUser();
    await notify(t.db, {
      kind: "estimate_sent",
      title: "Nuovo preventivo per te",
      audience: "client",
      clientId: mine.clientId,
    });
    await notify(t.db, {
      kind: "estimate_sent",
      title: "Preventivo altrui",
      audience: "client",
      clientId: theirs.clientId,
    });
    await notify(t.db, { kind: "survey_request", title: "Solo admin" });
    const own = await insertEstimate(t.db, {
      clientId: mine.clientId,
      status: "inviato",
      expiresAt: addDays(today, 2),
      title: "Mio",
    });
    await insertEstimate(t.db, {
      clientId: theirs.clientId,
      status: "inviato",
      expiresAt: addDays(today, 2),
      title: "Altrui",
    });

    const bell = await list(mine.cookie);
    expect(titles(bell)).toEqual(["Nuovo preventivo per te", `Preventivo in scadenza: ${own.number}`]);
    expect(bell.items.find((n) => n.kind === "estimate_expiring")!.link).toBe(`/client/estimates/${own.id}`);

    const adminItem = (await list(t.admin)).items.find((n) => n.title === "Solo admin")!;
    const foreign = await t.app.inject({
      method: "POST",
      url: `/api/portal/notifications/${adminItem.id}/read`,
      headers: { cookie: mine.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    // The office's bell is closed to a client.
    for (const [method, url] of [
      ["GET", "/api/notifications"],
      ["POST", `/api/notifications/${adminItem.id}/read`],
      ["POST", "/api/notifications/read-all"],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: { cookie: mine.cookie } })).statusCode, url).toBe(403);
    }
    expect((await t.app.inject({ url: "/api/portal/notifications", headers: { cookie: t.admin } })).statusCode).toBe(
      403,
    );
    await t.app.inject({ method: "POST", url: "/api/portal/notifications/read-all", headers: { cookie: mine.cookie } });
    expect((await list(mine.cookie)).unread).toBe(0);
    expect((await list(theirs.cookie)).unread).toBe(2);
    expect((await list(t.admin)).items.find((n) => n.id === adminItem.id)!.readAt).toBeNull();
    await t.db.update(estimates).set({ status: "accettato" }).where(eq(estimates.id, own.id));
    expect(titles(await list(mine.cookie))).toEqual(["Nuovo preventivo per te"]);
  });
});
