import path from "node:path";
import { z } from "zod";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default("127.0.0.1"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL deve iniziare con postgres://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /**
   * Connections each instance may open to PostgreSQL. Instances × pool must stay below the
   * server's max_connections (docs/deploy.md).
   */
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(1, "DATABASE_POOL_SIZE: numero intero da 1 a 200")
    .max(200, "DATABASE_POOL_SIZE: numero intero da 1 a 200")
    .default(20),
  /**
   * Connections of the background jobs (outbox worker, session purge, daily summary), a pool of
   * their own so they never take a connection a request is waiting for, nor wait behind requests
   * (docs/deploy.md: max_connections ≥ instances × (DATABASE_POOL_SIZE + JOBS_POOL_SIZE)).
   */
  JOBS_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(1, "JOBS_POOL_SIZE: numero intero da 1 a 20")
    .max(20, "JOBS_POOL_SIZE: numero intero da 1 a 20")
    .default(2),
  /**
   * On SIGTERM: seconds during which /api/health/ready answers 503 while requests are still
   * served, so the load balancer takes the instance out before it stops listening.
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(0),
  /** Seconds between two passes of the outbox worker (with SMTP_URL). */
  OUTBOX_POLL_SECONDS: z.coerce.number().min(0.2).max(3600).default(30),
  /** First retry of a mail the SMTP server refused, doubling each attempt up to one hour. */
  OUTBOX_RETRY_SECONDS: z.coerce.number().min(0.2).max(3600).default(60),
  DATA_DIR: z.string().default("./data"),
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  SMTP_URL: z.string().optional(),
  /**
   * Tests only (the e2e server): a folder where every message is also written as its recipient
   * would receive it, one-time links included. Never an HTTP route: only whoever reads the
   * server's disk sees it. Unset in production.
   */
  MAIL_DROP_DIR: z.string().optional(),
  /** Public address used in e-mail links (portal links in sent estimates). */
  PUBLIC_URL: z.string().optional(),
  /** Behind TLS: Secure cookies, HSTS and upgrade-insecure-requests. */
  TRUST_PROXY_TLS: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /**
   * Reverse proxies in front of the app whose X-Forwarded-For is believed: the client address is
   * taken that many hops from the right. 0 (default): the socket address, X-Forwarded-For ignored.
   */
  TRUST_PROXY_HOPS: z.coerce
    .number()
    .int()
    .min(0, "TRUST_PROXY_HOPS: numero intero da 0 a 10")
    .max(10, "TRUST_PROXY_HOPS: numero intero da 0 a 10")
    .default(0),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(12),
  /** Worker threads rendering PDFs; unset: one less than the cores, at least one. */
  PDF_WORKERS: z.coerce.number().int().min(1).max(32).optional(),
  /**
   * PGlite's shared_buffers in MB (default 32; PostgreSQL's own default, 128, is memory the
   * embedded server keeps resident from the first query). Its data files still sit in the
   * operating system's page cache, so reads beyond the buffers stay in memory.
   */
  PGLITE_SHARED_BUFFERS_MB: z.coerce
    .number()
    .int()
    .min(16, "PGLITE_SHARED_BUFFERS_MB: numero intero da 16 a 1024")
    .max(1024, "PGLITE_SHARED_BUFFERS_MB: numero intero da 16 a 1024")
    .default(32),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Configurazione non valida:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    jobsPoolSize: e.JOBS_POOL_SIZE,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
    outboxPollSeconds: e.OUTBOX_POLL_SECONDS,
    outboxRetrySeconds: e.OUTBOX_RETRY_SECONDS,
    dataDir: path.resolve(e.DATA_DIR),
    admin: e.ADMIN_USERNAME && e.ADMIN_PASSWORD ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD } : null,
    smtpUrl: e.SMTP_URL || undefined,
    mailDropDir: e.MAIL_DROP_DIR ? path.resolve(e.MAIL_DROP_DIR) : undefined,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, "") || `http://${e.HOST}:${e.PORT}`,
    tls: e.TRUST_PROXY_TLS,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    logLevel: e.NODE_ENV === "test" ? ("silent" as const) : e.LOG_LEVEL,
    sessionIdleMs: e.SESSION_IDLE_HOURS * 3600_000,
    pdfWorkers: e.PDF_WORKERS,
    pgliteSharedBuffersMb: e.PGLITE_SHARED_BUFFERS_MB,
  };
}
