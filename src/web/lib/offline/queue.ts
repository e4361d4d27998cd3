import type { SurveyResultField } from "@domain/surveys";

/**
 * The technician's offline write queue (docs/domain/sites.md): the rules, apart from
 * where the items are kept (IndexedDB in the app, memory in the tests) and how they travel (fetch).
 *
 * - Items are sent one at a time in the order they were made (`seq`).
 * - No signal, a 5xx or an expired session stop the run: the item waits and nothing after it
 *   overtakes it. The next run (signal back, app reopened, retry timer) starts again from it.
 * - A 409 on the version makes the item a `conflitto` with the server's record beside it; a
 *   refusal (other 4xx) makes it an `errore`. Either blocks the later items of the same record
 *   (they were made on top of it) but not those of other records.
 * - Each item carries the version its record had when it was made. Our own earlier write moves
 *   the server's version on by one; a later item made on the version just before it is moved on
 *   with it, so the technician's own sequence never conflicts with itself, while a change by the
 *   office in between still does.
 */
export type QueueState = "in_attesa" | "invio" | "inviata" | "conflitto" | "errore";
export type WriteKind = "note" | "progress" | "complete" | "results" | "photo";
export type TargetKind = "survey" | "site";

export const queueStateLabels: Record<QueueState, string> = {
  in_attesa: "In attesa",
  invio: "Invio",
  inviata: "Inviata",
  conflitto: "Conflitto",
  errore: "Errore",
};

export type ResultChanges = Partial<Record<SurveyResultField, string>>;

export type WritePayload =
  | { kind: "note"; text: string }
  | { kind: "progress"; progress: number }
  | { kind: "complete" }
  | { kind: "results"; changes: ResultChanges }
  | { kind: "photo"; blob: Blob; fileName: string };

export interface QueuedWrite {
  /** Random; sent as the Idempotency-Key so a resend after a lost answer is applied once. */
  id: string;
  seq: number;
  userId: string;
  target: { kind: TargetKind; id: string };
  /** Italian, for the list: "Nota — cantiere Tetto Glicine". */
  label: string;
  /** The record's version when the edit was made; null for appends (notes, photos), which never conflict. */
  version: number | null;
  payload: WritePayload;
  state: QueueState;
  attempts: number;
  error?: string | undefined;
  /** The server's record when the write came back 409: shown beside the technician's. */
  theirs?: unknown;
  createdAt: string;
  sentAt?: string | undefined;
}

/** What happened to one item on the wire. */
export type SendOutcome =
  | { kind: "ok"; version?: number | undefined }
  | { kind: "offline" }
  | { kind: "retry"; message: string }
  | { kind: "conflict"; theirs: unknown }
  | { kind: "rejected"; message: string };

export interface QueueStore {
  all(): Promise<QueuedWrite[]>;
  put(item: QueuedWrite): Promise<void>;
  delete(id: string): Promise<void>;
  clear(): Promise<void>;
}

export type Transport = (item: QueuedWrite) => Promise<SendOutcome>;

export const targetKey = (t: QueuedWrite["target"]) => `${t.kind}:${t.id}`;
export const isPending = (i: QueuedWrite) => i.state !== "inviata";
const bySeq = (a: QueuedWrite, b: QueuedWrite) => a.seq - b.seq;

export async function enqueue(
  store: QueueStore,
  write: Pick<QueuedWrite, "userId" | "target" | "label" | "version" | "payload">,
  now = new Date(),
  id: string = crypto.randomUUID(),
): Promise<QueuedWrite> {
  const items = await store.all();
  const seq = items.reduce((max, i) => Math.max(max, i.seq), 0) + 1;
  const item: QueuedWrite = { ...write, id, seq, state: "in_attesa", attempts: 0, createdAt: now.toISOString() };
  await store.put(item);
  return item;
}

export type FlushResult = "done" | "offline" | "retry" | "signed_out";

/** Sends what can be sent, in order; returns why it stopped. Only `userId`'s items travel. */
export async function flush(
  store: QueueStore,
  send: Transport,
  userId: string,
  now = () => new Date(),
): Promise<FlushResult> {
  const items = (await store.all()).filter((i) => i.userId === userId).sort(bySeq);
  const blocked = new Set<string>();
  for (let n = 0; n < items.length; n++) {
    const item = items[n]!;
    const key = targetKey(item.target);
    if (item.state === "inviata") continue;
    if (item.state === "conflitto" || item.state === "errore" || blocked.has(key)) {
      blocked.add(key);
      continue;
    }
    // "invio" left by an interrupted run is sent again: the Idempotency-Key makes that safe.
    await store.put({ ...item, state: "invio" });
    const outcome = await send(item);
    switch (outcome.kind) {
      case "ok": {
        await store.put({
          ...item,
          state: "inviata",
          error: undefined,
          theirs: undefined,
          sentAt: now().toISOString(),
        });
        if (outcome.version !== undefined) {
          const moved = outcome.version;
          for (let m = n + 1; m < items.length; m++) {
            const later = items[m]!;
            if (targetKey(later.target) === key && later.version === moved - 1) {
              items[m] = { ...later, version: moved };
              await store.put(items[m]!);
            }
          }
        }
        break;
      }
      case "offline":
        await store.put({ ...item, state: "in_attesa" });
        return "offline";
      case "retry":
        await store.put({ ...item, state: "in_attesa", attempts: item.attempts + 1, error: outcome.message });
        return outcome.message === SIGNED_OUT ? "signed_out" : "retry";
      case "conflict":
        await store.put({ ...item, state: "conflitto", theirs: outcome.theirs, error: undefined });
        blocked.add(key);
        break;
      case "rejected":
        await store.put({ ...item, state: "errore", attempts: item.attempts + 1, error: outcome.message });
        blocked.add(key);
        break;
    }
  }
  return "done";
}

export const SIGNED_OUT = "Sessione scaduta: accedi di nuovo per inviare le modifiche";

/** "Tieni la mia": sent again on the version the server has now (the office's change is seen and overridden knowingly). */
export async function keepMine(store: QueueStore, item: QueuedWrite, serverVersion: number) {
  await store.put({ ...item, state: "in_attesa", version: serverVersion, theirs: undefined, error: undefined });
}

/** "Tieni quella dell'ufficio": the technician's write is dropped, the server's stays. */
export async function keepTheirs(store: QueueStore, item: QueuedWrite) {
  await store.delete(item.id);
}

/** "Riprova" on an errore: back in line in its place. */
export async function retry(store: QueueStore, item: QueuedWrite) {
  await store.put({ ...item, state: "in_attesa", error: undefined });
}

/** Sent items are shown for the day, then forgotten. */
export async function pruneSent(store: QueueStore, now = new Date(), keepMs = 24 * 60 * 60_000) {
  for (const i of await store.all()) {
    if (i.state === "inviata" && i.sentAt && now.getTime() - Date.parse(i.sentAt) > keepMs) await store.delete(i.id);
  }
}

/** Delay before the next automatic attempt after a 5xx: 5 s doubling, at most 5 minutes. */
export const retryDelayMs = (attempts: number) => Math.min(5 * 60_000, 5_000 * 2 ** Math.max(0, attempts - 1));
