import Fastify from "fastify";

// The HTTP floor: a bare Fastify route answering a JSON body of the requested size from memory,
// no auth, no validation, no database. What the machine does for HTTP alone.
const port = Number(process.argv[2] ?? 5199);
const bodies = new Map<number, unknown>();

/** Rows shaped like a list answer, until the serialized JSON reaches `bytes`. */
function bodyOf(bytes: number) {
  let body = bodies.get(bytes);
  if (body) return body;
  const rows: Record<string, string | number>[] = [];
  let size = 2;
  while (size < bytes) {
    const row = {
      id: crypto.randomUUID(),
      name: "Rossi Mario",
      address: "Via Garibaldi 12",
      city: "Milano",
      amount: "1234.56",
      version: 1,
    };
    const pad = Math.max(0, Math.min(200, bytes - size - JSON.stringify(row).length - 12));
    const full = { ...row, notes: "x".repeat(pad) };
    rows.push(full);
    size += JSON.stringify(full).length + 1;
  }
  body = rows;
  bodies.set(bytes, body);
  return body;
}

const app = Fastify({ logger: false });
app.get<{ Params: { bytes: string } }>("/floor/:bytes", async (req) => bodyOf(Number(req.params.bytes)));
app.post<{ Params: { bytes: string } }>("/floor/:bytes", async (req) => bodyOf(Number(req.params.bytes)));
await app.listen({ port, host: "127.0.0.1" });
console.log("ready");
