import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients } from "../../db/schema";
import { parseCsv } from "../../test/csv-parse";
import { buildTestApp, type TestApp } from "../../test/app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.db.insert(clients).values([
    {
      name: "Rossi; Mario",
      type: "privato",
      address: "Via Roma 1",
      city: "Milano",
      email: "mario@rossi.it",
      notes: 'Dice "urgente"\nrichiamare',
      createdAt: "2026-03-01T10:00:00Z",
    },
    {
      name: "Edilcasa S.r.l.",
      type: "azienda",
      address: "Via Po 2",
      vatNumber: "12345678903",
      phone: "+39 02 123",
      createdAt: "2026-02-01T10:00:00Z",
    },
    { name: "Condominio Aurora", type: "condominio", address: "Viale Pini 3", createdAt: "2026-01-01T10:00:00Z" },
  ]);
  // More than one export page (500 rows) to check the streaming pages join up.
  await t.db.insert(clients).values(
    Array.from({ length: 520 }, (_, i) => ({
      name: `Massa ${String(i).padStart(3, "0")}`,
      type: "privato" as const,
      address: "Via Lunga 1",
    })),
  );
});
afterAll(async () => t.close());

const exportCsv = (query = "", cookie = t.admin) =>
  t.app.inject({ url: `/api/clients/export.csv${query}`, headers: { cookie } });

describe("clients CSV export", () => {
  it("is admin only", async () => {
    expect((await t.app.inject({ url: "/api/clients/export.csv" })).statusCode).toBe(401);
    const portal = await t.clientUser();
    expect((await exportCsv("", portal.cookie)).statusCode).toBe(403);
  });

  it("downloads a UTF-8 CSV with BOM, ';' and Italian formats, with the list's filters", async () => {
    const res = await exportCsv("?q=ro&sort=name");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="clienti-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual([
      "Nome",
      "Tipo",
      "Indirizzo",
      "Città",
      "Provincia",
      "CAP",
      "Telefono",
      "E-mail",
      "PEC",
      "Codice SDI",
      "Partita IVA",
      "Codice fiscale",
      "Note",
      "Creato il",
    ]);
    // "ro" matches Rossi and Aurora, sorted by name.
    expect(rows.slice(1).map((r) => r[0])).toEqual(["Condominio Aurora", "Rossi; Mario"]);
    const rossi = rows.find((r) => r[0] === "Rossi; Mario")!;
    expect(rossi).toEqual([
      "Rossi; Mario",
      "Privato",
      "Via Roma 1",
      "Milano",
      "",
      "",
      "",
      "mario@rossi.it",
      "",
      "",
      "",
      "",
      'Dice "urgente"\nrichiamare',
      "01/03/2026",
    ]);

    const companies = parseCsv((await exportCsv("?type=azienda")).body);
    expect(companies).toHaveLength(2);
    expect(companies[1]!.slice(0, 2)).toEqual(["Edilcasa S.r.l.", "Azienda"]);
    expect(companies[1]![6]).toBe("'+39 02 123");
  });

  it("streams every row, beyond one page, ignoring limit and offset", async () => {
    const rows = parseCsv((await exportCsv("?q=massa&limit=5&offset=10")).body);
    expect(rows).toHaveLength(521);
    expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(520);
  });

  it("walks the pages by cursor in the chosen order, across rows written in the same instant", async () => {
    // The 520 rows share one created_at: the default order's tie is broken by the id, page after page.
    const byDate = parseCsv((await exportCsv("?q=massa")).body).slice(1);
    expect(new Set(byDate.map((r) => r[0])).size).toBe(520);
    const byName = parseCsv((await exportCsv("?q=massa&sort=-name")).body)
      .slice(1)
      .map((r) => r[0]);
    expect(byName).toHaveLength(520);
    expect(byName).toEqual(Array.from({ length: 520 }, (_, i) => `Massa ${String(519 - i).padStart(3, "0")}`));
  });

  it("refuses bad filters like the list does", async () => {
    const bad = await exportCsv("?type=villa");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty("type");
  });
});
