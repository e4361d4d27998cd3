import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, contacts, surveys } from "../db/schema";
import { buildTestApp, type TestApp } from "../test/app";
import { keysetWalker } from "../test/keyset-walk";

// Keyset pagination on every list beyond clients, estimates and invoices (keyset.test.ts): each
// list, each sort its screen offers and a filter, walked page by page by cursor both ways, gives
// the rows of one OFFSET page — with ties on equal sort values and NULLs in nullable keys.

let t: TestApp;
const { expectWalkMatchesOffset } = keysetWalker(() => t);
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
];

describe("keyset pagination on every list", () => {
  it.each(walks)("%s?%s walks like OFFSET", async (path, query, limit) => {
    await expectWalkMatchesOffset(path, query, limit);
  });

  const lists = [...new Set(walks.map(([path]) => path))];
  it.each(lists)("%s refuses an invalid cursor with 400 CURSOR_INVALID, in Italian", async (path) => {
    for (const cursor of ["%%%", Buffer.from('["x"]').toString("base64url"), Buffer.from("[1,2,3]").toString("base64url")]) {
      const res = await t.app.inject({ method: "GET", url: `${path}?after=${cursor}`, headers: { cookie: t.admin } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/Cursore di paginazione non valido/);
    }
  });
});
