import { describe, expect, it } from "vitest";
import { csvCell, pages, toCsv, type CsvColumn } from "./csv";
import { parseCsv } from "../test/csv-parse";

describe("csv cells for Italian Excel", () => {
  it("writes amounts with a decimal comma, exactly", () => {
    expect(csvCell("1234.50", "money")).toBe("1234,50");
    expect(csvCell("-0.10", "money")).toBe("-0,10");
    expect(csvCell("12", "decimal")).toBe("12");
    expect(csvCell(null, "money")).toBe("");
  });

  it("writes dates and timestamps the Italian way", () => {
    expect(csvCell("2026-03-15", "date")).toBe("15/03/2026");
    expect(csvCell("2026-03-15 12:05:00+00", "datetime")).toBe("15/03/2026 13:05");
    expect(csvCell(true, "boolean")).toBe("Sì");
  });

  it("quotes separators, quotes, line breaks and edge spaces", () => {
    expect(csvCell("Rossi; Bianchi")).toBe('"Rossi; Bianchi"');
    expect(csvCell('Il "Tetto"')).toBe('"Il ""Tetto"""');
    expect(csvCell("riga 1\nriga 2")).toBe('"riga 1\nriga 2"');
    expect(csvCell(" spazio")).toBe('" spazio"');
    expect(csvCell("Via Roma, 1")).toBe("Via Roma, 1");
  });

  it("keeps formulas from running", () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell("+39 333")).toBe("'+39 333");
    expect(csvCell("-5.00", "money")).toBe("-5,00");
  });

  it("builds a document with BOM and CRLF that parses back to the same cells", () => {
    type R = { name: string; amount: string; note: string | null };
    const columns: CsvColumn<R>[] = [
      { header: "Nome", value: (r) => r.name },
      { header: "Importo", value: (r) => r.amount, type: "money" },
      { header: "Note", value: (r) => r.note },
    ];
    const text = toCsv(columns, [
      { name: "Perché; sì", amount: "1.50", note: 'a "b"\nc' },
      { name: "Ètoile", amount: "1000000.00", note: null },
    ]);
    expect(text.startsWith("\uFEFFNome;Importo;Note\r\n")).toBe(true);
    expect(parseCsv(text)).toEqual([
      ["Nome", "Importo", "Note"],
      ["Perché; sì", "1,50", 'a "b"\nc'],
      ["Ètoile", "1000000,00", ""],
    ]);
  });

  it("reads a list page by page until a short page, each after the last row of the one before", async () => {
    const data = Array.from({ length: 7 }, (_, i) => i);
    const calls: [number | undefined, number][] = [];
    const out: number[] = [];
    for await (const page of pages<number>(async (limit, last, offset) => {
      calls.push([last, offset]);
      // A keyset list reads after the last row; the offset is there for lists without cursors.
      const from = last === undefined ? 0 : data.indexOf(last) + 1;
      return data.slice(from, from + limit);
    }, 3))
      out.push(...page);
    expect(out).toEqual(data);
    expect(calls).toEqual([
      [undefined, 0],
      [2, 3],
      [5, 6],
    ]);
  });
});
