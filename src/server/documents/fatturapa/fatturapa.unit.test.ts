import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  buildFatturaPa,
  fatturaLinesOf,
  fatturaPaProblems,
  fatturaProgressive,
  toLatin1,
  type FpInput,
} from "@domain/fatturapa";
import { computeVat, type LineVatRate } from "@domain/vat";
import { makePartitaIva } from "@domain/validators";
import { sdiProblems } from "./sdi-checks";
import { FATTURAPA_SCHEMA_DIR, validateFatturaPa } from "./xsd";

const sellerVat = makePartitaIva(777);
const buyerVat = makePartitaIva(4242);

/** One line at a rate ("rc": a 22 % line under reverse charge, N6.3), through the VAT engine. */
function invoice(
  treatment: LineVatRate | "rc" | "RF19",
  amount: string,
  opts: { type?: "TD01" | "TD02"; description?: string; buyer?: Partial<FpInput["buyer"]> } = {},
): FpInput {
  const line = {
    description: opts.description ?? "Rifacimento manto di copertura",
    quantity: "1",
    unit: null,
    unitPrice: amount,
  };
  const vat = computeVat({
    clientType: "azienda",
    clientHasPartitaIva: true,
    regime: treatment === "RF19" ? "RF19" : "RF01",
    treatment: treatment === "rc" ? "reverse_charge" : "ordinary",
    lines: [
      {
        ...line,
        vatRate: treatment === "rc" || treatment === "RF19" ? "22" : treatment,
        natura: null,
        significantGood: false,
      },
    ],
  });
  const lines = fatturaLinesOf([line], vat);
  return {
    today: "2026-03-01",
    seller: {
      name: "Colmo Coperture S.r.l.",
      vatNumber: sellerVat,
      fiscalCode: null,
      address: "Via dell'Artigianato 4",
      zipCode: "20900",
      city: "Monza",
      province: "MB",
      regimeFiscale: "RF01",
      iban: "IT60X0542811101000000123456",
      phone: "+39 039 123456",
      email: "amministrazione@colmo.it",
    },
    buyer: {
      name: "Edilizia Brambilla S.r.l.",
      vatNumber: buyerVat,
      fiscalCode: null,
      address: "Via Lombardia 14",
      zipCode: "20900",
      city: "Monza",
      province: "MB",
      sdiCode: "ABC1234",
      pec: null,
      ...opts.buyer,
    },
    document: {
      formato: vat.formato,
      type: opts.type ?? "TD01",
      number: "FAT-2026-007",
      issueDate: "2026-02-15",
      dueDate: "2026-03-17",
      progressive: fatturaProgressive(2026, 7),
      lines,
      summaries: vat.summaries,
      stampDuty: vat.totals.bollo,
      ritenuta: vat.ritenuta,
      total: vat.totals.total,
      netToPay: vat.totals.netToPay,
      notes: "Pagamento a 30 giorni – grazie “per” la fiducia €",
    },
  };
}

describe("FatturaPA FPR12 against the official XSD", () => {
  it("reads the official schema from inside the repository, byte for byte", () => {
    const sha = (file: string) =>
      crypto
        .createHash("sha256")
        .update(fs.readFileSync(path.join(FATTURAPA_SCHEMA_DIR, file)))
        .digest("hex");
    expect(sha("Schema_VFPR12_v1.2.3.xsd")).toBe("152944f6eef9f5d69ef6e955ee173b32142b00a8c1c5222fc97dfab5910e8a8c");
    expect(sha("xmldsig-core-schema.xsd")).toBe("35cf8197da812c85e40d57891b35c94187569ed474a2dac813ce5090dafcd35c");
  });

  it("accepts the published minimal example (the validator itself works)", async () => {
    const xml = fs.readFileSync(new URL("./fixtures/minimal-FPR12.xml", import.meta.url), "utf8");
    expect(await validateFatturaPa(xml)).toEqual([]);
    expect(
      (await validateFatturaPa(xml.replace("<Divisa>EUR</Divisa>", "<Divisa>EURO</Divisa>"))).length,
    ).toBeGreaterThan(0);
  });

  const cases: [string, FpInput][] = [
    ["22 %", invoice("22", "12500.00")],
    [
      "10 % to a private client with codice fiscale and PEC",
      invoice("10", "8400.50", {
        buyer: {
          name: "Rossi Mario",
          vatNumber: null,
          fiscalCode: "RSSMRA80A01H501U",
          sdiCode: null,
          pec: "mario.rossi@pec.it",
        },
      }),
    ],
    ["4 %", invoice("4", "999.99")],
    ["reverse charge N6.3 (never a bollo)", invoice("rc", "20000.00")],
    ["forfettario RF19 with bollo", invoice("RF19", "100.00")],
    [
      "acconto TD02",
      invoice("22", "3000.00", { type: "TD02", description: "Acconto del 30% sul contratto CTR-2026-001" }),
    ],
    ["reverse charge under the bollo threshold", invoice("rc", "77.47")],
  ];
  for (const [name, input] of cases) {
    it(`validates: ${name}`, async () => {
      expect(fatturaPaProblems(input)).toEqual([]);
      const { xml, fileName } = buildFatturaPa(input);
      expect(fileName).toBe(`IT${sellerVat}_${fatturaProgressive(2026, 7)}.xml`);
      expect(await validateFatturaPa(xml, fileName)).toEqual([]);
      expect(sdiProblems(xml, "2026-12-31")).toEqual([]);
    });
  }

  it("writes one DatiRiepilogo per rate or natura, DatiBollo and the N1 bollo line when due", () => {
    // Issue 24: reverse charge never carries the bollo (the first round wrote 20,002.00 here).
    const rc = buildFatturaPa(invoice("rc", "20000.00")).xml;
    expect(rc.match(/<DatiRiepilogo>/g)).toHaveLength(1);
    expect(rc).toContain("<Natura>N6.3</Natura>");
    expect(rc).not.toContain("DatiBollo");
    expect(rc).toContain("<ImportoTotaleDocumento>20000.00</ImportoTotaleDocumento>");
    const { xml } = buildFatturaPa(invoice("RF19", "100.00"));
    expect(xml.match(/<DatiRiepilogo>/g)).toHaveLength(2);
    expect(xml).toContain("<Natura>N2.2</Natura>");
    expect(xml).toContain("<Natura>N1</Natura>");
    expect(xml).toContain("<DatiBollo><BolloVirtuale>SI</BolloVirtuale><ImportoBollo>2.00</ImportoBollo></DatiBollo>");
    expect(xml).toContain("<ImportoTotaleDocumento>102.00</ImportoTotaleDocumento>");
    expect(xml).toContain("<ModalitaPagamento>MP05</ModalitaPagamento>");
    expect(xml).not.toContain("EsigibilitaIVA>S");
    const plain = buildFatturaPa(invoice("22", "100.00")).xml;
    expect(plain).toContain(
      "<ImponibileImporto>100.00</ImponibileImporto><Imposta>22.00</Imposta><EsigibilitaIVA>I</EsigibilitaIVA>",
    );
    expect(plain).not.toContain("DatiBollo");
    expect(buildFatturaPa(invoice("22", "100.00", { type: "TD02" })).xml).toContain(
      "<TipoDocumento>TD02</TipoDocumento>",
    );
  });

  it("keeps Latin-1 fields Latin-1: quotes, dashes, € and foreign letters are transliterated", () => {
    expect(toLatin1("“Tetto” – lavori € 10… Łódź 😀 perché")).toBe('"Tetto" - lavori EUR 10... Lódz perché');
    const { xml } = buildFatturaPa(
      invoice("22", "100.00", { description: "Coppi “antichi” – 30 m² ✓ & <sigillatura>" }),
    );
    expect(xml).toContain("Coppi &quot;antichi&quot; - 30 m² &amp; &lt;sigillatura&gt;");
    // Every character of the file is Latin-1.
    expect([...xml].every((c) => c.codePointAt(0)! <= 0xff)).toBe(true);
  });

  it("lists what the SdI would reject, with its code", () => {
    const input = invoice("22", "100.00", {
      buyer: { vatNumber: null, fiscalCode: null, sdiCode: "ABC12", zipCode: null },
    });
    input.seller.vatNumber = null;
    input.seller.iban = null;
    input.document.issueDate = "2026-04-01";
    input.document.number = "FAT-ABC";
    input.document.lines[0] = { ...input.document.lines[0]!, rate: "0.00", natura: null, total: "99.00" };
    const codes = fatturaPaProblems(input).map((p) => p.code);
    expect(codes).toEqual(expect.arrayContaining(["00417", "00427", "00403", "00425", "00400", "00423", "dati"]));
    const messages = fatturaPaProblems(input).map((p) => p.message);
    expect(messages).toContain("Dati aziendali: partita IVA mancante");
    expect(messages).toContain("Cliente: serve la partita IVA o il codice fiscale");
    expect(messages).toContain("Cliente: CAP mancante");
    const natura = invoice("22", "100.00");
    natura.document.lines[0]!.natura = "N6.3";
    expect(fatturaPaProblems(natura).map((p) => p.code)).toContain("00401");
  });

  it("numbers files with a stable 5-character progressive", () => {
    expect(fatturaProgressive(2026, 1)).toBe("Q0001");
    expect(fatturaProgressive(2026, 1000)).toBe("Q00RS");
    expect(fatturaProgressive(2027, 1)).toBe("R0001");
    expect(new Set(Array.from({ length: 2000 }, (_, i) => fatturaProgressive(2026, i + 1))).size).toBe(2000);
  });
});

describe("no silent cut (issue 24)", () => {
  it("writes long notes as several 200-character Causale blocks and refuses over-long names instead of cutting them", () => {
    const input = invoice("22", "100.00");
    input.document.notes = "x".repeat(1200);
    expect(buildFatturaPa(input).xml.match(/<Causale>x{200}<\/Causale>/g)).toHaveLength(6);
    const long = invoice("22", "100.00", { buyer: { name: "N".repeat(81) } });
    expect(fatturaPaProblems(long).map((p) => p.field)).toContain("buyer.name");
    expect(buildFatturaPa(long).xml).toContain(`<Denominazione>${"N".repeat(81)}</Denominazione>`);
  });
});
