import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIso } from "@domain/dates";
import { openPostgres, type Db } from "../../db/client";
import {
  activityLog,
  companySettings,
  constructionSites,
  dailyJobRuns,
  outbox,
  orders,
  suppliers,
} from "../../db/schema";
import { buildTestApp, type TestApp } from "../../test/app";
import { withDatabase } from "../../test/global-setup";
import { jpegImage } from "../../test/images";
import { multipart } from "../../test/multipart";
import { insertEstimate } from "../../test/fixtures/contracts";
import { runDailyComplianceSummary } from "./daily";

// Site compliance (docs/domain/sites.md): derived states around the thresholds, the requirement rules,
// the guard on opening a site, the lists and the daily summary. Runs on PGlite and, with
// DATABASE_URL, on PostgreSQL (where the daily summary races two real connection pools).

let t: TestApp;
let tecnico: { cookie: string; userId: string };
beforeAll(async () => {
  t = await buildTestApp();
  tecnico = await t.staffUser("tecnico");
});
afterAll(async () => t.close());

const today = todayIso();
const PDF = Buffer.from("%PDF-1.4\n% POS firmato\n");
let n = 0;

async function site(values: Partial<typeof constructionSites.$inferInsert> = {}) {
  const estimate = await insertEstimate(t.db);
  const [row] = await t.db
    .insert(constructionSites)
    .values({ estimateId: estimate.id, name: `Cantiere ${++n}`, address: `Via Test ${n}`, ...values })
    .returning();
  return row!;
}

async function supplier(isSubcontractor = true) {
  const [row] = await t.db
    .insert(suppliers)
    .values({ name: `Impresa ${++n}`, city: "Monza", isSubcontractor })
    .returning();
  return row!;
}

async function order(siteId: string, supplierId: string, status: "bozza" | "annullato" | "confermato" = "confermato") {
  await t.db
    .insert(orders)
    .values({
      number: `ORD-C-${++n}`,
      supplierId,
      constructionSiteId: siteId,
      title: "Lavori",
      orderDate: today,
      status,
    });
}

const inject = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown, cookie = t.admin) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

const addDoc = async (siteId: string, body: Record<string, unknown>, cookie = t.admin) =>
  inject("POST", `/api/construction-sites/${siteId}/documents`, body, cookie);
const compliance = async (siteId: string, cookie = t.admin) =>
  (await inject("GET", `/api/construction-sites/${siteId}/compliance`, undefined, cookie)).json();
const requirementKinds = async (siteId: string) =>
  (await compliance(siteId)).requirements
    .map((r: { kind: string; supplierName: string | null }) =>
      r.supplierName ? `${r.kind}:${r.supplierName}` : r.kind,
    )
    .sort();

describe("derived states", () => {
  it("a paper is in scadenza within 15 days and on its expiry day itself, scaduto the day after, valido beyond", async () => {
    const s = await site();
    const cases: [string | null, string][] = [
      [addDays(today, 16), "valido"],
      [addDays(today, 15), "in_scadenza"],
      [addDays(today, 1), "in_scadenza"],
      [today, "in_scadenza"],
      [addDays(today, -1), "scaduto"],
      [null, "valido"],
    ];
    for (const [expiresAt, state] of cases) {
      const res = await addDoc(s.id, { kind: "cila", title: `CILA ${expiresAt}`, expiresAt });
      expect(res.statusCode).toBe(201);
      expect(res.json(), `expiresAt ${expiresAt}`).toMatchObject({ state, validUntil: expiresAt, kind: "cila" });
    }
    // The list across sites derives the same states in SQL.
    const listed = (await inject("GET", `/api/compliance?siteId=${s.id}&kind=cila&limit=50`)).json();
    const byDate = Object.fromEntries(
      listed.map((r: { validUntil: string | null; state: string }) => [String(r.validUntil), r.state]),
    );
    for (const [expiresAt, state] of cases) expect(byDate[String(expiresAt)], `list ${expiresAt}`).toBe(state);
  });

  it("a DURC without expiry lasts 120 days from its issue", async () => {
    const s = await site();
    const durc = async (issuedAt: string) =>
      (await addDoc(s.id, { kind: "durc", title: `DURC ${issuedAt}`, issuedAt })).json();
    expect(await durc(addDays(today, -104))).toMatchObject({ validUntil: addDays(today, 16), state: "valido" });
    expect(await durc(addDays(today, -105))).toMatchObject({ validUntil: addDays(today, 15), state: "in_scadenza" });
    expect(await durc(addDays(today, -120))).toMatchObject({ validUntil: today, state: "in_scadenza" });
    expect(await durc(addDays(today, -121))).toMatchObject({ validUntil: addDays(today, -1), state: "scaduto" });
    // An explicit expiry wins over the 120 days.
    const explicit = await addDoc(s.id, {
      kind: "durc",
      title: "DURC con data",
      issuedAt: addDays(today, -200),
      expiresAt: addDays(today, 30),
    });
    expect(explicit.json()).toMatchObject({ validUntil: addDays(today, 30), state: "valido" });
  });
});

describe("requirements", () => {
  it("POS always; PSC, notifica and each subcontractor's DURC and idoneità with a subcontractor; PIMUS with scaffolding", async () => {
    const s = await site();
    expect(await requirementKinds(s.id)).toEqual(["pos"]);
    // A plain supplier (materials) and a cancelled subcontract bring no second firm.
    await order(s.id, (await supplier(false)).id);
    await order(s.id, (await supplier(true)).id, "annullato");
    expect(await requirementKinds(s.id)).toEqual(["pos"]);
    const sub = await supplier(true);
    await order(s.id, sub.id, "bozza");
    expect(await requirementKinds(s.id)).toEqual(
      [`durc:${sub.name}`, `idoneita_tecnico_professionale:${sub.name}`, "notifica_preliminare", "pos", "psc"].sort(),
    );
    await t.db.update(constructionSites).set({ usesScaffolding: true }).where(eq(constructionSites.id, s.id));
    expect(await requirementKinds(s.id)).toContain("pimus");
    const other = await site({ specialEquipment: "Ponteggio di facciata e gru" });
    expect(await requirementKinds(other.id)).toEqual(["pimus", "pos"]);
    const body = await compliance(s.id);
    expect(body.ready).toBe(false);
    expect(body.requirements.every((r: { state: string }) => r.state === "mancante")).toBe(true);
    expect(body.firms).toEqual([{ id: sub.id, name: sub.name }]);
  });

  it("a supplier's own DURC covers every site it works on, and expiring shows on both", async () => {
    const sub = await supplier(true);
    const a = await site({ status: "programmato" });
    const b = await site({ status: "programmato" });
    await order(a.id, sub.id);
    await order(b.id, sub.id);
    const res = await inject("POST", `/api/suppliers/${sub.id}/documents`, {
      kind: "durc",
      title: "DURC regolare",
      issuedAt: addDays(today, -110),
    });
    expect(res.statusCode).toBe(201);
    for (const s of [a, b]) {
      const durc = (await compliance(s.id)).requirements.find((r: { kind: string }) => r.kind === "durc");
      expect(durc).toMatchObject({
        supplierId: sub.id,
        state: "in_scadenza",
        documentId: res.json().id,
        validUntil: addDays(today, 10),
      });
    }
    const expiring = (await inject("GET", `/api/compliance?state=in_scadenza&supplierId=${sub.id}`)).json();
    expect(expiring.map((r: { siteId: string }) => r.siteId).sort()).toEqual([a.id, b.id].sort());
    // The supplier page lists it; a site-only kind is refused for a supplier.
    expect((await inject("GET", `/api/suppliers/${sub.id}/documents`)).json()).toHaveLength(1);
    const bad = await inject("POST", `/api/suppliers/${sub.id}/documents`, { kind: "pos", title: "POS" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.kind).toMatch(/fornitore/);
  });
});

describe("guard on opening a site", () => {
  const siteBody = (s: typeof constructionSites.$inferSelect, extra: Record<string, unknown> = {}) => ({
    estimateId: s.estimateId,
    name: s.name,
    address: s.address,
    status: "in_corso",
    progress: 0,
    version: s.version,
    ...extra,
  });

  it("answers 409 listing what is missing or expired, on the office update and the progress route alike", async () => {
    const sub = await supplier(true);
    const s = await site();
    await order(s.id, sub.id);
    await addDoc(s.id, { kind: "psc", title: "PSC vecchio", expiresAt: addDays(today, -3) });
    const res = await inject("PUT", `/api/construction-sites/${s.id}`, siteBody(s));
    expect(res.statusCode).toBe(409);
    const message = res.json().message as string;
    expect(message).toContain("POS mancante");
    expect(message).toContain(`PSC scaduto il`);
    expect(message).toContain(`DURC di ${sub.name} mancante`);
    expect(message).toContain("Notifica preliminare mancante");
    const progress = await inject(
      "PUT",
      `/api/construction-sites/${s.id}/progress`,
      { progress: 5, status: "in_corso", version: s.version },
      tecnico.cookie,
    );
    expect(progress.statusCode).toBe(409);
    expect(progress.json().message).toContain("POS mancante");
    const created = await inject("POST", "/api/construction-sites", {
      ...siteBody(s),
      version: undefined,
      name: "Nuovo in corso",
    });
    expect(created.statusCode).toBe(409);
    const [row] = await t.db.select().from(constructionSites).where(eq(constructionSites.id, s.id));
    expect(row).toMatchObject({ status: "programmato", version: s.version });
  });

  it("the office may confirm with force and a reason, recorded in the activity; a technician may not", async () => {
    const s = await site();
    const noReason = await inject("PUT", `/api/construction-sites/${s.id}`, siteBody(s, { force: true }));
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.reason).toMatch(/Motivo/);
    const tech = await inject(
      "PUT",
      `/api/construction-sites/${s.id}/progress`,
      { progress: 5, status: "in_corso", version: s.version, force: true, reason: "urgenza" },
      tecnico.cookie,
    );
    expect(tech.statusCode).toBe(403);
    const ok = await inject(
      "PUT",
      `/api/construction-sites/${s.id}`,
      siteBody(s, { force: true, reason: "Messa in sicurezza urgente dopo grandinata" }),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: "in_corso" });
    expect(ok.json()).not.toHaveProperty("force");
    const entries = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityId, s.id), like(activityLog.description, "%senza documenti%")));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.description).toContain("POS mancante");
    expect(entries[0]!.description).toContain("Messa in sicurezza urgente dopo grandinata");
  });

  it("a site with every required paper valid (or only in scadenza) opens without confirmation", async () => {
    const s = await site();
    await addDoc(s.id, { kind: "pos", title: "POS", expiresAt: addDays(today, 5) });
    expect((await compliance(s.id)).ready).toBe(true);
    const res = await inject(
      "PUT",
      `/api/construction-sites/${s.id}/progress`,
      { progress: 1, status: "in_corso", version: s.version },
      tecnico.cookie,
    );
    expect(res.statusCode).toBe(200);
    // Already in corso: saving it again is not blocked by a paper that expired meanwhile.
    await t.db.update(constructionSites).set({ status: "in_corso" }).where(eq(constructionSites.id, s.id));
  });
});

describe("documents API", () => {
  it("validates input with Italian messages naming the field and changes nothing", async () => {
    const s = await site();
    const bad = await addDoc(s.id, { kind: "ponte", title: "" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["kind", "title"]);
    const dates = await addDoc(s.id, { kind: "pos", title: "POS", issuedAt: today, expiresAt: addDays(today, -1) });
    expect(dates.statusCode).toBe(400);
    expect(dates.json().errors.expiresAt).toMatch(/Scadenza/);
    expect((await inject("GET", `/api/construction-sites/${s.id}/documents`)).json()).toEqual([]);
    expect((await addDoc("00000000-0000-4000-8000-000000000000", { kind: "pos", title: "POS" })).statusCode).toBe(404);
  });

  it("updates with the version, attaches a PDF, serves it, deletes the document", async () => {
    const s = await site();
    const doc = (await addDoc(s.id, { kind: "pos", title: "POS rev. 1", issuedAt: today })).json();
    const body = multipart([{ name: "file", fileName: "pos.pdf", type: "application/pdf", data: PDF }]);
    const up = await t.app.inject({
      method: "PUT",
      url: `/api/site-documents/${doc.id}/file`,
      headers: { cookie: t.admin, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode).toBe(200);
    expect(up.json().file).toEqual({ name: "pos.pdf", mimeType: "application/pdf", size: PDF.length });
    const file = await inject("GET", `/api/site-documents/${doc.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    const evil = multipart([
      { name: "file", fileName: "pos.pdf", type: "application/pdf", data: Buffer.from("MZ....") },
    ]);
    const refused = await t.app.inject({
      method: "PUT",
      url: `/api/site-documents/${doc.id}/file`,
      headers: { cookie: t.admin, ...evil.headers },
      payload: evil.payload,
    });
    expect(refused.statusCode).toBe(400);
    const stale = await inject("PUT", `/api/site-documents/${doc.id}`, {
      kind: "pos",
      title: "POS rev. 2",
      version: doc.version,
    });
    expect(stale.statusCode).toBe(409);
    const put = await inject("PUT", `/api/site-documents/${doc.id}`, {
      kind: "pos",
      title: "POS rev. 2",
      expiresAt: addDays(today, 90),
      version: up.json().version,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ title: "POS rev. 2", state: "valido", file: { name: "pos.pdf" } });
    expect((await inject("DELETE", `/api/site-documents/${doc.id}`)).statusCode).toBe(204);
    expect((await inject("GET", `/api/site-documents/${doc.id}/file`)).statusCode).toBe(404);
  });

  it("a technician reads a site's papers and adds a photographed one, but edits and deletes nothing", async () => {
    const s = await site();
    const mine = await addDoc(s.id, { kind: "formazione", title: "Verbale firmato" }, tecnico.cookie);
    expect(mine.statusCode).toBe(201);
    const photo = multipart([{ name: "file", fileName: "verbale.jpg", type: "image/jpeg", data: jpegImage(40, 30) }]);
    const up = await t.app.inject({
      method: "PUT",
      url: `/api/site-documents/${mine.json().id}/file`,
      headers: { cookie: tecnico.cookie, ...photo.headers },
      payload: photo.payload,
    });
    expect(up.statusCode).toBe(200);
    expect(up.json().file.mimeType).toBe("image/jpeg");
    // Not twice, and never on the office's papers.
    const again = await t.app.inject({
      method: "PUT",
      url: `/api/site-documents/${mine.json().id}/file`,
      headers: { cookie: tecnico.cookie, ...photo.headers },
      payload: photo.payload,
    });
    expect(again.statusCode).toBe(403);
    const office = (await addDoc(s.id, { kind: "pos", title: "POS" })).json();
    const onOffice = await t.app.inject({
      method: "PUT",
      url: `/api/site-documents/${office.id}/file`,
      headers: { cookie: tecnico.cookie, ...photo.headers },
      payload: photo.payload,
    });
    expect(onOffice.statusCode).toBe(403);
    const card = await compliance(s.id, tecnico.cookie);
    expect(card.documents.map((d: { title: string }) => d.title).sort()).toEqual(["POS", "Verbale firmato"]);
    expect(
      (await inject("PUT", `/api/site-documents/${office.id}`, { kind: "pos", title: "x", version: 1 }, tecnico.cookie))
        .statusCode,
    ).toBe(403);
    expect((await inject("DELETE", `/api/site-documents/${office.id}`, undefined, tecnico.cookie)).statusCode).toBe(
      403,
    );
    expect((await inject("GET", "/api/compliance", undefined, tecnico.cookie)).statusCode).toBe(403);
    const portal = await t.clientUser();
    expect(
      (await inject("GET", `/api/construction-sites/${s.id}/compliance`, undefined, portal.cookie)).statusCode,
    ).toBe(403);
  });
});

describe("across sites", () => {
  it("filters by state, pages with X-Total-Count and exports CSV; the dashboard summary and the bell list what needs attention", async () => {
    const running = await site({ status: "in_corso", name: "Cantiere Aperto Senza POS" });
    const done = await site({ status: "completato", name: "Cantiere Chiuso" });
    const missing = await inject("GET", "/api/compliance?state=mancante&limit=1");
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toHaveLength(1);
    expect(Number(missing.headers["x-total-count"])).toBeGreaterThan(1);
    const all = (await inject("GET", "/api/compliance?state=mancante&limit=200")).json();
    expect(all.some((r: { siteId: string }) => r.siteId === running.id)).toBe(true);
    expect(all.some((r: { siteId: string }) => r.siteId === done.id)).toBe(false);
    expect((await inject("GET", "/api/compliance?state=perso")).statusCode).toBe(400);
    const csv = await inject("GET", `/api/compliance/export.csv?siteId=${running.id}`);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body).toContain("Cantiere Aperto Senza POS;In corso;POS;");
    const summary = (await inject("GET", "/api/compliance/summary")).json();
    expect(summary.missing).toBeGreaterThanOrEqual(1);
    expect(
      summary.items.some((r: { siteId: string; state: string }) => r.siteId === running.id && r.state === "mancante"),
    ).toBe(true);
    const bell = (await inject("GET", "/api/notifications")).json();
    const entry = bell.items.find(
      (i: { kind: string; entityId: string }) => i.kind === "site_compliance" && i.entityId === running.id,
    );
    expect(entry).toMatchObject({
      title: "Documenti mancanti: Cantiere Aperto Senza POS",
      link: `/admin/sites/${running.id}`,
    });
    expect(entry.body).toContain("POS mancante");
  });
});

describe("the count beside the page", () => {
  // The count rides on the page's rows (one statement); a page with no row counts on its own.
  it("is the whole filter's on a page past its last row, and 0 when nothing matches", async () => {
    await site({ status: "in_corso", name: "Cantiere Del Conteggio" });
    await site({ status: "in_corso", name: "Cantiere Del Conteggio Bis" });
    const first = await inject("GET", "/api/compliance?state=mancante&limit=200");
    const total = Number(first.headers["x-total-count"]);
    expect(total).toBeGreaterThan(1);
    const full = await inject("GET", `/api/compliance?state=mancante&limit=${total}`);
    expect(full.json()).toHaveLength(total);
    const past = await inject("GET", `/api/compliance?state=mancante&limit=${total}&after=${full.headers["x-next-cursor"]}`);
    expect(past.statusCode).toBe(200);
    expect(past.json()).toEqual([]);
    expect(Number(past.headers["x-total-count"])).toBe(total);
    const byOffset = await inject("GET", `/api/compliance?state=mancante&limit=5&offset=${total}`);
    expect(byOffset.json()).toEqual([]);
    expect(Number(byOffset.headers["x-total-count"])).toBe(total);
    const none = await inject("GET", `/api/compliance?supplierId=${crypto.randomUUID()}&limit=25`);
    expect(none.json()).toEqual([]);
    expect(none.headers["x-total-count"]).toBe("0");
  });
});

describe("daily summary", () => {
  it("is put in the outbox exactly once a day by two instances at the same time", async () => {
    await site({ status: "in_corso", name: "Cantiere Del Riepilogo" });
    const day = addDays(today, 1);
    // A second instance: on PostgreSQL its own pool on the same database; on PGlite the one connection.
    let second: { db: Db; close(): Promise<void> } = { db: t.db, close: async () => undefined };
    if (process.env.DATABASE_URL) {
      const result = await t.db.execute(sql`select current_database() as name`);
      const name = (result as unknown as { rows: { name: string }[] }).rows[0]!.name;
      second = await openPostgres(withDatabase(process.env.DATABASE_URL, name), { migrate: false });
    }
    const config = { smtpUrl: undefined, dataDir: ".tmp/test-data" } as const;
    try {
      await t.db
        .insert(companySettings)
        .values({ id: 1, email: "ufficio@colmo.test" })
        .onConflictDoUpdate({ target: companySettings.id, set: { email: "ufficio@colmo.test" } });
      const outcomes = await Promise.all([
        runDailyComplianceSummary(t.db, day, config),
        runDailyComplianceSummary(second.db, day, config),
        runDailyComplianceSummary(second.db, day, config),
      ]);
      expect(outcomes.filter((o) => o === "sent")).toHaveLength(1);
      expect(outcomes.filter((o) => o === "done")).toHaveLength(2);
      expect(await runDailyComplianceSummary(t.db, day, config)).toBe("done");
    } finally {
      await second.close();
    }
    const mails = await t.db.select().from(outbox).where(like(outbox.subject, "Scadenze sicurezza e permessi%"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe("ufficio@colmo.test");
    expect(mails[0]!.text).toContain("Cantiere Del Riepilogo: POS — mancante");
    expect(await t.db.select().from(dailyJobRuns).where(eq(dailyJobRuns.day, day))).toHaveLength(1);
  });
});
