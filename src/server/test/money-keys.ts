/**
 * Words that never appear in the key of an answer given to a technician (docs/domain/roles.md
 * "Accounts": no prices of estimates, no contracts, no invoices). A key is split into its
 * camelCase words ("estimatedBudget" → estimated, budget), so "unitPrice", "totalAmount",
 * "costAnalysis", "contracts", "grossTotal" or "vatRate" are caught wherever they sit.
 */
const MONEY_WORDS = new Set([
  "total",
  "totals",
  "amount",
  "amounts",
  "price",
  "prices",
  "budget",
  "cost",
  "costs",
  "margin",
  "revenue",
  "gross",
  "net",
  "discount",
  "iva",
  "vat",
  "imponibile",
  "payment",
  "payments",
  "paid",
  "collected",
  "contract",
  "contracts",
  "invoice",
  "invoices",
  "invoiced",
]);

/** The partita IVA is who a client is, not money: the "vat" keys a technician may read. */
const ALLOWED = new Set([
  "vatNumber",
  // The company's default rate for new lines (public company data): a setting, not an amount.
  "defaultVatRate",
]);

const wordsOf = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[\s_-]+/)
    .map((w) => w.toLowerCase());

/** Every path in a JSON value whose key names money, a contract or an invoice. */
export function moneyKeysIn(value: unknown, path = "$"): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => moneyKeysIn(v, `${path}[${i}]`));
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, v]) => {
    const here = `${path}.${key}`;
    const own = !ALLOWED.has(key) && wordsOf(key).some((w) => MONEY_WORDS.has(w)) ? [here] : [];
    return [...own, ...moneyKeysIn(v, here)];
  });
}
