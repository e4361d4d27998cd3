import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "../db/schema";
import { runDemo } from "../demo/run";
import { buildTestApp, type TestApp } from "../test/app";

// Every column header a list screen sorts on (src/web/components/list/sortable-head.tsx) sorts
// in SQL, both ways, on the demo data set: one case per list and header.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await runDemo(t.db, 1, () => {});
  // The demo sends nothing; a few messages for the outbox's headers.
  await t.db.insert(outbox).values(
    ["bianchi", "alfa", "rossi", "ferri"].map((name, i) => ({
      to: `${name}@example.it`,
      subject: `${["Preventivo", "Fattura", "Sollecito", "Ordine"][i]} ${i}`,
      text: "…",
      createdAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
    })),
  );
}, 180_000);
afterAll(async () => t.close());

type Kind = "text" | "number" | "date";
/** [list url, sort key, the answer's field that shows it, how to compare]. */
const headers: [string, string, string, Kind][] = [
  ["/api/clients", "name", "name", "text"],
  ["/api/clients", "type", "type", "text"],
  ["/api/clients", "createdAt", "createdAt", "date"],
  ["/api/contacts", "name", "name", "text"],
  ["/api/contacts", "clientName", "clientName", "text"],
  ["/api/surveys", "date", "date", "date"],
  ["/api/surveys", "status", "status", "text"],
  ["/api/surveys", "clientName", "clientName", "text"],
  ["/api/estimates", "number", "number", "text"],
  ["/api/estimates", "clientName", "clientName", "text"],
  ["/api/estimates", "title", "title", "text"],
  ["/api/estimates", "totalAmount", "totalAmount", "number"],
  ["/api/estimates", "status", "status", "text"],
  ["/api/estimates", "createdAt", "createdAt", "date"],
  ["/api/contracts", "number", "number", "text"],
  ["/api/contracts", "signedDate", "signedDate", "date"],
  ["/api/contracts", "status", "status", "text"],
  ["/api/contracts", "createdAt", "createdAt", "date"],
  ["/api/invoices", "number", "number", "text"],
  ["/api/invoices", "totalAmount", "totalAmount", "number"],
  ["/api/invoices", "issueDate", "issueDate", "date"],
  ["/api/invoices", "dueDate", "dueDate", "date"],
  ["/api/invoices", "status", "status", "text"],
  ["/api/orders", "number", "number", "text"],
  ["/api/orders", "title", "title", "text"],
  ["/api/orders", "orderDate", "orderDate", "date"],
  ["/api/orders", "totalAmount", "totalAmount", "number"],
  ["/api/orders", "status", "status", "text"],
  ["/api/suppliers", "name", "name", "text"],
  ["/api/suppliers", "city", "city", "text"],
  ["/api/suppliers", "status", "status", "text"],
  ["/api/outbox", "subject", "subject", "text"],
  ["/api/outbox", "to", "to", "text"],
  ["/api/outbox", "createdAt", "createdAt", "date"],
];

/**
 * The order two neighbours must respect. Text compares its first letter only: PostgreSQL's
 * collation and JavaScript agree on a–z, not on spaces, accents or punctuation further on.
 */
function compare(kind: Kind, a: unknown, b: unknown): number {
  if (a === null || b === null || a === undefined || b === undefined) return 0;
  if (kind === "number") return Number(a) - Number(b);
  if (kind === "date") return String(a).localeCompare(String(b));
  const [x, y] = [String(a).toLowerCase().charAt(0), String(b).toLowerCase().charAt(0)];
  return /[a-z]/.test(x) && /[a-z]/.test(y) ? x.localeCompare(y) : 0;
}

// Invoice numbers are FAT-year-sequence: the year and sequence carry the order, not the text.
const invoiceKey = (n: string) =>
  n.replace(/^\D*(\d{4})\D+(\d+).*$/, (_m, y: string, s: string) => `${y}-${s.padStart(8, "0")}`);

describe("list sorts", () => {
  it.each(headers)("%s sorts on %s both ways", async (url, key, field, kind) => {
    const values: Record<string, unknown[]> = {};
    for (const sort of [key, `-${key}`]) {
      const res = await t.app.inject({ url: `${url}?sort=${sort}&limit=200`, headers: { cookie: t.admin } });
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json() as Record<string, unknown>[];
      expect(rows.length, `${url} has rows`).toBeGreaterThan(1);
      let list = rows.map((r) => r[field]);
      if (url === "/api/invoices" && key === "number") list = list.map((v) => invoiceKey(String(v)));
      values[sort] = list;
      const sign = sort.startsWith("-") ? -1 : 1;
      for (let i = 1; i < list.length; i++) {
        expect(
          sign * compare(kind, list[i - 1], list[i]),
          `${url}?sort=${sort} at ${i}: ${list[i - 1]} / ${list[i]}`,
        ).toBeLessThanOrEqual(0);
      }
    }
    // The two directions differ (the column has more than one value on the page).
    expect(values[key]).not.toEqual(values[`-${key}`]);
  });
});
