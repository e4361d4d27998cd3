import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 5180);
const DATA_DIR = `.tmp/e2e-data-${PORT}`;
/** Tests only: every message as its recipient receives it (one-time links are redacted in the outbox). */
export const E2E_MAIL_DIR = `.tmp/e2e-mail-${PORT}`;
export const E2E_ADMIN = { username: "admin", password: "Tegole-Rosse-Lucide-2026" };
/** The office and the technician of e2e/roles.spec.ts, seeded by scripts/e2e-seed-staff.ts. */
export const E2E_UFFICIO = { username: "giulia.ufficio", password: "Grondaia-Verde-Ufficio-2026" };
export const E2E_TECNICO = { username: "marco.tecnico", password: "Colmo-Tecnico-Camino-2026" };

// Debian's Chromium (apt-get install chromium), never a downloaded browser.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "e2e",
  // Playwright empties its output folder at every run; screenshots for review live apart.
  outputDir: `.tmp/playwright-${PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: "it-IT",
    timezoneId: "Europe/Rome",
    launchOptions: chromium,
    trace: "off",
    screenshot: "only-on-failure",
  },
  projects: [
    // What a brand-new installation shows (empty states) is checked before anything creates data.
    {
      name: "fresh",
      testMatch: /fresh-install\.spec\.ts/,
      use: { viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      name: "desktop",
      dependencies: ["fresh"],
      testIgnore: /fresh-install\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      name: "phone",
      dependencies: ["fresh"],
      testIgnore: /fresh-install\.spec\.ts/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, launchOptions: chromium },
      grep: /@phone/,
    },
  ],
  webServer: {
    // A fresh embedded database every run; the built server serves the built SPA, as `npm start`
    // does (no TypeScript compiled at start or in the PDF workers). The build is redone only when
    // a source is newer than dist/ (scripts/build.mjs), so `npx playwright test` never tests a stale one.
    command: `node scripts/build.mjs --if-stale && rm -rf ${DATA_DIR} ${E2E_MAIL_DIR} && tsx scripts/e2e-seed-staff.ts && node dist/server/main.js`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR,
      MAIL_DROP_DIR: E2E_MAIL_DIR,
      ...(process.env.WEB_DIR ? { WEB_DIR: process.env.WEB_DIR } : {}),
      DATABASE_URL: "",
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: "warn",
    },
  },
});
