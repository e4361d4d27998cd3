import { defineConfig } from "drizzle-kit";

// Only generates SQL from the schema; migrations are applied by the app at start.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/server/db/schema/index.ts",
  out: "./drizzle",
  casing: "snake_case",
});
