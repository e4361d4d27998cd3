import fc from "fast-check";

// Generators of the input a careless or hostile user can send: every value here must be refused
// with a 4xx (or, when it happens to be valid, accepted), never crash the server.

const sqlPayloads = ["' OR '1'='1", "1; DROP TABLE clients; --", "'); DELETE FROM invoices; --", "\\x27", "$$; select pg_sleep(5); $$", "%", "_"];
const htmlPayloads = ['<img src=x onerror="alert(1)">', "<script>alert(1)</script>", "javascript:alert(1)", "{{7*7}}", "${7*7}", "\"'><svg/onload=alert(1)>"];
const badDates = ["2026-02-30", "2026-13-01", "31/12/2026", "0000-00-00", "99999-01-01", "2026-1-1", "oggi", "2026-02-28T25:61:00Z", "-0001-01-01"];
const badIds = ["not-a-uuid", "00000000-0000-0000-0000-000000000000", "../../etc/passwd", "1", "ffffffff-ffff-ffff-ffff-ffffffffffff", "%00", "null"];
const badNumbers = ["1e309", "-1", "-0.001", "99999999999.999", "12,50", "1.234,56", "NaN", "Infinity", "0x1F", "1_000", " 12 "];
const controlChars = ["\u0000", "\u0007\u0008", "\r\n\r\n", "\u202e\u202d", "\ud800", "\uffff", "\u0000admin"];

/** One bad value of any JSON type. */
export const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...sqlPayloads, ...htmlPayloads, ...badDates, ...badIds, ...badNumbers, ...controlChars),
  fc.constantFrom("", " ", "x".repeat(10_001), "é".repeat(70_000), "🏠".repeat(5_000)),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.integer(),
  fc.constantFrom(-1, 0, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 31, 1e308, -1e308, 0.1 + 0.2),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** A change to a body that was valid: a field replaced, removed, or an unknown one added. */
export type Mutation = { kind: "set"; key: string; value: unknown } | { kind: "drop"; key: string } | { kind: "extra"; key: string; value: unknown };

export const mutation = (keys: string[]): fc.Arbitrary<Mutation> => {
  const key = keys.length ? fc.constantFrom(...keys) : fc.constant("name");
  return fc.oneof(
    { weight: 6, arbitrary: fc.record({ kind: fc.constant("set" as const), key, value: badValue }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant("drop" as const), key }) },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant("extra" as const), key: fc.constantFrom("id", "status", "number", "totalAmount", "clientId", "role", "__proto__", "constructor"), value: badValue }),
    },
  );
};

export function applyMutations(base: Record<string, unknown>, mutations: Mutation[]) {
  const body: Record<string, unknown> = { ...base };
  for (const m of mutations) {
    if (m.kind === "drop") delete body[m.key];
    else body[m.key] = m.value;
  }
  return body;
}

/** Whole payloads that are not a valid body at all: invalid JSON, wrong top-level types. */
export const rawPayload: fc.Arbitrary<{ payload: string; contentType: string }> = fc.oneof(
  fc.constantFrom("{", "{\"a\":", "[1,2", "nul", "{'a':1}", "\u0000", "{\"a\":1}}", "😀").map((p) => ({ payload: p, contentType: "application/json" })),
  fc.constantFrom("[]", "1", "\"testo\"", "null", "true", "[{}]").map((p) => ({ payload: p, contentType: "application/json" })),
  fc.string({ maxLength: 30 }).map((p) => ({ payload: p, contentType: "application/json" })),
  fc.constantFrom("a=1&b=2", "<xml/>", "testo").map((p) => ({ payload: p, contentType: "text/plain" })),
  fc.constantFrom("a=1").map((p) => ({ payload: p, contentType: "application/x-www-form-urlencoded" })),
);

/** Percent-encodes the UTF-8 bytes of any string, lone surrogates included (encodeURIComponent throws on those). */
const enc = (v: string) => [...Buffer.from(v, "utf8")].map((b) => "%" + b.toString(16).padStart(2, "0")).join("");

/** Query strings: known keys with bad values, unknown keys, repeated keys, broken encoding. */
export const queryString = (keys: string[]): fc.Arbitrary<string> => {
  const key = fc.oneof(fc.constantFrom(...keys, "sort", "limit", "offset", "q", "status"), fc.string({ maxLength: 8 }));
  const value = badValue.map((v) => (typeof v === "string" ? v : JSON.stringify(v) ?? ""));
  const pair = fc.tuple(key, value).map(([k, v]) => `${enc(k)}=${enc(v)}`);
  return fc.oneof(
    { weight: 8, arbitrary: fc.array(pair, { minLength: 1, maxLength: 4 }).map((ps) => ps.join("&")) },
    { weight: 1, arbitrary: fc.constantFrom("limit=-1", "limit=100000", "offset=-5", "offset=1e20", "sort=password", "sort=1;drop", "q=%", "q=%E0%A4%A", "limit=1&limit=2", "%", "q=%00") },
  );
};

const english = /\b(the|must|should|invalid|required|expected|received|error|not found|body|request|unsupported|too large|cannot|failed)\b/i;

/** An answer users can read: JSON with a message, in Italian (no English words from the frameworks). */
export function italianMessage(body: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `not JSON: ${body.slice(0, 120)}`;
  }
  const message = (parsed as { message?: unknown }).message;
  if (typeof message !== "string" || !message.trim()) return `no message: ${body.slice(0, 120)}`;
  // Our own field names may appear in messages; the words around them must be Italian.
  const words = message.replace(/\b[a-z]+[A-Z]\w*\b/g, "");
  if (english.test(words)) return `English message: ${message}`;
  return null;
}

/** The keys of a zod object schema, through pipes, defaults and effects. */
export function schemaKeys(schema: unknown): string[] {
  let s = schema as { shape?: Record<string, unknown>; _zod?: { def?: Record<string, unknown> } } | undefined;
  for (let depth = 0; s && depth < 6; depth++) {
    if (s.shape && typeof s.shape === "object") return Object.keys(s.shape);
    const def = s._zod?.def;
    s = (def?.in ?? def?.innerType ?? def?.schema ?? def?.left) as typeof s;
  }
  return [];
}
