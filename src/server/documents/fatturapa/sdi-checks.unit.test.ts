import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { sdiProblems, toScaled } from "./sdi-checks";

const minimal = fs.readFileSync(new URL("./fixtures/minimal-FPR12.xml", import.meta.url), "utf8");
const TODAY = "2030-01-01";
const codes = (xml: string, today = TODAY) => sdiProblems(xml, today).map((p) => p.code);

/** A body with the given lines and summaries on the minimal file's header. */
function withBody(lines: string, summaries: string) {
  return minimal.replace(
    /<DatiBeniServizi>[\s\S]*<\/DatiBeniServizi>/,
    `<DatiBeniServizi>${lines}${summaries}</DatiBeniServizi>`,
  );
}
const line = (n: number, q: string, p: string, t: string, rate: string, natura?: string, extra = "") =>
  `<DettaglioLinee><NumeroLinea>${n}</NumeroLinea><Descrizione>x</Descrizione><Quantita>${q}</Quantita><PrezzoUnitario>${p}</PrezzoUnitario><PrezzoTotale>${t}</PrezzoTotale><AliquotaIVA>${rate}</AliquotaIVA>${natura ? `<Natura>${natura}</Natura>` : ""}${extra}</DettaglioLinee>`;
const summary = (rate: string, imponibile: string, imposta: string, natura?: string, esigibilita = "I") =>
  `<DatiRiepilogo><AliquotaIVA>${rate}</AliquotaIVA>${natura ? `<Natura>${natura}</Natura>` : ""}<ImponibileImporto>${imponibile}</ImponibileImporto><Imposta>${imposta}</Imposta><EsigibilitaIVA>${esigibilita}</EsigibilitaIVA></DatiRiepilogo>`;

describe("SdI checks on the FatturaPA text", () => {
  it("pass on a correct file", () => {
    expect(sdiProblems(minimal, TODAY)).toEqual([]);
    expect(codes(withBody(line(1, "3.000", "10.3333", "31.00", "22.00"), summary("22.00", "31.00", "6.82")))).toEqual(
      [],
    );
  });

  it("reads decimals exactly", () => {
    expect(toScaled("12.5")).toBe(1_250_000_000n);
    expect(toScaled("-0.01")).toBe(-1_000_000n);
    expect(toScaled("1,00")).toBeNull();
  });

  it("00423: line total is quantity × unit price within one cent", () => {
    expect(codes(withBody(line(1, "2.00", "10.00", "20.01", "22.00"), summary("22.00", "20.01", "4.40")))).toEqual([]);
    const problems = sdiProblems(
      withBody(line(1, "2.00", "10.00", "20.02", "22.00"), summary("22.00", "20.02", "4.40")),
      TODAY,
    );
    expect(problems).toEqual([expect.objectContaining({ code: "00423", field: "DettaglioLinee[1].PrezzoTotale" })]);
  });

  it("00421: VAT is rate × imponibile rounded half up, within one cent", () => {
    // 22 % of 10.25 = 2.255 → 2.26 (half up); 2.24 is two cents off.
    expect(codes(withBody(line(1, "1.00", "10.25", "10.25", "22.00"), summary("22.00", "10.25", "2.26")))).toEqual([]);
    expect(codes(withBody(line(1, "1.00", "10.25", "10.25", "22.00"), summary("22.00", "10.25", "2.24")))).toEqual([
      "00421",
    ]);
  });

  it("00422: imponibile is the sum of the lines at that rate, within one euro", () => {
    const lines = line(1, "1.00", "5.00", "5.00", "22.00") + line(2, "1.00", "20.00", "20.00", "22.00");
    expect(codes(withBody(lines, summary("22.00", "26.00", "5.72")))).toEqual([]);
    expect(codes(withBody(lines, summary("22.00", "27.00", "5.94")))).toEqual(["00422"]);
  });

  it("00400 / 00401 / 00445 on lines, 00429 / 00430 on summaries", () => {
    expect(codes(withBody(line(1, "1.00", "5.00", "5.00", "0.00"), summary("0.00", "5.00", "0.00")))).toEqual([
      "00400",
      "00429",
    ]);
    expect(
      codes(withBody(line(1, "1.00", "5.00", "5.00", "22.00", "N1"), summary("22.00", "5.00", "1.10", "N1"))),
    ).toEqual(["00401", "00430"]);
    expect(
      codes(withBody(line(1, "1.00", "5.00", "5.00", "0.00", "N6"), summary("0.00", "5.00", "0.00", "N6"))),
    ).toEqual(["00445"]);
  });

  it("00419 / 00444: every rate and natura of the lines has its summary", () => {
    const lines = line(1, "1.00", "100.00", "100.00", "22.00") + line(2, "1.00", "2.00", "2.00", "0.00", "N1");
    expect(codes(withBody(lines, summary("22.00", "100.00", "22.00")))).toEqual(["00444"]);
    expect(codes(withBody(lines, summary("0.00", "2.00", "0.00", "N1")))).toEqual(["00419"]);
  });

  it("00420: reverse charge is never split payment", () => {
    expect(
      codes(withBody(line(1, "1.00", "5.00", "5.00", "0.00", "N6.3"), summary("0.00", "5.00", "0.00", "N6.3", "S"))),
    ).toEqual(["00420"]);
  });

  it("00437: a discount needs a percentage or an amount", () => {
    const l = line(1, "1.00", "5.00", "5.00", "22.00", undefined, "").replace(
      "<PrezzoTotale>",
      "<ScontoMaggiorazione><Tipo>SC</Tipo></ScontoMaggiorazione><PrezzoTotale>",
    );
    expect(codes(withBody(l, summary("22.00", "5.00", "1.10")))).toEqual(["00437"]);
  });

  it("00411: ritenuta on a line needs DatiRitenuta", () => {
    expect(
      codes(
        withBody(
          line(1, "1.00", "5.00", "5.00", "22.00", undefined, "<Ritenuta>SI</Ritenuta>"),
          summary("22.00", "5.00", "1.10"),
        ),
      ),
    ).toEqual(["00411"]);
  });

  it("00417 / 00427 / 00428 / 00425 / 00403 on header and document data", () => {
    const noIds = minimal.replace(
      "<IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>09876543210</IdCodice></IdFiscaleIVA>",
      "",
    );
    expect(codes(noIds)).toEqual(["00417"]);
    expect(codes(minimal.replace(/<CodiceDestinatario>[^<]*</, "<CodiceDestinatario>ABC123<"))).toEqual(["00427"]);
    expect(codes(minimal.replace('versione="FPR12"', 'versione="FPA12"'))).toEqual(["00428"]);
    expect(codes(minimal.replace(/<Numero>[^<]*</, "<Numero>ABC<"))).toEqual(["00425"]);
    expect(codes(minimal, "2000-01-01")).toEqual(["00403"]);
  });
});
