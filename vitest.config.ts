import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = {
  "@domain": here("./src/domain"),
  "@server": here("./src/server"),
  "@web": here("./src/web"),
};

/**
 * API test files whose subject is decided before or outside the database: the router and URL
 * spellings, the access guard over the route table, input validation, logging, headers, the
 * OpenAPI description, the PDF worker pool and SMTP. Their SQL is the session lookup and plain
 * inserts both engines run alike, so they run once, on PGlite; `npm run test:api:postgres`
 * (ENGINE_DEPENDENT_ONLY=1) leaves them out. Everything whose answer comes from SQL — queries,
 * lists and their plans, numbering, transactions, concurrency, the driver's types, storage,
 * backup, throttling — runs on both engines. A file not listed here runs on both.
 */
export const engineIndependent = [
  "src/server/log-level.test.ts",
  "src/server/access-manifest.test.ts",
  "src/server/access-matrix.test.ts",
  "src/server/openapi.test.ts",
  "src/server/auth/guard.test.ts",
  "src/server/auth/info-items.test.ts",
  "src/server/mail/mail.test.ts",
  "src/server/documents/pdf/pdf-load.test.ts",
  "src/server/test/reliability/spellings.test.ts",
  "src/server/test/reliability/fuzz.test.ts",
];

// Two projects: pure rules (fast, parallel) and API tests (each file gets its own database:
// PGlite loaded from one migrated snapshot, or a PostgreSQL database copied from one migrated
// template, both made once per run by the global setup).
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["src/domain/**/*.test.ts", "src/web/**/*.test.ts", "src/server/**/*.unit.test.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "api",
          include: ["src/server/**/*.test.ts"],
          exclude: ["src/server/**/*.unit.test.ts", ...(process.env.ENGINE_DEPENDENT_ONLY ? engineIndependent : [])],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
          // vitest's default (one worker on a 2-core machine): two in parallel on a busy machine
          // pushed the permissions matrix's setup past its hook timeout. API_TEST_WORKERS=2 on a quiet one.
          ...(Number(process.env.API_TEST_WORKERS) ? { maxWorkers: Number(process.env.API_TEST_WORKERS) } : {}),
          globalSetup: ["src/server/test/global-setup.ts"],
        },
      },
    ],
  },
});
