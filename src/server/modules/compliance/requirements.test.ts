import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { complianceKinds, complianceStates } from "@domain/compliance";
import { addDays, todayIso } from "@domain/dates";
import { orderStatuses, siteStatuses } from "@domain/statuses";
import { openPostgres, type Db } from "../../db/client";
import { complianceDocuments, constructionSites, orders, suppliers } from "../../db/schema";
import { withDatabase } from "../../test/global-setup";
import { insertEstimate } from "../../test/fixtures/contracts";
import { createRandom } from "../../demo/random";
import { buildTestApp, type TestApp } from "../../test/app";
import { complianceRows, derivedComplianceRows, type ComplianceQuery } from "./queries";

// compliance_requirements (drizzle/0018, docs/decisions/015-deadlines-speed.md) is kept by triggers;
// every reader now goes through it. Proven two ways, on PGlite and (with DATABASE_URL) PostgreSQL:
// the maintained rows answer exactly what the old derivation on the fly answers, on a randomized
// data set and again after random writes of every kind; and each write path the office uses
// changes the "Scadenze" list at once.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const today = todayIso();

const SEED = Number(process.env.COMPLIANCE_SEED ?? 20261127);
// The demo loader's seeded generator, so a failure can be replayed with the same COMPLIANCE_SEED.
const { next: rand, pick, chance } = createRandom(SEED);
const maybeDate = () => (chance(0.15) ? null : addDays(today, Math.floor(rand() * 100) - 40));

let n = 0;
const siteIds: string[] = [];
const supplierIds: string[] = [];
const orderIds: string[] = [];

async function addSites(count: number) {
  for (let i = 0; i < count; i++) {
    const estimate = await insertEstimate(t.db);
    const [row] = await t.db
      .insert(constructionSites)
      .values({
        estimateId: estimate.id,
        name: `${pick(["Tetto", "tetto", "Copertura", "Gronda"])} ${++n}`,
        address: `Via Prova ${n}`,
        status: pick(siteStatuses.values),
        usesScaffolding: chance(0.3),
        specialEquipment: pick([null, "Ponteggio", "gru", "trabattello", ""]),
      })
      .returning({ id: constructionSites.id });
    siteIds.push(row!.id);
  }
}

async function addSuppliers(count: number) {
  const rows = await t.db
    .insert(suppliers)
    .values(
      Array.from({ length: count }, () => ({
        name: `${pick(["Edil", "edil", "Tetti"])} ${++n}`,
        city: "Monza",
        isSubcontractor: chance(0.6),
      })),
    )
    .returning({ id: suppliers.id });
  supplierIds.push(...rows.map((r) => r.id));
}

async function addOrders(count: number) {
  const rows = await t.db
    .insert(orders)
    .values(
      Array.from({ length: count }, () => ({
        number: `ORD-R-${++n}`,
        supplierId: pick(supplierIds),
        constructionSiteId: chance(0.9) ? pick(siteIds) : null,
        title: "Lavori",
        orderDate: today,
        status: pick(orderStatuses.values),
      })),
    )
    .returning({ id: orders.id });
  orderIds.push(...rows.map((r) => r.id));
}

async function addDocuments(count: number) {
  await t.db.insert(complianceDocuments).values(
    Array.from({ length: count }, (_, i) => {
      const own = chance(0.3);
      const kind = own
        ? pick(["durc", "idoneita_tecnico_professionale", "assicurazione"] as const)
        : pick(complianceKinds.values);
      const validUntil = maybeDate();
      return {
        kind,
        title: `Doc ${++n}`,
        constructionSiteId: own ? null : pick(siteIds),
        supplierId: own || chance(0.3) ? pick(supplierIds) : null,
        // Same expiry on purpose now and then, with distinct creation times (the tie-break).
        validUntil: chance(0.2) ? addDays(today, 10) : validUntil,
        createdAt: new Date(Date.now() - (i + n) * 60_000).toISOString(),
      };
    }),
  );
}

/** Every filter and sort the readers use, paged and not. */
function queries(): ComplianceQuery[] {
  const site = pick(siteIds);
  const supplier = pick(supplierIds);
  const list: ComplianceQuery[] = [
    {},
    { excludeCompleted: true },
    { requiredOnly: true },
    { siteId: site },
    { siteId: site, requiredOnly: true, states: ["mancante", "scaduto"] },
    { supplierId: supplier },
    { excludeCompleted: true, states: ["in_scadenza"] },
    { siteStatuses: ["in_corso"], requiredOnly: true, states: ["mancante", "scaduto"] },
    { excludeCompleted: true, limit: 7, offset: 0 },
    { excludeCompleted: true, limit: 7, offset: 21 },
    { limit: 10, offset: 35 },
    { limit: 5, offset: 0, sort: "validUntil" },
    { limit: 5, offset: 3, sort: "-site" },
    { limit: 5, offset: 3, sort: "kind" },
    { excludeCompleted: true, supplierId: supplier, limit: 5, offset: 0 },
  ];
  for (const state of complianceStates.values)
    list.push({ state }, { state, excludeCompleted: true, limit: 6, offset: 2 });
  for (const kind of ["pos", "durc", "pimus", "altro"]) list.push({ kind, excludeCompleted: true });
  return list;
}

/** compliance_requirement_totals (drizzle/0025) against a GROUP BY of the rows it counts. */
async function totalsByStatus() {
  const rows = async (query: ReturnType<typeof sql>) =>
    Object.fromEntries(
      ((await t.db.execute(query)) as unknown as { rows: { status: string; n: number }[] }).rows
        .filter((r) => r.n !== 0)
        .map((r) => [r.status, r.n]),
    );
  return {
    kept: await rows(sql`select site_status as status, count as n from compliance_requirement_totals`),
    counted: await rows(sql`select site_status as status, count(*)::int as n from compliance_requirements group by 1`),
  };
}

async function expectSameAnswers(label: string) {
  const { kept, counted } = await totalsByStatus();
  expect(kept, `${label}: totals by site status`).toEqual(counted);
  for (const q of queries()) {
    const [now, before] = [await complianceRows(t.db, q, today), await derivedComplianceRows(t.db, q, today)];
    expect(now.rows, `${label}: ${JSON.stringify(q)}`).toEqual(before.rows);
    expect(now.total, `${label}: total ${JSON.stringify(q)}`).toBe(before.total);
  }
}

describe(`maintained requirements against the derivation (seed ${SEED})`, () => {
  it("answer the same on a randomized data set, and after random writes of every kind", async () => {
    await addSites(30);
    await addSuppliers(12);
    await addOrders(45);
    await addDocuments(90);
    const stored = await t.db.execute(sql`select count(*)::int as count from compliance_requirements`);
    expect((stored as unknown as { rows: { count: number }[] }).rows[0]!.count).toBeGreaterThan(30);
    await expectSameAnswers("seeded");

    for (let round = 0; round < 4; round++) {
      // Sites: status, name, scaffolding.
      for (const id of siteIds.filter(() => chance(0.2))) {
        await t.db
          .update(constructionSites)
          .set({ status: pick(siteStatuses.values), usesScaffolding: chance(0.5), name: `Rinominato ${++n}` })
          .where(eq(constructionSites.id, id));
      }
      // Suppliers: become or stop being subcontractors, renamed (one multi-row statement).
      await t.db
        .update(suppliers)
        .set({ isSubcontractor: sql`not ${suppliers.isSubcontractor}`, name: sql`${suppliers.name} || 'x'` })
        .where(
          inArray(
            suppliers.id,
            supplierIds.filter(() => chance(0.3)),
          ),
        );
      // Orders: cancelled, moved to another site or to none, another supplier, deleted.
      for (const id of orderIds.filter(() => chance(0.2))) {
        await t.db
          .update(orders)
          .set({
            status: pick(orderStatuses.values),
            constructionSiteId: chance(0.8) ? pick(siteIds) : null,
            supplierId: pick(supplierIds),
          })
          .where(eq(orders.id, id));
      }
      const gone = orderIds.filter(() => chance(0.05));
      if (gone.length) await t.db.delete(orders).where(inArray(orders.id, gone));
      await addOrders(5);
      // Documents: new ones, new expiries, moved between owners, deleted.
      await addDocuments(10);
      const docs = await t.db.select({ id: complianceDocuments.id }).from(complianceDocuments);
      for (const { id } of docs.filter(() => chance(0.1))) {
        await t.db
          .update(complianceDocuments)
          .set({ validUntil: maybeDate(), title: `Nuovo ${++n}` })
          .where(eq(complianceDocuments.id, id));
      }
      const dropped = docs.filter(() => chance(0.05)).map((d) => d.id);
      if (dropped.length) await t.db.delete(complianceDocuments).where(inArray(complianceDocuments.id, dropped));
      // A site deleted with its papers (cascade) and its orders detached (set null).
      if (round === 2) {
        const id = siteIds.pop()!;
        await t.db.delete(constructionSites).where(eq(constructionSites.id, id));
      }
      await expectSameAnswers(`round ${round}`);
    }
  });

  // Broken outcome: the list's count without a filter is read from the kept totals, so a total the
  // triggers got wrong would show; the comparisons above are what rule that out.
  it("the count of every paper of the open sites is the kept totals' sum", async () => {
    const q: ComplianceQuery = { excludeCompleted: true, limit: 5, offset: 0 };
    const right = (await complianceRows(t.db, q, today)).total;
    expect(right).toBe((await derivedComplianceRows(t.db, q, today)).total);
    await t.db.execute(
      sql`update compliance_requirement_totals set count = count + 1 where site_status <> 'completato'`,
    );
    try {
      expect((await complianceRows(t.db, q, today)).total).toBeGreaterThan(right);
    } finally {
      await t.db.execute(
        sql`update compliance_requirement_totals set count = count - 1 where site_status <> 'completato'`,
      );
    }
    expect((await complianceRows(t.db, q, today)).total).toBe(right);
  });

  it("a rolled-back write leaves the rows as they were", async () => {
    const id = pick(siteIds);
    const before = await complianceRows(t.db, { siteId: id }, today);
    await t.db
      .transaction(async (tx) => {
        await tx
          .update(constructionSites)
          .set({ usesScaffolding: true, name: "Annullato" })
          .where(eq(constructionSites.id, id));
        await tx
          .insert(complianceDocuments)
          .values({ kind: "pos", title: "POS", constructionSiteId: id, validUntil: today });
        throw new Error("rollback");
      })
      .catch(() => undefined);
    expect((await complianceRows(t.db, { siteId: id }, today)).rows).toEqual(before.rows);
    const { kept, counted } = await totalsByStatus();
    expect(kept).toEqual(counted);
  });
});

describe("each write path changes the Scadenze list at once", () => {
  const inject = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: t.admin }, ...(payload ? { payload } : {}) });
  type Listed = { kind: string; supplierName: string | null; state: string; title: string | null; required: boolean };
  const listed = async (siteId: string, query = "") => {
    const res = await inject("GET", `/api/compliance?siteId=${siteId}&sites=all&limit=100${query}`);
    expect(res.statusCode).toBe(200);
    return (res.json() as Listed[])
      .map((r) => `${r.kind}${r.supplierName ? `:${r.supplierName}` : ""}=${r.state}${r.required ? "" : "*"}`)
      .sort();
  };

  it("orders, suppliers, documents, scaffolding and the site's status", async () => {
    const estimate = await insertEstimate(t.db);
    const [s] = await t.db
      .insert(constructionSites)
      .values({ estimateId: estimate.id, name: "Tetto via Po", address: "Via Po 1", status: "programmato" })
      .returning();
    const siteId = s!.id;
    expect(await listed(siteId)).toEqual(["pos=mancante"]);

    // A new subcontracting order: a second firm on site (PSC, notifica, its DURC and idoneità).
    const [firm] = await t.db
      .insert(suppliers)
      .values({ name: "Edil Po", city: "Torino", isSubcontractor: true })
      .returning();
    const [o] = await t.db
      .insert(orders)
      .values({ number: "ORD-W-1", supplierId: firm!.id, constructionSiteId: siteId, title: "Manto", orderDate: today })
      .returning();
    expect(await listed(siteId)).toEqual([
      "durc:Edil Po=mancante",
      "idoneita_tecnico_professionale:Edil Po=mancante",
      "notifica_preliminare=mancante",
      "pos=mancante",
      "psc=mancante",
    ]);

    // The supplier's own DURC covers it on this site; renamed, the list follows.
    const durc = await inject("POST", `/api/suppliers/${firm!.id}/documents`, {
      kind: "durc",
      title: "DURC Edil Po",
      issuedAt: addDays(today, -110),
    });
    expect(durc.statusCode).toBe(201);
    await t.db.update(suppliers).set({ name: "Edil Po Srl" }).where(eq(suppliers.id, firm!.id));
    expect(await listed(siteId, "&kind=durc")).toEqual(["durc:Edil Po Srl=in_scadenza"]);

    // No longer a subcontractor: its papers and the second-firm papers are no longer required.
    await t.db.update(suppliers).set({ isSubcontractor: false }).where(eq(suppliers.id, firm!.id));
    expect(await listed(siteId)).toEqual(["pos=mancante"]);
    await t.db.update(suppliers).set({ isSubcontractor: true }).where(eq(suppliers.id, firm!.id));
    // The order cancelled: the firm count drops back to one.
    await t.db.update(orders).set({ status: "annullato" }).where(eq(orders.id, o!.id));
    expect(await listed(siteId)).toEqual(["pos=mancante"]);
    await t.db.update(orders).set({ status: "confermato" }).where(eq(orders.id, o!.id));
    expect(await listed(siteId)).toHaveLength(5);

    // A site paper added, replaced (new expiry), and deleted.
    const pos = await inject("POST", `/api/construction-sites/${siteId}/documents`, {
      kind: "pos",
      title: "POS",
      expiresAt: addDays(today, -1),
    });
    expect(await listed(siteId, "&kind=pos")).toEqual(["pos=scaduto"]);
    const replaced = await inject("PUT", `/api/site-documents/${pos.json().id}`, {
      kind: "pos",
      title: "POS rinnovato",
      expiresAt: addDays(today, 90),
      version: pos.json().version,
    });
    expect(replaced.statusCode).toBe(200);
    expect(await listed(siteId, "&kind=pos")).toEqual(["pos=valido"]);
    const extra = await inject("POST", `/api/construction-sites/${siteId}/documents`, {
      kind: "cila",
      title: "CILA",
      expiresAt: addDays(today, 5),
    });
    expect(await listed(siteId, "&kind=cila")).toEqual(["cila=in_scadenza*"]);
    expect((await inject("DELETE", `/api/site-documents/${extra.json().id}`)).statusCode).toBe(204);
    expect((await inject("DELETE", `/api/site-documents/${pos.json().id}`)).statusCode).toBe(204);
    expect(await listed(siteId, "&kind=pos")).toEqual(["pos=mancante"]);
    expect(await listed(siteId, "&kind=cila")).toEqual([]);

    // Scaffolding brings the PIMUS.
    await t.db.update(constructionSites).set({ usesScaffolding: true }).where(eq(constructionSites.id, siteId));
    expect(await listed(siteId, "&kind=pimus")).toEqual(["pimus=mancante"]);

    // Completed, the site leaves the default list (open sites) and stays with "Anche completati".
    await t.db.update(constructionSites).set({ status: "completato" }).where(eq(constructionSites.id, siteId));
    const open = await inject("GET", `/api/compliance?siteId=${siteId}&limit=100`);
    expect(open.json()).toEqual([]);
    expect(open.headers["x-total-count"]).toBe("0");
    expect(await listed(siteId)).toHaveLength(6);
  });
});

// Two instances writing at once (PostgreSQL only: PGlite has one connection). Each writer locks the
// sites it re-derives in id order, so firms' papers touching the same sites never deadlock, and
// the one that commits second re-derives with the first one's paper.
describe.skipIf(!process.env.DATABASE_URL)("concurrent writers", () => {
  it("papers added at once on the same sites: no deadlock, nothing lost", async () => {
    const result = await t.db.execute(sql`select current_database() as name`);
    const name = (result as unknown as { rows: { name: string }[] }).rows[0]!.name;
    const other = await openPostgres(withDatabase(process.env.DATABASE_URL!, name), { migrate: false });
    try {
      const firms = await t.db
        .insert(suppliers)
        .values([1, 2, 3].map((i) => ({ name: `Concorrente ${i} ${++n}`, city: "Monza", isSubcontractor: true })))
        .returning({ id: suppliers.id });
      const sites: string[] = [];
      for (let i = 0; i < 6; i++) {
        const estimate = await insertEstimate(t.db);
        const [row] = await t.db
          .insert(constructionSites)
          .values({ estimateId: estimate.id, name: `Concorrenza ${++n}`, address: "Via Po", status: "in_corso" })
          .returning({ id: constructionSites.id });
        sites.push(row!.id);
      }
      await t.db.insert(orders).values(
        firms.flatMap((f) =>
          sites.map((siteId) => ({
            number: `ORD-X-${++n}`,
            supplierId: f.id,
            constructionSiteId: siteId,
            title: "Lavori",
            orderDate: today,
          })),
        ),
      );
      const writers: Db[] = [t.db, other.db];
      const writes = Array.from({ length: 12 }, (_, i) => {
        const db = writers[i % 2]!;
        const values =
          i % 3 === 0
            ? {
                kind: "durc" as const,
                title: `DURC ${i}`,
                supplierId: firms[i % firms.length]!.id,
                validUntil: addDays(today, i),
              }
            : {
                kind: "pos" as const,
                title: `POS ${i}`,
                constructionSiteId: sites[i % sites.length]!,
                validUntil: addDays(today, 30 + i),
              };
        return db.transaction(async (tx) => {
          await tx.insert(complianceDocuments).values(values);
          await tx.execute(sql`select pg_sleep(0.02)`);
        });
      });
      await Promise.all(writes);
      for (const siteId of sites) {
        expect((await complianceRows(t.db, { siteId }, today)).rows).toEqual(
          (await derivedComplianceRows(t.db, { siteId }, today)).rows,
        );
      }
    } finally {
      await other.close();
    }
  });
});

// Last in the file: it empties the maintained rows.
describe("compliance_requirement_totals (drizzle/0025)", () => {
  it("TRUNCATE of the requirements empties them, and the list counts nothing", async () => {
    expect(Object.keys((await totalsByStatus()).kept).length).toBeGreaterThan(0);
    await t.db.execute(sql`truncate compliance_requirements`);
    expect(await totalsByStatus()).toEqual({ kept: {}, counted: {} });
    expect((await complianceRows(t.db, { limit: 5, offset: 0 }, today)).total).toBe(0);
  });
});
