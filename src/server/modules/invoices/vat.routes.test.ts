import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIso } from "@domain/dates";
import { makePartitaIva } from "@domain/validators";
import { companySettings, estimates } from "../../db/schema";
import { pdfText } from "../../test/extract-text";
import { sdiProblems } from "../../documents/fatturapa/sdi-checks";
import { validateFatturaPa } from "../../documents/fatturapa/xsd";
import { buildTestApp, type TestApp } from "../../test/app";
import { completeCompanySettings, insertClient } from "../../test/fixtures/contracts";

// Issue 24, row by row: each building-VAT case goes through the real routes (estimate with its
// lines → acceptance → contract → invoice → issue) and the stored FatturaPA is validated against
// the official schema and the SdI arithmetic, with the totals to the cent.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await completeCompanySettings(t.db);
});
afterAll(async () => t.close());

const today = todayIso();
const post = (url: string, payload: unknown = {}) =>
  t.app.inject({ method: "POST", url, headers: { cookie: t.admin }, payload: payload as object });
const get = (url: string) => t.app.inject({ url, headers: { cookie: t.admin } });

type Line = {
  description: string;
  quantity: string;
  unitPrice: string;
  vatRate?: string;
  natura?: string;
  significantGood?: boolean;
  unit?: string;
};

/** An estimate with these lines, accepted by the office, its contract signed. */
async function job(clientId: string, items: Line[], opts: { treatment?: string } = {}) {
  const created = await post("/api/estimates", {
    clientId,
    title: "Rifacimento copertura",
    description: "Lavori sul tetto",
    treatment: opts.treatment,
    items: items.map((i) => ({ unit: "pz", ...i })),
  });
  expect(created.statusCode, created.body).toBe(201);
  const estimate = created.json();
  const accepted = await post(`/api/estimates/${estimate.id}/accept`, {
    signedBy: "Mario Rossi",
    version: estimate.version,
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const contractId = accepted.json().contract.id as string;
  expect((await post(`/api/contracts/${contractId}/sign`, { signedDate: today })).statusCode).toBe(200);
  return { estimate, contractId };
}

/** Creates the invoice, issues it, and returns it with its stored, validated FatturaPA and PDF text. */
async function issued(body: Record<string, unknown>) {
  const created = await post("/api/invoices", body);
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  const sent = await post(`/api/invoices/${id}/send`);
  expect(sent.statusCode, sent.body).toBe(200);
  const xmlRes = await get(`/api/invoices/${id}/fatturapa`);
  expect(xmlRes.statusCode, xmlRes.body).toBe(200);
  const fileName = /filename="([^"]+)"/.exec(xmlRes.headers["content-disposition"] as string)![1]!;
  expect(await validateFatturaPa(xmlRes.body, fileName)).toEqual([]);
  expect(sdiProblems(xmlRes.body, today)).toEqual([]);
  const detail = (await get(`/api/invoices/${id}`)).json();
  const pdf = await pdfText((await get(`/api/invoices/${id}/pdf`)).rawPayload);
  return { id, xml: xmlRes.body, detail, pdf };
}

const blocks = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, "g"))].map((m) => m[1]!);
const value = (xml: string, tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1] ?? null;
const riepiloghi = (xml: string) =>
  blocks(xml, "DatiRiepilogo").map((b) => [
    value(b, "AliquotaIVA"),
    value(b, "Natura"),
    value(b, "ImponibileImporto"),
    value(b, "Imposta"),
    value(b, "EsigibilitaIVA"),
  ]);

const privato = () =>
  insertClient(t.db, {
    name: "Bianchi Anna",
    type: "privato",
    vatNumber: null,
    fiscalCode: "RSSMRA80A01H501U",
    sdiCode: null,
  });

describe("building VAT, end to end (issue 24)", () => {
  it("privato at 10 % with 4 roof windows (beni significativi): VAT 1,615.99, total 9,615.95, goods' value stated", async () => {
    const client = await privato();
    const { contractId } = await job(client.id, [
      {
        description: "Finestra per tetti Velux GGL",
        quantity: "4",
        unitPrice: "1849.99",
        vatRate: "10",
        significantGood: true,
      },
      { description: "Posa in opera delle finestre", quantity: "1", unitPrice: "600.00", vatRate: "10" },
    ]);
    const inv = await issued({ contractId, kind: "saldo", fromEstimateLines: true });
    expect(inv.detail).toMatchObject({
      amount: "7999.96",
      vatAmount: "1615.99",
      totalAmount: "9615.95",
      stampDuty: "0.00",
      netToPay: "9615.95",
    });
    expect(value(inv.xml, "ImportoTotaleDocumento")).toBe("9615.95");
    expect(riepiloghi(inv.xml)).toEqual([
      ["22.00", null, "6799.96", "1495.99", "I"],
      ["10.00", null, "1200.00", "120.00", "I"],
    ]);
    // The significant goods become two lines: 600.00 at 10 % and 6,799.96 at 22 %.
    const lines = blocks(inv.xml, "DettaglioLinee").map((l) => [value(l, "PrezzoTotale"), value(l, "AliquotaIVA")]);
    expect(lines).toEqual([
      ["600.00", "10.00"],
      ["6799.96", "22.00"],
      ["600.00", "10.00"],
    ]);
    expect(inv.detail.vat.significantGoods).toMatchObject({
      goodsValue: "7399.96",
      reducedRatePart: "600.00",
      fullRatePart: "6799.96",
    });
    expect(inv.pdf).toContain("Beni significativi (DM 29/12/1999) compresi nella prestazione: valore 7.399,96 €");
    expect(inv.pdf).toContain("9.615,95 €");
  });

  it("subcontract under reverse charge N6.3: no bollo, 3,995.00", async () => {
    const company = await insertClient(t.db, { name: "Impresa Edile Beta S.r.l.", type: "azienda" });
    const { contractId } = await job(
      company.id,
      [{ description: "Posa manto in subappalto", quantity: "1", unitPrice: "3995.00", vatRate: "22" }],
      {
        treatment: "reverse_charge",
      },
    );
    const inv = await issued({ contractId, kind: "saldo", fromEstimateLines: true });
    expect(inv.detail).toMatchObject({
      amount: "3995.00",
      vatAmount: "0.00",
      stampDuty: "0.00",
      totalAmount: "3995.00",
    });
    expect(inv.xml).not.toContain("<DatiBollo>");
    expect(riepiloghi(inv.xml)).toEqual([["0.00", "N6.3", "3995.00", "0.00", null]]);
    expect(inv.pdf).toContain("Inversione contabile – art. 17 c. 6 lett. a) DPR 633/72");
  });

  it("reverse charge to a privato (codice fiscale only) is refused: 400 in Italian, nothing stored", async () => {
    const client = await privato();
    const before = (await t.db.select({ id: estimates.id }).from(estimates)).length;
    const res = await post("/api/estimates", {
      clientId: client.id,
      title: "Subappalto",
      description: "x",
      treatment: "reverse_charge",
      items: [{ description: "Lavori", quantity: "1", unitPrice: "1000", vatRate: "22" }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.treatment).toBe("Inversione contabile solo per clienti con partita IVA");
    expect((await t.db.select({ id: estimates.id }).from(estimates)).length).toBe(before);
    // A free invoice with an N6.3 line for the same client: refused too.
    const { contractId } = await job(client.id, [
      { description: "Lavori", quantity: "1", unitPrice: "1000", vatRate: "10" },
    ]);
    const libera = await post("/api/invoices", {
      contractId,
      kind: "libera",
      lines: [{ description: "Lavori", quantity: "1", unitPrice: "1000", vatRate: "0", natura: "N6.3" }],
    });
    expect(libera.statusCode).toBe(400);
    expect(libera.json().errors["lines.0.natura"]).toBe("Inversione contabile solo per clienti con partita IVA");
  });

  it("condominio at 10 %: ritenuta 4 % (DatiRitenuta), to pay 4,808.29; off for one that is not a sostituto d'imposta", async () => {
    const condo = await insertClient(t.db, {
      name: "Condominio Le Rose",
      type: "condominio",
      fiscalCode: makePartitaIva(90_001),
      vatNumber: null,
    });
    const { contractId } = await job(condo.id, [
      { description: "Rifacimento manto", quantity: "1", unitPrice: "4536.12", vatRate: "10" },
    ]);
    const inv = await issued({ contractId, kind: "saldo", fromEstimateLines: true });
    expect(inv.detail).toMatchObject({
      amount: "4536.12",
      vatAmount: "453.61",
      totalAmount: "4989.73",
      withholding: "181.44",
      netToPay: "4808.29",
    });
    expect(blocks(inv.xml, "DatiRitenuta")[0]).toBe(
      "<TipoRitenuta>RT02</TipoRitenuta><ImportoRitenuta>181.44</ImportoRitenuta><AliquotaRitenuta>4.00</AliquotaRitenuta><CausalePagamento>W</CausalePagamento>",
    );
    expect(value(inv.xml, "ImportoPagamento")).toBe("4808.29");
    expect(value(inv.xml, "Ritenuta")).toBe("SI");
    expect(inv.pdf).toContain("Netto a pagare");
    expect(inv.pdf).toContain("4.808,29 €");

    const notAgent = await insertClient(t.db, {
      name: "Condominio Piccolo",
      type: "condominio",
      fiscalCode: makePartitaIva(90_002),
      vatNumber: null,
      withholdingAgent: false,
    });
    const other = await job(notAgent.id, [
      { description: "Rifacimento manto", quantity: "1", unitPrice: "4536.12", vatRate: "10" },
    ]);
    const plain = await issued({ contractId: other.contractId, kind: "saldo", fromEstimateLines: true });
    expect(plain.detail).toMatchObject({ withholding: "0.00", netToPay: "4989.73" });
    expect(plain.xml).not.toContain("<DatiRitenuta>");
  });

  it("company in regime forfettario (RF19), 100.00: N2.2, no VAT, bollo 2.00 with DatiBollo: 102.00, with the wording", async () => {
    await t.db.update(companySettings).set({ regimeFiscale: "RF19" }).where(eq(companySettings.id, 1));
    try {
      const company = await insertClient(t.db, { name: "Gamma S.r.l.", type: "azienda" });
      const { contractId } = await job(company.id, [
        { description: "Riparazione grondaia", quantity: "1", unitPrice: "100.00", vatRate: "22" },
      ]);
      const inv = await issued({ contractId, kind: "saldo", fromEstimateLines: true });
      expect(inv.detail).toMatchObject({
        amount: "100.00",
        vatAmount: "0.00",
        stampDuty: "2.00",
        totalAmount: "102.00",
      });
      expect(blocks(inv.xml, "DatiBollo")[0]).toBe(
        "<BolloVirtuale>SI</BolloVirtuale><ImportoBollo>2.00</ImportoBollo>",
      );
      expect(riepiloghi(inv.xml)).toEqual([
        ["0.00", "N1", "2.00", "0.00", null],
        ["0.00", "N2.2", "100.00", "0.00", null],
      ]);
      expect(value(inv.xml, "RegimeFiscale")).toBe("RF19");
      expect(inv.pdf).toContain("regime forfettario");
      expect(inv.pdf).toContain("Imposta di bollo assolta in modo virtuale");
    } finally {
      await t.db.update(companySettings).set({ regimeFiscale: "RF01" }).where(eq(companySettings.id, 1));
    }
  });

  it("two rates on one job (22 % + 10 %): 654.00, one DatiRiepilogo per rate", async () => {
    const client = await privato();
    const { contractId } = await job(client.id, [
      { description: "Pannelli fotovoltaici", quantity: "1", unitPrice: "500.00", vatRate: "22" },
      { description: "Manutenzione gronde", quantity: "1", unitPrice: "40.00", vatRate: "10" },
    ]);
    const inv = await issued({ contractId, kind: "saldo", fromEstimateLines: true });
    expect(inv.detail).toMatchObject({ amount: "540.00", vatAmount: "114.00", totalAmount: "654.00" });
    expect(riepiloghi(inv.xml)).toEqual([
      ["22.00", null, "500.00", "110.00", "I"],
      ["10.00", null, "40.00", "4.00", "I"],
    ]);
  });

  it("public body (ente pubblico): FPA12, CodiceDestinatario = office code, split payment (EsigibilitaIVA S), CIG and CUP", async () => {
    const bad = await post("/api/clients", {
      name: "Comune di Monza",
      type: "ente_pubblico",
      address: "Piazza Trento 1",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.officeCode).toMatch(/Codice univoco ufficio/);
    const created = await post("/api/clients", {
      name: "Comune di Monza",
      type: "ente_pubblico",
      address: "Piazza Trento e Trieste 1",
      city: "Monza",
      province: "MB",
      zipCode: "20900",
      fiscalCode: "02030880153",
      officeCode: "uf1a2b",
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ officeCode: "UF1A2B", type: "ente_pubblico" });
    const { contractId } = await job(created.json().id, [
      { description: "Rifacimento copertura scuola", quantity: "1", unitPrice: "10000.00", vatRate: "22" },
    ]);
    const contract = (await get(`/api/contracts/${contractId}`)).json();
    // CIG and CUP are set while the contract can still be edited: reopen by writing them directly.
    const { contracts } = await import("../../db/schema");
    await t.db
      .update(contracts)
      .set({ cig: "Z1A2B3C4D5", cup: "J51B21000010004" })
      .where(eq(contracts.id, contract.id));
    const inv = await issued({ contractId, kind: "saldo", fromEstimateLines: true });
    expect(inv.xml).toContain('versione="FPA12"');
    expect(value(inv.xml, "FormatoTrasmissione")).toBe("FPA12");
    expect(value(inv.xml, "CodiceDestinatario")).toBe("UF1A2B");
    expect(riepiloghi(inv.xml)).toEqual([["22.00", null, "10000.00", "2200.00", "S"]]);
    expect(value(inv.xml, "CodiceCIG")).toBe("Z1A2B3C4D5");
    expect(value(inv.xml, "CodiceCUP")).toBe("J51B21000010004");
    expect(value(inv.xml, "ImportoPagamento")).toBe("10000.00");
    expect(inv.detail).toMatchObject({ totalAmount: "12200.00", netToPay: "10000.00" });
    expect(inv.pdf).toContain("Scissione dei pagamenti");
  });

  it("saldo after acconto and SAL: the estimate's lines, then one 'A dedurre' line per earlier invoice", async () => {
    const client = await privato();
    const { contractId, estimate } = await job(client.id, [
      { description: "Finestra per tetti", quantity: "4", unitPrice: "1849.99", vatRate: "10", significantGood: true },
      { description: "Posa in opera", quantity: "1", unitPrice: "600.00", vatRate: "10" },
    ]);
    const acconto = await issued({ contractId, kind: "acconto", percent: "30" });
    // One descriptive line per rate of the contract (10 % and the goods' excess at 22 %).
    expect(acconto.detail.lines.map((l: { vatRate: string; lineTotal: string }) => [l.vatRate, l.lineTotal])).toEqual([
      ["10", "360.00"],
      ["22", "2039.99"],
    ]);
    expect(acconto.detail.amount).toBe("2399.99");
    const { constructionSites } = await import("../../db/schema");
    await t.db
      .insert(constructionSites)
      .values({ estimateId: estimate.id, name: "Cantiere", address: "Via X 1", progress: 50, status: "in_corso" });
    const sal = await issued({ contractId, kind: "sal" });
    expect(sal.detail.amount).toBe("1599.99");
    expect(blocks(sal.xml, "DatiSAL")[0]).toBe("<RiferimentoFase>1</RiferimentoFase>");
    const saldo = await issued({ contractId, kind: "saldo", fromEstimateLines: true });
    const lines = saldo.detail.lines as { description: string; lineTotal: string; vatRate: string }[];
    expect(lines.map((l) => l.description)).toEqual([
      "Finestra per tetti",
      "Posa in opera",
      expect.stringMatching(/^A dedurre: acconto FAT-\d{4}-\d+ del \d{2}\/\d{2}\/\d{4} \(quota IVA 10%\)$/),
      expect.stringMatching(/^A dedurre: acconto FAT-.* \(quota IVA 22%\)$/),
      expect.stringMatching(/^A dedurre: SAL FAT-.* \(quota IVA 10%\)$/),
      expect.stringMatching(/^A dedurre: SAL FAT-.* \(quota IVA 22%\)$/),
    ]);
    // The remainder to the cent: 7,999.96 − 2,399.99 − 1,599.99; every rate stays exact.
    expect(saldo.detail.amount).toBe("3999.98");
    expect(riepiloghi(saldo.xml)).toEqual([
      ["22.00", null, "3399.98", "748.00", "I"],
      ["10.00", null, "600.00", "60.00", "I"],
    ]);
    expect(saldo.pdf).toContain("A dedurre: acconto");
  });

  it("a client name of 106 characters is refused where it is typed (400 naming the field), never cut", async () => {
    const name =
      "Condominio Residenza dei Giardini Pensili di Via Alessandro Manzoni angolo Via Giuseppe Garibaldi, scala B";
    expect(name.length).toBe(106);
    const res = await post("/api/clients", { name, type: "condominio", address: "Via Manzoni 1" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.name).toBe("Nome: massimo 80 caratteri (limite della fattura elettronica)");
    // An 80-character name in Latin-1 that grows with "€": refused as well (EUR takes 3).
    const euro = await post("/api/clients", { name: `${"A".repeat(78)}€`, type: "azienda", address: "Via Roma 1" });
    expect(euro.statusCode).toBe(400);
    const line = await post("/api/estimates", {
      clientId: (await privato()).id,
      title: "x",
      description: "x",
      items: [{ description: "x".repeat(1001), quantity: "1", unitPrice: "1" }],
    });
    expect(line.statusCode).toBe(400);
    expect(Object.keys(line.json().errors)).toContain("items.0.description");
  });

  it("the company's default VAT rate is the default of new lines; 10 % is suggested for homes", async () => {
    await t.db.update(companySettings).set({ defaultVatRate: "4" }).where(eq(companySettings.id, 1));
    try {
      const company = await insertClient(t.db, { name: "Delta S.r.l.", type: "azienda" });
      const res = await post("/api/estimates", {
        clientId: company.id,
        title: "x",
        description: "x",
        items: [{ description: "Lavori", quantity: "2.5", unitPrice: "10.1234" }],
      });
      expect(res.statusCode, res.body).toBe(201);
      const detail = (await get(`/api/estimates/${res.json().id}`)).json();
      expect(detail.items[0]).toMatchObject({
        vatRate: "4",
        quantity: "2.50",
        unitPrice: "10.1234",
        totalPrice: "25.31",
      });
      expect(detail).toMatchObject({ totalAmount: "25.31", vatAmount: "1.01", grossTotal: "26.32" });
      const home = await post("/api/estimates", {
        clientId: (await privato()).id,
        title: "x",
        description: "x",
        items: [{ description: "Lavori", quantity: "1", unitPrice: "100" }],
      });
      expect((await get(`/api/estimates/${home.json().id}`)).json().items[0].vatRate).toBe("10");
    } finally {
      await t.db.update(companySettings).set({ defaultVatRate: "22" }).where(eq(companySettings.id, 1));
    }
  });
});
