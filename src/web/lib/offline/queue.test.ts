import { describe, expect, it } from "vitest";
import {
  enqueue,
  flush,
  keepMine,
  keepTheirs,
  pruneSent,
  retry,
  retryDelayMs,
  SIGNED_OUT,
  type QueuedWrite,
  type QueueStore,
  type SendOutcome,
} from "./queue";
import { isFieldRead } from "./field-reads";

function memoryStore(): QueueStore & { items: Map<string, QueuedWrite> } {
  const items = new Map<string, QueuedWrite>();
  return {
    items,
    all: async () => [...items.values()].map((i) => ({ ...i })),
    put: async (i) => void items.set(i.id, { ...i }),
    delete: async (id) => void items.delete(id),
    clear: async () => items.clear(),
  };
}

const U = "user-1";
const survey = { kind: "survey" as const, id: "s1" };
const site = { kind: "site" as const, id: "c1" };
let n = 0;
const add = (store: QueueStore, w: Partial<QueuedWrite> & Pick<QueuedWrite, "payload">) =>
  enqueue(store, { userId: U, target: survey, label: "x", version: null, ...w }, new Date(), `id-${++n}`);

/** A fake server: answers from a script, records what it received in order. */
function server(answers: (item: QueuedWrite) => SendOutcome) {
  const seen: QueuedWrite[] = [];
  return { seen, send: async (i: QueuedWrite) => (seen.push(i), answers(i)) };
}

const states = async (store: QueueStore) => Object.fromEntries((await store.all()).map((i) => [i.id, i.state]));

describe("offline queue", () => {
  it("sends in the order the writes were made, each once", async () => {
    const store = memoryStore();
    const a = await add(store, { payload: { kind: "note", text: "uno" } });
    const b = await add(store, { target: site, version: 3, payload: { kind: "progress", progress: 40 } });
    const c = await add(store, { payload: { kind: "note", text: "due" } });
    const s = server(() => ({ kind: "ok" }));
    expect(await flush(store, s.send, U)).toBe("done");
    expect(s.seen.map((i) => i.id)).toEqual([a.id, b.id, c.id]);
    expect(await states(store)).toEqual({ [a.id]: "inviata", [b.id]: "inviata", [c.id]: "inviata" });
    // A second run sends nothing again.
    await flush(store, s.send, U);
    expect(s.seen).toHaveLength(3);
  });

  it("stops at no signal and starts again from the same item, nothing overtaking it", async () => {
    const store = memoryStore();
    const a = await add(store, { payload: { kind: "note", text: "uno" } });
    const b = await add(store, { target: site, payload: { kind: "note", text: "due" } });
    let online = false;
    const s = server(() => (online ? { kind: "ok" } : { kind: "offline" }));
    expect(await flush(store, s.send, U)).toBe("offline");
    expect(s.seen.map((i) => i.id)).toEqual([a.id]);
    expect(await states(store)).toEqual({ [a.id]: "in_attesa", [b.id]: "in_attesa" });
    online = true;
    expect(await flush(store, s.send, U)).toBe("done");
    expect(s.seen.map((i) => i.id)).toEqual([a.id, a.id, b.id]);
  });

  it("retries a 5xx later, counting attempts, and an item left 'invio' by a crash is sent again", async () => {
    const store = memoryStore();
    const a = await add(store, { payload: { kind: "note", text: "uno" } });
    let fail = true;
    const s = server(() => (fail ? { kind: "retry", message: "Errore del server" } : { kind: "ok" }));
    expect(await flush(store, s.send, U)).toBe("retry");
    const [waiting] = await store.all();
    expect(waiting).toMatchObject({ state: "in_attesa", attempts: 1, error: "Errore del server" });
    await store.put({ ...waiting!, state: "invio" });
    fail = false;
    expect(await flush(store, s.send, U)).toBe("done");
    expect((await store.all())[0]).toMatchObject({ id: a.id, state: "inviata", error: undefined });
    expect(retryDelayMs(1)).toBe(5_000);
    expect(retryDelayMs(3)).toBe(20_000);
    expect(retryDelayMs(30)).toBe(300_000);
  });

  it("an expired session stops the run without losing anything", async () => {
    const store = memoryStore();
    await add(store, { payload: { kind: "note", text: "uno" } });
    expect(await flush(store, async () => ({ kind: "retry", message: SIGNED_OUT }), U)).toBe("signed_out");
    expect((await store.all())[0]!.state).toBe("in_attesa");
  });

  it("a stale version becomes a conflict that keeps both versions and blocks only that record", async () => {
    const store = memoryStore();
    const a = await add(store, { version: 4, payload: { kind: "results", changes: { issuesFound: "mine" } } });
    const b = await add(store, { version: 4, payload: { kind: "complete" } });
    const c = await add(store, { target: site, version: 2, payload: { kind: "progress", progress: 50 } });
    const theirs = { version: 5, issuesFound: "theirs" };
    const s = server((i) => (i.id === a.id ? { kind: "conflict", theirs } : { kind: "ok" }));
    expect(await flush(store, s.send, U)).toBe("done");
    // b (same survey, made after a) waits; c (another record) went.
    expect(s.seen.map((i) => i.id)).toEqual([a.id, c.id]);
    expect(await states(store)).toEqual({ [a.id]: "conflitto", [b.id]: "in_attesa", [c.id]: "inviata" });
    const conflicted = (await store.all()).find((i) => i.id === a.id)!;
    expect(conflicted.theirs).toEqual(theirs);
    expect(conflicted.payload).toEqual({ kind: "results", changes: { issuesFound: "mine" } });

    // "Tieni la mia": resent on the server's version, then b follows.
    await keepMine(store, conflicted, 5);
    const s2 = server(() => ({ kind: "ok", version: 6 }));
    await flush(store, s2.send, U);
    expect(s2.seen.map((i) => [i.id, i.version])).toEqual([
      [a.id, 5],
      [b.id, 4],
    ]);
  });

  it("'keep theirs' drops the technician's write and the record's later writes go", async () => {
    const store = memoryStore();
    const a = await add(store, { version: 1, payload: { kind: "complete" } });
    const b = await add(store, { payload: { kind: "note", text: "dopo" } });
    await flush(store, async (i) => (i.id === a.id ? { kind: "conflict", theirs: { version: 2 } } : { kind: "ok" }), U);
    expect(await states(store)).toEqual({ [a.id]: "conflitto", [b.id]: "in_attesa" });
    await keepTheirs(
      store,
      (await store.all()).find((i) => i.id === a.id)!,
    );
    await flush(store, async () => ({ kind: "ok" }), U);
    expect(await states(store)).toEqual({ [b.id]: "inviata" });
  });

  it("moves later writes of the same record past the technician's own earlier write, never past the office's", async () => {
    const store = memoryStore();
    await add(store, { payload: { kind: "note", text: "nota" } }); // server v7 -> v8
    const b = await add(store, { version: 7, payload: { kind: "results", changes: { measurements: "12 m²" } } });
    const c = await add(store, { version: 7, payload: { kind: "complete" } });
    const d = await add(store, { target: site, version: 7, payload: { kind: "progress", progress: 10 } });
    let v = 7;
    const s = server((i) => (i.target.kind === "survey" ? { kind: "ok", version: ++v } : { kind: "ok", version: 99 }));
    await flush(store, s.send, U);
    expect(s.seen.map((i) => i.version)).toEqual([null, 8, 9, 7]);
    expect(s.seen.map((i) => i.id).slice(1)).toEqual([b.id, c.id, d.id]);

    // The office wrote in between (server at v3 when our note made it v4): the write made on v1 is not moved.
    const other = memoryStore();
    await add(other, { payload: { kind: "note", text: "nota" } });
    const late = await add(other, { version: 1, payload: { kind: "complete" } });
    await flush(
      other,
      async (i) =>
        i.payload.kind === "note" ? { kind: "ok", version: 4 } : { kind: "conflict", theirs: { version: 4 } },
      U,
    );
    expect((await other.all()).find((i) => i.id === late.id)).toMatchObject({ version: 1, state: "conflitto" });
  });

  it("a refusal is an error the technician can retry; another user's items never travel", async () => {
    const store = memoryStore();
    const a = await add(store, { payload: { kind: "note", text: "" } });
    await enqueue(
      store,
      { userId: "someone-else", target: survey, label: "x", version: null, payload: { kind: "note", text: "non mia" } },
      new Date(),
      "foreign",
    );
    const s = server(() => ({ kind: "rejected", message: "Nota: campo obbligatorio" }));
    await flush(store, s.send, U);
    expect(s.seen.map((i) => i.id)).toEqual([a.id]);
    expect((await store.all()).find((i) => i.id === a.id)).toMatchObject({
      state: "errore",
      error: "Nota: campo obbligatorio",
    });
    // An errore is not retried by itself...
    await flush(store, s.send, U);
    expect(s.seen).toHaveLength(1);
    // ...only when asked.
    await retry(
      store,
      (await store.all()).find((i) => i.id === a.id)!,
    );
    await flush(store, async () => ({ kind: "ok" }), U);
    expect(await states(store)).toEqual({ [a.id]: "inviata", foreign: "in_attesa" });
  });

  it("forgets sent items after a day, never pending ones", async () => {
    const store = memoryStore();
    const a = await add(store, { payload: { kind: "note", text: "a" } });
    const b = await add(store, { payload: { kind: "note", text: "b" } });
    await store.put({
      ...(await store.all()).find((i) => i.id === a.id)!,
      state: "inviata",
      sentAt: "2026-01-01T08:00:00Z",
    });
    await pruneSent(store, new Date("2026-01-02T09:00:00Z"));
    expect(await states(store)).toEqual({ [b.id]: "in_attesa" });
  });
});

describe("what the service worker may cache", () => {
  const id = "0b7c2a4e-9f1d-4c3b-8a6e-2d5f7e9a1b3c";
  it("keeps the technician's reads", () => {
    for (const [p, q] of [
      ["/api/my-day", ""],
      ["/api/auth/me", ""],
      [`/api/surveys/${id}`, ""],
      [`/api/construction-sites/${id}`, ""],
      ["/api/attachments", `?entityType=survey&entityId=${id}`],
      [`/api/attachments/${id}/file`, "?thumb=1"],
    ] as const) {
      expect(isFieldRead(p, q), p + q).toBe(true);
    }
  });
  it("never lists, money, full files or anything else", () => {
    for (const [p, q] of [
      ["/api/surveys", ""],
      ["/api/invoices", ""],
      [`/api/invoices/${id}`, ""],
      [`/api/estimates/${id}`, ""],
      ["/api/dashboard", ""],
      [`/api/attachments/${id}/file`, ""],
      [`/api/attachments/${id}/file`, "?download=1"],
      [`/api/attachments/${id}/file`, "?thumb=1&download=1"],
      ["/api/attachments", "?entityType=invoice&entityId=x"],
      [`/api/surveys/${id}/notes`, ""],
    ] as const) {
      expect(isFieldRead(p, q), p + q).toBe(false);
    }
  });
});
