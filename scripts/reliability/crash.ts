import fs from "node:fs";
import path from "node:path";
import { addMoney, lineTotal } from "../../src/domain/money";
import { crashVerdict, type CrashRound } from "../../src/server/test/reliability/verdicts";
import {
  assert,
  dbTargets,
  dropPgDatabase,
  freshPgDatabase,
  killHard,
  login,
  report,
  sleep,
  startServer,
  type ApiClient,
} from "./lib";

// kill -9 the real server again and again while clients save 50-line estimates and orders.
// After each restart: every document is complete (50 lines, totals = sum of lines) or absent,
// the PGlite folder reopens, and every write the server acknowledged (201) is there.

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 10);
const WORKERS = 4;
const LINES = 50;
const PORT = Number(process.env.RELIABILITY_PORT ?? 5188) + 101;

interface Ack {
  kind: "estimate" | "order";
  id: string;
  total: string;
}

const lines = (n: number) =>
  Array.from({ length: LINES }, (_, i) => ({
    description: `Riga ${n}-${i}`,
    quantity: `${(i % 7) + 1}.50`,
    unitPrice: `${10 + i}.25`,
    unit: "pz",
  }));
const expectedTotal = (n: number) =>
  lines(n).reduce((sum, l) => addMoney(sum, lineTotal(l.quantity, l.unitPrice)), "0.00");

async function setup(api: ApiClient) {
  const client = await api.call("POST", "/api/clients", {
    name: "Cliente Crash",
    type: "azienda",
    address: "Via Crash 1",
    email: "crash@example.it",
  });
  const supplier = await api.call("POST", "/api/suppliers", { name: "Fornitore Crash", city: "Monza" });
  assert(client.status === 201 && supplier.status === 201, `setup failed: ${client.text} ${supplier.text}`);
  return { clientId: String(client.json.id), supplierId: String(supplier.json.id) };
}

async function worker(
  api: ApiClient,
  ids: { clientId: string; supplierId: string },
  round: number,
  w: number,
  acks: Ack[],
  otherAnswers: number[],
  stop: { now: boolean },
) {
  for (let i = 0; !stop.now; i++) {
    const n = round * 10_000 + w * 1000 + i;
    const title = `CRASH-${round}-${w}-${i}`;
    try {
      if (i % 2 === 0) {
        const r = await api.call("POST", "/api/estimates", {
          clientId: ids.clientId,
          title,
          description: "Prova di arresto",
          items: lines(n),
        });
        if (r.status === 201) acks.push({ kind: "estimate", id: String(r.json.id), total: expectedTotal(n) });
        else otherAnswers.push(r.status);
      } else {
        const r = await api.call("POST", "/api/orders", {
          supplierId: ids.supplierId,
          title,
          orderDate: "2026-01-15",
          items: lines(n),
        });
        if (r.status === 201) acks.push({ kind: "order", id: String(r.json.id), total: expectedTotal(n) });
        else otherAnswers.push(r.status);
      }
    } catch {
      return; // the server is gone
    }
  }
}

async function checkAll(api: ApiClient, acks: Ack[]) {
  // Every acknowledged document is there, whole.
  const lost: string[] = [];
  const partial: string[] = [];
  for (const ack of acks) {
    const path = ack.kind === "estimate" ? `/api/estimates/${ack.id}` : `/api/orders/${ack.id}`;
    const doc = await api.call("GET", path);
    const items = await api.call(
      "GET",
      ack.kind === "estimate" ? `/api/estimate-items?estimateId=${ack.id}` : `/api/order-items?orderId=${ack.id}`,
    );
    const whole =
      doc.status === 200 && items.status === 200 && items.json.length === LINES && doc.json.totalAmount === ack.total;
    if (!whole)
      lost.push(
        `${ack.kind} ${ack.id} (${doc.status}, ${items.status === 200 ? items.json.length : items.status} lines, total ${String(doc.json?.totalAmount)} ≠ ${ack.total})`,
      );
  }
  // Every document that exists (acknowledged or not) is whole: never partial.
  let documents = 0;
  for (const [list, items] of [
    ["/api/estimates", (id: string) => `/api/estimate-items?estimateId=${id}`],
    ["/api/orders", (id: string) => `/api/order-items?orderId=${id}`],
  ] as const) {
    for (let offset = 0; ; offset += 200) {
      const page = await api.call("GET", `${list}?q=CRASH-&limit=200&offset=${offset}`);
      assert(page.status === 200, `${list}: ${page.status} ${page.text.slice(0, 200)}`);
      for (const doc of page.json as { id: string; title: string }[]) {
        if (!doc.title.startsWith("CRASH-")) continue;
        const rows = await api.call("GET", items(doc.id));
        if (rows.json.length !== LINES) partial.push(`${doc.title}: ${rows.json.length} lines`);
        documents++;
      }
      if (page.json.length < 200) break;
    }
  }
  return { documents, lost, partial };
}

async function scenario(db: "pglite" | "postgresql") {
  const dataDir = path.resolve(`.tmp/reliability-crash-${db}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const url = db === "postgresql" ? await freshPgDatabase("colmo_rel_crash") : null;
  const env = { DATA_DIR: dataDir, DATABASE_URL: url ?? "" };
  const log = path.join(dataDir, "server.log");
  let server = await startServer({ port: PORT, env, log });
  let api = await login(server.base);
  const ids = await setup(api);
  const allAcks: Ack[] = [];
  const rounds: CrashRound[] = [];
  let kills = 0;
  let documents = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    const stop = { now: false };
    const acks: Ack[] = [];
    const otherAnswers: number[] = [];
    const workers = Array.from({ length: WORKERS }, (_, w) => worker(api, ids, round, w, acks, otherAnswers, stop));
    await sleep(400 + Math.random() * 1600);
    await killHard(server);
    kills++;
    stop.now = true;
    await Promise.all(workers);
    allAcks.push(...acks);
    // The folder (or the database) must reopen, with everything acknowledged in it.
    server = await startServer({ port: PORT, env, log });
    api = await login(server.base);
    const checked = await checkAll(api, allAcks);
    documents = checked.documents;
    rounds.push({ acknowledged: acks.length, otherAnswers, lost: checked.lost, partial: checked.partial });
    console.log(
      `  ${db} giro ${round}: ${acks.length} salvataggi confermati prima del kill -9, ${documents} documenti integri in tutto`,
    );
  }
  await killHard(server);
  if (url) await dropPgDatabase("colmo_rel_crash");
  const v = crashVerdict(rounds);
  assert(v.ok, `${db}: ${v.problems.join("; ")}`);
  report(
    "arresti: kill -9 durante salvataggi di preventivi e ordini da 50 righe",
    db,
    kills,
    "ogni documento intero o assente, conferme presenti, dati persi = 0",
    {
      acknowledged: allAcks.length,
      documentsChecked: documents,
    },
  );
}

for (const db of dbTargets()) await scenario(db);
