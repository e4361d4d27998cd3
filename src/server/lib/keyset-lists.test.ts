import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { addDays, todayIso } from "@domain/dates";
import {
  clients,
  complianceDocuments,
  constructionSites,
  contacts,
  contracts,
  informationRequests,
  orderItems,
  orders,
  outbox,
  services,
  suppliers,
  surveys,
} from "../db/schema";
import { insertEstimate } from "../test/fixtures/dashboard";
import { buildTestApp, type TestApp } from "../test/app";
import { keysetWalker } from "../test/keyset-walk";

// Keyset pagination on every list beyond clients, estimates and invoices (keyset.test.ts): each
// list, each sort its screen offers and a filter, walked page by page by cursor both ways, gives
// the rows of one OFFSET page — with ties on equal sort values and NULLs in nullable keys.

let t: TestApp;
const { expectWalkMatchesOffset } = keysetWalker(() => t);
// The Scadenze rows have no id: a row is its site, paper kind, firm and document.
let firstSite = "";
const deadlines = keysetWalker(
  () => t,
  (r) => [r.siteId, r.kind, r.supplierId, r.documentId].join("|"),
);
const sameInstant = "2026-03-01T10:00:00.123456Z";

beforeAll(async () => {
  t = await buildTestApp();
  const [rossi, bianchi] = await t.db
    .insert(clients)
    .values([
      { name: "Rossi", type: "privato", address: "Via Roma 1" },
      { name: "bianchi", type: "azienda", address: "Via Roma 2" },
    ])
    .returning();
  // Contacts: names equal but for case, and several written in the same microsecond.
  const names = ["Anna", "anna", "Bruno", "Carla", "carla", "Dario", "Elena", "Franco"];
  const written = await t.db
    .insert(contacts)
    .values(
      names.map((name, n) => ({
        clientId: n % 2 ? rossi!.id : bianchi!.id,
        name,
        ...(n < 4 ? { createdAt: sameInstant } : {}),
      })),
    )
    .returning();
  // Surveys: the same day with and without a time (NULL), equal statuses, equal creation instants.
  const slots: [string, string | null][] = [
    ["2026-05-10", "09:00"],
    ["2026-05-10", null],
    ["2026-05-10", "09:00"],
    ["2026-05-10", null],
    ["2026-05-10", "15:30"],
    ["2026-05-11", null],
    ["2026-05-09", "08:00"],
    ["2026-05-09", null],
    ["2026-05-12", "10:00"],
  ];
  await t.db.insert(surveys).values(
    slots.map(([date, time], n) => ({
      clientId: n % 3 ? rossi!.id : bianchi!.id,
      contactId: written[n % written.length]!.id,
      date,
      time,
      address: `Via Verdi ${n}`,
      description: `Sopralluogo ${n}`,
      status: n % 2 ? ("completato" as const) : ("programmato" as const),
      ...(n < 4 ? { createdAt: sameInstant } : {}),
    })),
  );
  // Supplier orders: equal dates, totals and statuses; their lines at equal positions and instants.
  const [supplier] = await t.db.insert(suppliers).values({ name: "Laterizi Srl", city: "Milano" }).returning();
  const written2 = await t.db
    .insert(orders)
    .values(
      ["2026-04-01", "2026-04-01", "2026-04-02", "2026-04-01", "2026-03-30", "2026-04-02", "2026-04-03"].map(
        (orderDate, n) => ({
          number: `ORD-${10 - n}`,
          supplierId: supplier!.id,
          title: n % 2 ? "Tegole" : "tegole",
          orderDate,
          totalAmount: n % 3 ? "100.00" : "250.00",
          status: n % 2 ? ("inviato" as const) : ("bozza" as const),
          ...(n < 3 ? { createdAt: sameInstant } : {}),
        }),
      ),
    )
    .returning();
  await t.db.insert(orderItems).values(
    written2.flatMap((order, n) =>
      [0, 0, 1].map((position) => ({
        orderId: order.id,
        position,
        description: `Riga ${n}`,
        quantity: "1",
        unitPrice: "10.00",
        totalPrice: "10.00",
        ...(n < 4 ? { createdAt: sameInstant } : {}),
      })),
    ),
  );
  // Contracts: equal or missing signing dates, equal statuses and creation instants.
  for (const [n, signedDate] of ["2026-02-01", null, "2026-02-01", null, "2026-01-15"].entries()) {
    const signed = await insertEstimate(t.db, { clientId: bianchi!.id });
    await t.db.insert(contracts).values({
      number: `CTR-${n}`,
      estimateId: signed.id,
      terms: "Condizioni",
      signedDate,
      status: n % 2 ? "attivo" : "bozza",
      ...(n < 3 ? { createdAt: sameInstant } : {}),
    });
  }
  // More suppliers and catalogue services: names equal but for case, equal cities, prices, categories.
  await t.db.insert(suppliers).values(
    ["Edilizia", "edilizia", "Coperture", "Lattoneria", "coperture"].map((name, n) => ({
      name,
      city: n % 2 ? "Torino" : "torino",
      status: n % 2 ? ("attivo" as const) : ("inattivo" as const),
      ...(n < 3 ? { createdAt: sameInstant } : {}),
    })),
  );
  await t.db.insert(services).values(
    ["Posa coppi", "posa coppi", "Guaina", "Gronde", "Lucernario", "guaina", "Linea vita"].map((name, n) => ({
      name,
      unitPrice: n % 2 ? "12.50" : "30.00",
      category: n % 3 ? "coperture" : null,
      ...(n < 3 ? { createdAt: sameInstant } : {}),
    })),
  );
  // Outgoing mail: equal recipients but for case, equal subjects and instants.
  await t.db.insert(outbox).values(
    ["a@example.it", "A@example.it", "b@example.it", "a@example.it", "c@example.it", "b@example.it"].map((to, n) => ({
      to,
      subject: n % 2 ? "Fattura" : "fattura",
      text: "Testo",
      ...(n < 3 ? { createdAt: sameInstant } : {}),
    })),
  );
  // Clients' questions: open (no reply date) or answered at the same instant.
  await t.db.insert(informationRequests).values(
    [null, sameInstant, null, sameInstant, "2026-04-01T09:00:00Z", null].map((repliedAt, n) => ({
      clientId: n % 2 ? rossi!.id : bianchi!.id,
      subject: `Domanda ${n}`,
      message: "Quando iniziano i lavori?",
      ...(repliedAt ? { repliedAt, reply: "A breve" } : {}),
      ...(n < 3 ? { createdAt: sameInstant } : {}),
    })),
  );
  // Sites: equal names but for case, start and end dates equal or missing, equal progress.
  const estimate = await insertEstimate(t.db, { clientId: rossi!.id });
  const ends = ["2026-06-30", null, "2026-06-30", null, "2026-07-15", "2026-05-01", null];
  await t.db.insert(constructionSites).values(
    ends.map((estimatedEndDate, n) => ({
      estimateId: estimate.id,
      name: n % 2 ? "Tetto Rossi" : "tetto rossi",
      address: `Via Cantiere ${n}`,
      status: n % 2 ? ("in_corso" as const) : ("programmato" as const),
      startDate: n % 3 ? "2026-04-01" : null,
      estimatedEndDate,
      progress: n % 2 ? 50 : 0,
      ...(n < 3 ? { createdAt: sameInstant } : {}),
    })),
  );
});
// Scadenze (compliance_requirements, kept by triggers): every state, ties on expiry, on site name
// (equal but for case) and on firm name (two firms called alike missing the same papers on one
// site), a firm's own DURC counted on two sites, papers with no expiry, a completed site.
beforeAll(async () => {
  const today = todayIso();
  const sites = await t.db.select().from(constructionSites).orderBy(asc(constructionSites.address));
  const estimate = sites[0]!.estimateId;
  const [done] = await t.db
    .insert(constructionSites)
    .values({ estimateId: estimate, name: "Tetto Verdi", address: "Via Cantiere 9", status: "completato" })
    .returning();
  const firms = await t.db
    .insert(suppliers)
    .values(
      ["Ponteggi Srl", "Ponteggi Srl", "Edil Sub"].map((name) => ({ name, city: "Milano", isSubcontractor: true })),
    )
    .returning();
  const [a, b, sub] = firms;
  firstSite = sites[0]!.id;
  const work: [typeof a, typeof done][] = [
    [a!, sites[0]!],
    [b!, sites[0]!],
    [sub!, sites[1]!],
    [sub!, sites[2]!],
    [a!, done!],
  ];
  await t.db.insert(orders).values(
    work.map(([firm, site], n) => ({
      number: `SUB-${n}`,
      supplierId: firm!.id,
      constructionSiteId: site!.id,
      title: "Subappalto",
      orderDate: "2026-04-01",
      totalAmount: "100.00",
    })),
  );
  await t.db.update(constructionSites).set({ usesScaffolding: true }).where(eq(constructionSites.id, sites[3]!.id));
  const on = (n: number, kind: string, days: number | null, supplierId?: string) => ({
    constructionSiteId: n < 0 ? done!.id : sites[n]!.id,
    supplierId: supplierId ?? null,
    kind: kind as "pos",
    title: `${kind} ${n}`,
    validUntil: days === null ? null : addDays(today, days),
  });
  await t.db
    .insert(complianceDocuments)
    .values([
      on(0, "pos", -30),
      on(1, "pos", -30),
      on(2, "pos", 5),
      on(3, "pos", 100),
      on(4, "pos", null),
      on(1, "psc", -1),
      on(2, "psc", 5),
      on(3, "pimus", 0),
      on(4, "cila", null),
      on(5, "assicurazione", 100),
      on(5, "pos", 400, sub!.id),
      on(0, "durc", 15, a!.id),
      on(-1, "pos", -300),
      on(-1, "assicurazione", null),
      { supplierId: sub!.id, kind: "durc" as const, title: "DURC Edil Sub", validUntil: addDays(today, 10) },
    ]);
});
afterAll(async () => t.close());

// [list, query, page size]: the default order, each sort both ways, a filter.
const walks: [string, string, number][] = [
  ["/api/contacts", "", 3],
  ["/api/contacts", "sort=name", 3],
  ["/api/contacts", "sort=-name", 3],
  ["/api/contacts", "sort=createdAt", 3],
  ["/api/contacts", "sort=-createdAt", 3],
  ["/api/contacts", "sort=clientName", 3],
  ["/api/contacts", "sort=-clientName", 2],
  ["/api/contacts", "q=a&sort=-name", 2],
  ["/api/surveys", "", 2],
  ["/api/surveys", "sort=date", 2],
  ["/api/surveys", "sort=-date", 3],
  ["/api/surveys", "sort=status", 2],
  ["/api/surveys", "sort=-status", 2],
  ["/api/surveys", "sort=-createdAt", 2],
  ["/api/surveys", "sort=clientName", 2],
  ["/api/surveys", "from=2026-05-01&to=2026-05-31", 2],
  ["/api/surveys", "status=programmato", 1],
  ["/api/surveys", "q=Sopralluogo&sort=-clientName", 2],
  ["/api/orders", "", 2],
  ["/api/orders", "sort=number", 2],
  ["/api/orders", "sort=-orderDate", 3],
  ["/api/orders", "sort=orderDate", 2],
  ["/api/orders", "sort=-totalAmount", 2],
  ["/api/orders", "sort=status", 2],
  ["/api/orders", "sort=title", 2],
  ["/api/orders", "sort=-createdAt", 2],
  ["/api/orders", "status=bozza&sort=totalAmount", 1],
  ["/api/orders", "q=Laterizi&sort=-title", 2],
  ["/api/order-items", "", 4],
  ["/api/construction-sites", "", 2],
  ["/api/construction-sites", "sort=name", 2],
  ["/api/construction-sites", "sort=-name", 2],
  ["/api/construction-sites", "sort=startDate", 2],
  ["/api/construction-sites", "sort=-startDate", 2],
  ["/api/construction-sites", "sort=estimatedEndDate", 2],
  ["/api/construction-sites", "sort=-estimatedEndDate", 3],
  ["/api/construction-sites", "sort=-progress", 2],
  ["/api/construction-sites", "sort=createdAt", 2],
  ["/api/construction-sites", "status=programmato&sort=estimatedEndDate", 1],
  ["/api/suppliers", "", 2],
  ["/api/suppliers", "sort=name", 2],
  ["/api/suppliers", "sort=-city", 2],
  ["/api/suppliers", "sort=createdAt", 2],
  ["/api/suppliers", "sort=status", 2],
  ["/api/services", "", 2],
  ["/api/services", "sort=-name", 2],
  ["/api/services", "sort=unitPrice", 2],
  ["/api/services", "sort=category", 2],
  ["/api/services", "sort=-category", 2],
  ["/api/services", "sort=-createdAt", 2],
  ["/api/outbox", "", 2],
  ["/api/outbox", "sort=to", 2],
  ["/api/outbox", "sort=-subject", 2],
  ["/api/outbox", "sort=createdAt", 2],
  ["/api/outbox", "q=example&sort=-to", 2],
  ["/api/information-requests", "", 2],
  ["/api/information-requests", "sort=repliedAt", 2],
  ["/api/information-requests", "sort=-repliedAt", 2],
  ["/api/information-requests", "state=aperta&sort=createdAt", 1],
  ["/api/contracts", "", 2],
  ["/api/contracts", "sort=number", 2],
  ["/api/contracts", "sort=-number", 2],
  ["/api/contracts", "sort=signedDate", 2],
  ["/api/contracts", "sort=-signedDate", 2],
  ["/api/contracts", "sort=status", 2],
  ["/api/contracts", "sort=createdAt", 2],
];

// The Scadenze list: its default order (a union of one branch per state, each seeking its own
// index from the cursor), each filter and each sort of the screen.
const deadlineWalks: [string, number][] = [
  ["", 3],
  ["", 1],
  ["sites=all", 4],
  ["sites=all", 2],
  ["state=mancante&sites=all", 2],
  ["state=scaduto&sites=all", 1],
  ["state=in_scadenza", 1],
  ["state=valido&sites=all", 1],
  ["kind=durc&sites=all", 2],
  ["sort=validUntil", 3],
  ["sort=-validUntil&sites=all", 3],
  ["sort=site", 3],
  ["sort=-kind&sites=all", 4],
];

describe("keyset pagination on the Scadenze list", () => {
  it.each(deadlineWalks)("/api/compliance?%s walks like OFFSET (page size %i)", async (query, limit) => {
    await deadlines.expectWalkMatchesOffset("/api/compliance", query, limit);
  });

  it("lists every requirement row once, a cursor page read from its index", async () => {
    const { rows } = await deadlines.get("/api/compliance?limit=200&sites=all");
    const keys = rows.map((r) => [r.siteId, r.kind, r.supplierId, r.documentId].join("|"));
    expect(new Set(keys).size).toBe(keys.length);
    // Two firms of the same name on the first site: both miss the idoneità, one its DURC.
    const alike = rows.filter((r) => r.siteId === firstSite && r.state === "mancante" && r.supplierId);
    expect(alike.map((r) => r.kind).sort()).toEqual([
      "durc",
      "idoneita_tecnico_professionale",
      "idoneita_tecnico_professionale",
    ]);
    expect(new Set(alike.map((r) => r.supplierId)).size).toBe(2);
    expect(new Set(alike.map((r) => r.supplierName))).toEqual(new Set(["Ponteggi Srl"]));
    expect(rows.map((r) => r.state)).toEqual(
      [...rows.map((r) => r.state)].sort(
        (x, y) =>
          ["scaduto", "mancante", "in_scadenza", "valido"].indexOf(x as string) -
          ["scaduto", "mancante", "in_scadenza", "valido"].indexOf(y as string),
      ),
    );
  });
});

describe("keyset pagination on every list", () => {
  it.each(walks)("%s?%s walks like OFFSET", async (path, query, limit) => {
    await expectWalkMatchesOffset(path, query, limit);
  });

  const lists = [...new Set(walks.map(([path]) => path)), "/api/compliance"];
  it.each(lists)("%s refuses an invalid cursor with 400 CURSOR_INVALID, in Italian", async (path) => {
    for (const cursor of [
      "%%%",
      Buffer.from('["x"]').toString("base64url"),
      Buffer.from("[1,2,3]").toString("base64url"),
    ]) {
      const res = await t.app.inject({ method: "GET", url: `${path}?after=${cursor}`, headers: { cookie: t.admin } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/Cursore di paginazione non valido/);
    }
  });
});
