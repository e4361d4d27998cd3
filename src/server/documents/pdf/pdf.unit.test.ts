import { describe, expect, it } from "vitest";
import { computeVat, type LineVatRate } from "@domain/vat";

/** A one-line document through the engine ("rc": 22 % under reverse charge; "RF19": forfettario). */
const vatOf = (amount: string, rate: LineVatRate | "rc" | "RF19") =>
  computeVat({
    clientType: "azienda",
    clientHasPartitaIva: true,
    regime: rate === "RF19" ? "RF19" : "RF01",
    treatment: rate === "rc" ? "reverse_charge" : "ordinary",
    lines: [
      {
        description: "x",
        quantity: "1",
        unitPrice: amount,
        vatRate: rate === "rc" || rate === "RF19" ? "22" : rate,
        natura: null,
        significantGood: false,
      },
    ],
  });
import {
  a4Document,
  documentHeading,
  letterhead,
  linesTable,
  partyBlock,
  renderPdf,
  signatureBlock,
  textSection,
  totalsBlock,
} from "./index";
import { extractPdfText, pdfText } from "../../test/extract-text";
import { PdfLimiter, TooManyPdfsError } from "./limits";
import { pdfPoolStats } from "./pool";

const company = {
  companyName: "Coperture Città Alta S.r.l.",
  vatNumber: "01234567897",
  fiscalCode: "01234567897",
  address: "Via dell'Università 3",
  city: "Forlì",
  province: "FC",
  zipCode: "47121",
  phone: "0543 123456",
  email: "info@coperture.it",
  pec: "coperture@pec.it",
};
// 1×1 transparent PNG: proves an uploaded logo is embedded without breaking the layout.
const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

describe("PDF blocks", () => {
  it("renders a multi-page A4 document with accents, repeated table header, totals and signature", async () => {
    const lines = Array.from({ length: 45 }, (_, i) => ({
      description: `Voce ${i + 1} - rifacimento manto di copertura in coppi, qualità superiore, già comprensivo di smaltimento è più ${"lungo testo descrittivo ".repeat(i % 5 === 0 ? 8 : 1)}`,
      notes: i === 0 ? "Nota: perché sì" : null,
      quantity: "12.50",
      unit: "mq",
      unitPrice: "1234.56",
      totalPrice: "15432.00",
    }));
    const vat = vatOf("694440.00", "10");
    const doc = a4Document(
      [
        letterhead(company, PNG),
        {
          columns: [
            documentHeading("Preventivo", "PRV-2026-007", [["Data", "01/02/2026"]]),
            partyBlock("Cliente", {
              name: "Rossi Niccolò",
              address: "Via Roma 1",
              city: "Cesena",
              province: "FC",
              zipCode: "47521",
            }),
          ],
        },
        textSection("Descrizione", "Lavori di manutenzione straordinaria"),
        linesTable(lines),
        totalsBlock({ vat, before: [["Materiali (60%)", "1,00 €"]] }),
        signatureBlock({
          companyName: company.companyName,
          partyLabel: "Per accettazione (il cliente)",
          signed: { name: "Niccolò Rossi", at: "2026-02-03T10:15:00Z", ip: "203.0.113.7" },
        }),
      ],
      { title: "Preventivo PRV-2026-007", author: company.companyName },
    );
    const pdf = await renderPdf(doc);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const pages = await extractPdfText(pdf);
    expect(pages.length).toBeGreaterThan(1);
    const all = pages.join(" ").replace(/\s+/g, " ");
    for (const text of [
      "Coperture Città Alta S.r.l.",
      "Forlì",
      "P.IVA 01234567897",
      "PRV-2026-007",
      "Rossi Niccolò",
      "qualità superiore, già",
      "1.234,56 €",
      "694.440,00 €",
      "69.444,00 €",
      "763.884,00 €",
      "IVA 10%",
      "Niccolò Rossi",
      "203.0.113.7",
      "Pagina 1 di",
    ]) {
      expect(all, text).toContain(text);
    }
    // The header row repeats on the pages the table continues on.
    expect(pages.filter((p) => p.includes("Prezzo unit.")).length).toBeGreaterThan(1);
    // Every one of the 45 lines is printed.
    for (let i = 1; i <= 45; i++) expect(all).toContain(`Voce ${i} -`);
  }, 20_000); // the first render also starts the worker thread

  it("prints the reverse-charge note and the stamp duty, and an empty table", async () => {
    const rc = await pdfText(
      await renderPdf(a4Document([totalsBlock({ vat: vatOf("100.00", "rc") })], { title: "t" })),
    );
    expect(rc).toContain("art. 17 c. 6 lett. a)");
    expect(rc).not.toContain("Imposta di bollo");
    const pdf = await renderPdf(
      a4Document(
        [
          letterhead({ companyName: "Ditta" }),
          linesTable([]),
          totalsBlock({ vat: vatOf("100.00", "RF19") }),
          signatureBlock({ companyName: "Ditta", partyLabel: "Il cliente" }),
        ],
        { title: "t" },
      ),
    );
    const text = await pdfText(pdf);
    expect(text).toContain("Nessuna voce");
    expect(text).toContain("Imposta di bollo");
    expect(text).toContain("102,00 €");
    expect(text).toContain("Data e firma");
  });
});

describe("PDF worker pool", () => {
  it("renders in a worker thread, never on the calling thread, and survives a bad document", async () => {
    const before = pdfPoolStats();
    const pdf = await renderPdf(a4Document([{ text: "Nel thread di lavoro" }], { title: "t", author: "Ditta Srl" }));
    const after = pdfPoolStats();
    expect(after.started).toBe(before.started + 1);
    expect(after.finished).toBe(before.finished + 1);
    const text = await pdfText(pdf);
    // The page footer, added in the worker (a function cannot be sent to it).
    expect(text).toContain("Ditta Srl");
    expect(text).toContain("Pagina 1 di 1");
    // A definition that pdfmake cannot lay out fails that render only; the next one works.
    await expect(
      renderPdf(a4Document([{ image: "data:image/png;base64,AAAA" }], { title: "rotto" })),
    ).rejects.toThrow();
    expect((await renderPdf(a4Document([{ text: "ancora" }], { title: "t" }))).subarray(0, 5).toString()).toBe("%PDF-");
    // A function in the definition cannot reach the worker: the error says what to do.
    const withFunction = a4Document([{ table: { body: [["a"]] }, layout: { hLineColor: () => "#000" } }], {
      title: "t",
    });
    await expect(renderPdf(withFunction)).rejects.toThrow(/name a table layout from theme.ts/);
  }, 20_000);
});

describe("per-user PDF limiter", () => {
  const gate = () => {
    let open!: () => void;
    const promise = new Promise<void>((resolve) => (open = resolve));
    return { promise, open };
  };

  it("runs 2 at a time per user, queues 8 in order, refuses the rest; other users are not affected", async () => {
    const limiter = new PdfLimiter(2, 8);
    const gates = Array.from({ length: 10 }, gate);
    const started: number[] = [];
    const runs = gates.map((g, i) => limiter.run("a", async () => (started.push(i), await g.promise, i)));
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(limiter.pending("a")).toEqual({ running: 2, waiting: 8 });
    await expect(limiter.run("a", async () => "troppo")).rejects.toBeInstanceOf(TooManyPdfsError);
    expect(await limiter.run("b", async () => "altro utente")).toBe("altro utente");
    gates[1]!.open();
    expect(await runs[1]).toBe(1);
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(limiter.pending("a")).toEqual({ running: 0, waiting: 0 });
    await expect(limiter.run("a", async () => Promise.reject(new Error("rotto")))).rejects.toThrow("rotto");
    expect(limiter.pending("a")).toEqual({ running: 0, waiting: 0 });
  });

  it("is fair across users: with one worker, another user's PDF goes next, not after ten of the first's (issue 26)", async () => {
    // One worker: a serial executor standing for the pool.
    let chain = Promise.resolve();
    const finished: string[] = [];
    const gates = new Map<string, () => void>();
    const worker = (name: string) => {
      const done = (chain = chain.then(
        () => new Promise<void>((resolve) => gates.set(name, () => (finished.push(name), resolve()))),
      ));
      return done;
    };
    const limiter = new PdfLimiter(2, 8, 1);
    const runs = Array.from({ length: 10 }, (_, i) => limiter.run("cliente-a", () => worker(`a${i}`)));
    await new Promise((r) => setTimeout(r, 0));
    const other = limiter.run("cliente-b", () => worker("b0"));
    // The worker finishes one render at a time, whichever is next.
    for (let i = 0; i < 11; i++) {
      await new Promise((r) => setTimeout(r, 0));
      const next = [...gates.entries()].find(([name]) => !finished.includes(name));
      next?.[1]();
    }
    await Promise.all([...runs, other]);
    expect(finished.indexOf("b0")).toBeLessThanOrEqual(1);
  });
});
