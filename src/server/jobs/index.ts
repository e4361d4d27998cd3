import { sql } from "drizzle-orm";
import { BUSINESS_TIME_ZONE, todayIso } from "@domain/dates";
import { purgeExpiredSessions } from "../auth/sessions";
import type { Config } from "../config";
import type { Db, Tx } from "../db/client";
import { processOutbox, smtpDeliver, type Deliver } from "../mail/mail";
import { runDailyComplianceSummary } from "../modules/compliance/daily";
import { storageFor } from "../storage";

// Background work of an instance. Several instances may run on one PostgreSQL: each job is
// written so that it runs once whatever their number — the outbox claims mails with
// FOR UPDATE SKIP LOCKED, the other jobs take a transaction-scoped advisory lock and skip their
// turn when another instance holds it. PGlite is a real PostgreSQL in one process: the same SQL
// works there (the lock is always free).

/** Advisory lock ids of the periodic jobs (any bigint; fixed so every instance agrees). */
export const JOB_LOCKS = { sessionPurge: 7_318_224_912 } as const;

/**
 * Runs `fn` inside a transaction holding the advisory lock `lockId`, or answers null at once when
 * another instance holds it (pg_try_advisory_xact_lock: the lock ends with the transaction, so
 * a crashed instance never keeps it).
 */
export async function runExclusive<T>(db: Db, lockId: number, fn: (tx: Tx) => Promise<T>): Promise<T | null> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${lockId}) as ok`);
    const ok = (result as unknown as { rows: { ok: boolean }[] }).rows[0]?.ok;
    if (!ok) return null;
    return fn(tx);
  });
}

/** The office reads the day's compliance summary from 07:00 (Rome). */
const DAILY_SUMMARY_HOUR = 7;
const romeHours = new Intl.DateTimeFormat("en-GB", { timeZone: BUSINESS_TIME_ZONE, hour: "2-digit", hourCycle: "h23" });
const romeHour = (now: Date) => Number(romeHours.format(now));

interface Log {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface JobsOptions {
  /** Seconds between outbox passes (only with SMTP). */
  outboxEverySeconds?: number;
  sessionPurgeEverySeconds?: number;
  /** Seconds between checks for the day's compliance e-mail (sent once a day from 07:00 Rome). */
  complianceEverySeconds?: number;
  /** The worker's delivery; default SMTP from the configuration. */
  deliver?: Deliver;
}

/** Starts the periodic jobs; the answer stops them and waits for a pass in progress. */
export function startJobs(
  db: Db,
  config: Pick<Config, "smtpUrl" | "dataDir" | "databaseUrl"> & Partial<Pick<Config, "outboxPollSeconds">>,
  log: Log,
  options: JobsOptions = {},
) {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  let stopped = false;

  function every(name: string, seconds: number, job: () => Promise<unknown>) {
    let busy = false;
    const tick = () => {
      if (busy || stopped) return;
      busy = true;
      const p = job()
        .catch((err: unknown) => log.error({ job: name, err }, "lavoro in background non riuscito"))
        .finally(() => {
          busy = false;
          running.delete(p);
        });
      running.add(p);
    };
    const timer = setInterval(tick, seconds * 1000);
    // The jobs never keep the process alive on their own.
    timer.unref();
    timers.push(timer);
    tick();
  }

  every("session-purge", options.sessionPurgeEverySeconds ?? 3600, () =>
    runExclusive(db, JOB_LOCKS.sessionPurge, (tx) => purgeExpiredSessions(tx as unknown as Db)),
  );

  every("compliance-summary", options.complianceEverySeconds ?? 600, async () => {
    if (romeHour(new Date()) < DAILY_SUMMARY_HOUR) return;
    const outcome = await runDailyComplianceSummary(db, todayIso(), config);
    if (outcome === "sent") log.info({ job: "compliance-summary" }, "riepilogo scadenze inviato");
  });

  const deliver = options.deliver ?? (config.smtpUrl ? smtpDeliver(config.smtpUrl) : null);
  if (deliver) {
    const storage = storageFor(config, db);
    every("outbox", options.outboxEverySeconds ?? config.outboxPollSeconds ?? 30, async () => {
      const { sent, failed } = await processOutbox(db, storage, deliver);
      if (sent || failed) log.info({ job: "outbox", sent, failed }, "posta in uscita elaborata");
    });
  }

  return async function stop() {
    stopped = true;
    for (const t of timers) clearInterval(t);
    await Promise.allSettled([...running]);
  };
}
