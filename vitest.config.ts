import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = {
  "@domain": here("./src/domain"),
  "@server": here("./src/server"),
  "@web": here("./src/web"),
};

// Two projects: pure rules (fast, parallel) and API tests (each file gets its own
// database, PGlite by default or a fresh PostgreSQL schema when DATABASE_URL is set).
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", include: ["src/domain/**/*.test.ts", "src/web/**/*.test.ts", "src/server/**/*.unit.test.ts"] },
      },
      {
        resolve: { alias },
        test: {
          name: "api",
          include: ["src/server/**/*.test.ts"],
          exclude: ["src/server/**/*.unit.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
          globalSetup: ["src/server/test/global-setup.ts"],
        },
      },
    ],
  },
});
