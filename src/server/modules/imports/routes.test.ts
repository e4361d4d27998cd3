import { sql } from "drizzle-orm";
import writeXlsxFile from "write-excel-file/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeCodiceFiscale, makePartitaIva } from "@domain/validators";
import { buildTestApp, type TestApp } from "../../test/app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

function multipart(fileName: string, data: Buffer | string, mime = "text/csv") {
  const boundary = "----colmo-import-boundary";
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${mime}\r\n\r\n`),
    Buffer.isBuffer(data) ? data : Buffer.from(data),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

const upload = (url: string, fileName: string, data: Buffer | string, cookie = t.admin, mime?: string) => {
  const m = multipart(fileName, data, mime);
  return t.app.inject({ method: "POST", url, payload: m.payload, headers: { ...m.headers, cookie } });
};
const count = async (table: string, where = sql`true`) =>
  Number(((await t.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

describe("import API", () => {
  it("previews a good CSV without saving, then imports it atomically (Italian headers, ';' separator, quotes)", async () => {
    const csv = [
      "Nome;Tipo;Indirizzo;Città;Provincia;CAP;Partita IVA;Codice fiscale;Email",
      `Edilnord S.r.l.;Azienda;"Via Roma 1; scala B";Monza;MB;20900;${makePartitaIva(9001)};;info@edilnord.it`,
      `Bianchi Anna;Privato;Via Verdi 2;Milano;MI;20121;;${makeCodiceFiscale("Bianchi", "Anna", 3)};`,
      "",
    ].join("\r\n");
    const before = await count("clients");
    const preview = await upload("/api/imports/clients", "clienti.csv", csv);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ kind: "clients", total: 2, valid: 2, invalid: 0, issues: [], created: 0 });
    expect(preview.json().sample[0]).toMatchObject({ Nome: "Edilnord S.r.l.", Tipo: "azienda", Indirizzo: "Via Roma 1; scala B" });
    expect(await count("clients")).toBe(before);

    const saved = await upload("/api/imports/clients?commit=1", "clienti.csv", csv);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ created: 2, valid: 2 });
    expect(await count("clients", sql`name in ('Edilnord S.r.l.', 'Bianchi Anna')`)).toBe(2);
    const [activity] = ((await t.db.execute(sql`select description from activity_log order by at desc limit 1`)) as unknown as { rows: { description: string }[] }).rows;
    expect(activity!.description).toBe("Importati 2 clienti da file");
  });

  it("reads an .xlsx sheet (numbers as cells) for suppliers and services", async () => {
    const suppliers = await (
      await writeXlsxFile([
        [{ value: "Ragione sociale" }, { value: "Città" }, { value: "Partita IVA" }, { value: "Subappaltatore" }],
        [{ value: "Lattonerie Brianza S.n.c." }, { value: "Lecco" }, { value: makePartitaIva(9101) }, { value: "sì" }],
        [{ value: "Ponteggi Adda S.r.l." }, { value: "Lodi" }, { value: undefined }, { value: "no" }],
      ]).toBuffer()
    );
    const res = await upload("/api/imports/suppliers?commit=1", "fornitori.xlsx", suppliers, t.admin, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 2 });
    const [row] = ((await t.db.execute(sql`select is_subcontractor from suppliers where name = 'Lattonerie Brianza S.n.c.'`)) as unknown as { rows: { is_subcontractor: boolean }[] }).rows;
    expect(row).toEqual({ is_subcontractor: true });

    const services = await writeXlsxFile([
      [{ value: "Nome" }, { value: "Prezzo unitario" }, { value: "Unità" }, { value: "Categoria" }],
      [{ value: "Posa guaina ardesiata" }, { value: 18.5 }, { value: "mq" }, { value: undefined }],
      [{ value: "Grondaia in rame" }, { value: "42,90" }, { value: "ml" }, { value: undefined }],
    ]).toBuffer();
    const svc = await upload("/api/imports/services?commit=1", "servizi.xlsx", services);
    expect(svc.statusCode, svc.body).toBe(200);
    const prices = ((await t.db.execute(sql`select name, unit_price from services where name in ('Posa guaina ardesiata', 'Grondaia in rame') order by name`)) as unknown as { rows: { name: string; unit_price: string }[] }).rows;
    expect(prices).toEqual([
      { name: "Grondaia in rame", unit_price: "42.90" },
      { name: "Posa guaina ardesiata", unit_price: "18.50" },
    ]);
  });

  it("bad rows: per-row Italian errors naming row and field, nothing saved unless the user skips them", async () => {
    const csv = [
      "Nome,Tipo,Indirizzo,Partita IVA,Email",
      "Rossi Mario,privato,Via Po 3,,",
      ",privato,Via Po 4,,",
      "Verdi Srl,azienda,Via Po 5,12345678901,non-una-mail",
      "Ente Parco,ente pubblico,Via Po 6,,",
      "Gialli Luca,marziano,Via Po 7,,",
      "rossi  mario,privato,Via Po 8,,",
    ].join("\n");
    const before = await count("clients");
    const res = await upload("/api/imports/clients?commit=1", "clienti.csv", csv);
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.message).toBe(
      "Nessuna riga importata: 6 errori (Riga 3, Nome: campo obbligatorio; Riga 4, Email: Indirizzo e-mail non valido; Riga 4, Partita IVA: Partita IVA non valida; …). Correggi il file o scegli di saltare le righe con errori.",
    );
    expect(body.errors).toMatchObject({
      "riga 3.Nome": "Riga 3, Nome: campo obbligatorio",
      "riga 4.Partita IVA": expect.stringContaining("Riga 4, Partita IVA:"),
      "riga 4.Email": expect.stringContaining("Riga 4, Email:"),
      "riga 5.Codice ufficio": "Riga 5, Codice ufficio: Codice univoco ufficio: obbligatorio per un ente pubblico (6 caratteri)",
      "riga 6.Tipo": "Riga 6, Tipo: Tipo cliente: scegli Privato, Azienda, Condominio o Ente pubblico",
      "riga 7.Nome": "Riga 7, Nome: uguale alla riga 2 del file",
    });
    expect(await count("clients")).toBe(before);

    const preview = await upload("/api/imports/clients", "clienti.csv", csv);
    expect(preview.json()).toMatchObject({ total: 6, valid: 1, invalid: 5, issueCount: 6 });

    const skipped = await upload("/api/imports/clients?commit=1&skipInvalid=1", "clienti.csv", csv);
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json()).toMatchObject({ created: 1, invalid: 5 });
    expect(await count("clients")).toBe(before + 1);
  });

  it("finds duplicates of what is already in Colmo: same partita IVA, codice fiscale or name", async () => {
    const piva = makePartitaIva(9201);
    await upload("/api/imports/clients?commit=1", "a.csv", `Nome;Indirizzo;Partita IVA\nTetti Srl;Via A 1;${piva}\n`);
    const res = await upload("/api/imports/clients", "b.csv", `Nome;Indirizzo;Partita IVA\nAltro nome Srl;Via B 2;${piva}\nTETTI SRL;Via C 3;\n`);
    expect(res.json().issues).toEqual([
      { row: 2, field: "Partita IVA", message: "già presente in Colmo (Tetti Srl)" },
      { row: 3, field: "Nome", message: "già presente in Colmo (Tetti Srl)" },
    ]);
  });

  it("refuses a wrong file type, a missing header, a file too big and too many rows", async () => {
    const pdf = await upload("/api/imports/clients", "clienti.pdf", "%PDF-1.4 ...", t.admin, "application/pdf");
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json()).toEqual({ message: "Formato non supportato: carica un file CSV (.csv) o Excel (.xlsx)", errors: { file: "Formato non supportato: carica un file CSV (.csv) o Excel (.xlsx)" } });
    const fakeXlsx = await upload("/api/imports/clients", "clienti.xlsx", "Nome;Indirizzo\nA;B\n");
    expect(fakeXlsx.statusCode).toBe(415);
    expect(fakeXlsx.json().message).toBe("Il file .xlsx non è un foglio Excel valido");
    const noHeader = await upload("/api/imports/clients", "clienti.csv", "Cognome;Via\nA;B\n");
    expect(noHeader.json().issues).toEqual([{ row: 1, field: "Nome", message: "manca la colonna «Nome» nell'intestazione" }]);

    const big = await upload("/api/imports/clients", "clienti.csv", `Nome;Note\n${"x;".padEnd(5 * 1024 * 1024 + 10, "y")}\n`);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe("File troppo grande: al massimo 5 MB");
    const many = await upload("/api/imports/clients", "clienti.csv", `Nome;Indirizzo\n${"A;B\n".repeat(10_001)}`);
    expect(many.statusCode).toBe(413);
    expect(many.json().message).toBe("Il file ha 10.001 righe: se ne importano al massimo 10.000 per volta. Dividilo in più file.");
    const badKind = await upload("/api/imports/users", "u.csv", "Nome\nA\n");
    expect(badKind.statusCode).toBe(400);
  });

  it("is the office's: a portal client and a technician are refused, anonymous too", async () => {
    const csv = "Nome;Indirizzo\nNon Deve Entrare;Via X 1\n";
    const client = await t.clientUser();
    const tecnico = await t.staffUser("tecnico");
    const ufficio = await t.staffUser("ufficio");
    for (const cookie of [client.cookie, tecnico.cookie]) {
      const res = await upload("/api/imports/clients?commit=1", "c.csv", csv, cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: expect.stringMatching(/^[A-ZÈ].+/) });
    }
    const anonymous = await upload("/api/imports/clients?commit=1", "c.csv", csv, "");
    expect(anonymous.statusCode).toBe(401);
    expect(await count("clients", sql`name = 'Non Deve Entrare'`)).toBe(0);
    const office = await upload("/api/imports/clients?commit=1", "c.csv", csv, ufficio.cookie);
    expect(office.json()).toMatchObject({ created: 1 });
  });

  it("imports 10,000 client rows in one transaction (time printed, not asserted)", async () => {
    const lines = ["Nome;Tipo;Indirizzo;Città;Provincia;CAP;Partita IVA;Email"];
    for (let i = 0; i < 10_000; i++) lines.push(`Impresa Import ${i} S.r.l.;azienda;Via Lunga ${i};Bergamo;BG;24121;${makePartitaIva(500_000 + i)};impresa${i}@example.it`);
    const csv = lines.join("\n");
    const started = performance.now();
    const res = await upload("/api/imports/clients?commit=1", "diecimila.csv", csv);
    const seconds = (performance.now() - started) / 1000;
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    expect(res.json()).toMatchObject({ total: 10_000, created: 10_000 });
    console.log(`import of 10,000 clients (${(csv.length / 1024 / 1024).toFixed(2)} MB CSV): ${seconds.toFixed(2)} s`);
  }, 120_000);
});
