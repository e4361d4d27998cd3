import { useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import {
  enqueue,
  flush,
  isPending,
  keepMine,
  keepTheirs,
  pruneSent,
  retry,
  retryDelayMs,
  type FlushResult,
  type QueuedWrite,
  type QueueStore,
} from "./queue";
import { idbStore, setFieldCaching } from "./store";
import { sendWrite } from "./transport";

export type NewWrite = Pick<QueuedWrite, "target" | "label" | "version" | "payload">;

type OfflineQueue = {
  /** The signed-in user's items, oldest first (sent ones stay listed for the day). */
  items: QueuedWrite[];
  pending: number;
  /** Queues a write and tries to send it now; resolves with its state after that try. */
  submit: (write: NewWrite) => Promise<QueuedWrite>;
  keepMine: (item: QueuedWrite) => Promise<void>;
  keepTheirs: (item: QueuedWrite) => Promise<void>;
  retry: (item: QueuedWrite) => Promise<void>;
  sendNow: () => Promise<void>;
};

const Context = createContext<OfflineQueue | null>(null);

/** Every query a field write can change: refreshed once something went through. */
const touched = [["team"], ["surveys"], ["sites"], ["attachments"], ["activity"]] as const;

/**
 * The technician's writes go through here whether or not there is signal (docs/domain/sites.md): one path,
 * so the order is always the order he made them. A run starts at once, when the browser says the
 * signal is back, when the app comes back to the foreground, and every 30 s while something waits.
 */
export function OfflineQueueProvider({
  me,
  children,
}: {
  me: { id: string; role: string } | null | undefined;
  children: ReactNode;
}) {
  const userId = me?.id ?? null;
  const qc = useQueryClient();
  const [items, setItems] = useState<QueuedWrite[]>([]);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const retryTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const reload = useCallback(async () => {
    if (!userId) return setItems([]);
    setItems((await idbStore.all()).filter((i) => i.userId === userId).sort((a, b) => a.seq - b.seq));
  }, [userId]);

  // Each change is shown as it happens ("Invio", then "Inviata").
  const observed = useMemo<QueueStore>(
    () => ({
      ...idbStore,
      put: async (i) => {
        await idbStore.put(i);
        await reload();
      },
      delete: async (id) => {
        await idbStore.delete(id);
        await reload();
      },
    }),
    [reload],
  );

  const run = useCallback((): Promise<FlushResult> => {
    if (!userId) return Promise.resolve("done");
    const once = async (): Promise<FlushResult> => {
      let sent = 0;
      await pruneSent(idbStore);
      const result = await flush(
        observed,
        async (item) => {
          const outcome = await sendWrite(item);
          if (outcome.kind === "ok") sent++;
          return outcome;
        },
        userId,
      );
      if (sent > 0) for (const queryKey of touched) void qc.invalidateQueries({ queryKey });
      await reload();
      if (result === "retry") {
        const attempts = Math.max(1, ...(await idbStore.all()).map((i) => i.attempts));
        if (retryTimer.current) clearTimeout(retryTimer.current);
        retryTimer.current = setTimeout(() => void run(), retryDelayMs(attempts));
      }
      return result;
    };
    // One run at a time, in this tab and (Web Locks) across the app's other tabs.
    const locked = (): Promise<FlushResult> =>
      navigator.locks ? navigator.locks.request("colmo-offline-queue", once).then((r) => r) : once();
    const next = chain.current.then(locked, locked);
    chain.current = next;
    return next;
  }, [userId, observed, qc, reload]);

  useEffect(() => {
    // The service worker keeps reads only for a technician (field-reads.ts).
    if (me !== undefined) void setFieldCaching(me?.role === "tecnico");
  }, [me]);

  useEffect(() => {
    void reload();
    void run();
    const wake = () => void run();
    const visible = () => document.visibilityState === "visible" && wake();
    window.addEventListener("online", wake);
    document.addEventListener("visibilitychange", visible);
    return () => {
      window.removeEventListener("online", wake);
      document.removeEventListener("visibilitychange", visible);
      if (retryTimer.current) clearTimeout(retryTimer.current);
    };
  }, [reload, run]);

  const waiting = items.some((i) => i.state === "in_attesa");
  useEffect(() => {
    if (!waiting) return;
    // navigator.onLine can say "online" on a signal too weak to carry anything: try now and then.
    const t = setInterval(() => void run(), 30_000);
    return () => clearInterval(t);
  }, [waiting, run]);

  const value = useMemo<OfflineQueue>(
    () => ({
      items,
      pending: items.filter(isPending).length,
      submit: async (write) => {
        if (!userId) throw new Error("Accesso richiesto");
        const item = await enqueue(idbStore, { ...write, userId });
        await reload();
        await run();
        return (await idbStore.all()).find((i) => i.id === item.id) ?? { ...item, state: "inviata" };
      },
      keepMine: async (item) => {
        const theirs = item.theirs as { version?: number } | undefined;
        await keepMine(observed, item, theirs?.version ?? item.version ?? 0);
        await run();
      },
      keepTheirs: async (item) => {
        await keepTheirs(observed, item);
        for (const queryKey of touched) void qc.invalidateQueries({ queryKey });
        await run();
      },
      retry: async (item) => {
        await retry(observed, item);
        await run();
      },
      sendNow: async () => void (await run()),
    }),
    [items, userId, reload, run, observed, qc],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useOfflineQueue(): OfflineQueue {
  const q = useContext(Context);
  if (!q) throw new Error("useOfflineQueue outside OfflineQueueProvider");
  return q;
}

/** The not-yet-sent writes of one record, for its card ("in attesa di invio"). */
export function usePendingFor(kind: QueuedWrite["target"]["kind"], id: string) {
  const { items } = useOfflineQueue();
  return items.filter((i) => isPending(i) && i.target.kind === kind && i.target.id === id);
}
