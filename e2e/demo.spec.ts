import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { DEMO_COMPANY } from "../src/server/demo/living";
import { DEMO_LOGINS } from "../src/server/demo/run";
import { expect, expectAccessible, snap, test } from "./support";

// Issue 28 "A living demo": `npm run demo` on a fresh embedded database, then every demo login
// lands on a screen with real data. This spec runs its own server next to the suite's (the suite's
// database holds the e2e data, not the demo's), on E2E_PORT + 100.
const PORT = Number(process.env.E2E_PORT ?? 5180) + 100;
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = `.tmp/e2e-demo-${PORT}`;
let server: ChildProcess | null = null;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(360_000);
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  const env = { ...process.env, DATA_DIR, DATABASE_URL: "", NODE_ENV: "production", LOG_LEVEL: "warn" };
  execFileSync("npx", ["tsx", "scripts/demo.ts"], { env, stdio: "pipe", timeout: 300_000 });
  // The built server, like the suite's (playwright.config.ts webServer builds it when stale).
  server = spawn("node", ["dist/server/main.js"], { env: { ...env, PORT: String(PORT), HOST: "127.0.0.1" }, stdio: "ignore", detached: true });
  for (let i = 0; i < 120; i++) {
    const ok = await fetch(`${BASE}/api/health`).then((r) => r.ok).catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error("the demo server did not start");
});

test.afterAll(async () => {
  // Its own process group only (started detached above).
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
});

async function login(page: import("@playwright/test").Page, who: keyof typeof DEMO_LOGINS) {
  const role = who === "client" ? "client" : "admin";
  await page.goto(`${BASE}/login?role=${role}`);
  await page.getByLabel("Nome utente").fill(DEMO_LOGINS[who].username);
  await page.getByLabel("Password").fill(DEMO_LOGINS[who].password);
  await page.getByRole("button", { name: "Accedi" }).click();
  await expect(page).toHaveURL(role === "admin" ? /\/admin/ : /\/client/);
}

const statValue = (page: import("@playwright/test").Page, title: string) =>
  page.locator("div", { has: page.getByText(title, { exact: true }) }).last();

for (const who of ["admin", "ufficio"] as const) {
  test(`demo ${who}: the dashboard shows clients, this month's revenue and recent activity`, async ({ page }) => {
    await login(page, who);
    await expect(page.getByRole("heading", { name: "Dashboard Amministratore" })).toBeVisible();
    await expect(statValue(page, "Clienti Attivi")).toContainText(/Clienti Attivi\s*[1-9]/);
    await expect(statValue(page, "Fatturato Mensile")).toContainText(/Fatturato Mensile\s*[1-9][\d.]*,\d{2}\s*€/);
    // Entries of "Attività recente" (the reminders list writes numbers without these words).
    await expect(page.getByText("Attività recente", { exact: true })).toBeVisible();
    await expect(page.getByText(/Preventivo PRV-\d|Fattura FAT-\d|Pagamento registrato sulla fattura|Richiesta di (sopralluogo|informazioni) da/).first()).toBeVisible();
    await expect(page.getByText("Completa i dati aziendali")).toHaveCount(0);
    await expectAccessible(page);
    await snap(page, `demo-${who}-dashboard`);
  });
}

test("demo tecnico: his day has surveys today and tomorrow and his sites", async ({ page }) => {
  await login(page, "tecnico");
  await expect(page).toHaveURL(/\/admin\/oggi$/);
  await expect(page.getByRole("heading", { name: "La mia giornata", level: 1 })).toBeVisible();
  await expect(page.getByText("Nessun sopralluogo oggi")).toHaveCount(0);
  await expect(page.getByText("Nessun sopralluogo domani")).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Oggi" }).getByRole("listitem").nth(2)).toBeVisible();
  await expect(page.getByRole("list", { name: "Domani" }).getByRole("listitem").nth(1)).toBeVisible();
  await expectAccessible(page);
  await snap(page, "demo-tecnico-day");
});

test("demo cliente: the portal shows his projects, documents, an invoice to pay and how to reach the firm", async ({ page }) => {
  await login(page, "client");
  await expect(page.getByRole("heading", { name: /^Benvenuto, / })).toBeVisible();
  await expect(page.getByRole("link", { name: DEMO_COMPANY.phone })).toBeVisible();
  await expect(page.getByRole("link", { name: DEMO_COMPANY.email })).toBeVisible();
  await expect(page.getByText("I Miei Progetti", { exact: true })).toBeVisible();
  await expect(page.locator('a[href^="/client/projects/"]').first()).toBeVisible();
  await expect(page.getByText(/FAT-\d{4}-\d+/).first()).toBeVisible();
  await expectAccessible(page);
  await snap(page, "demo-client-portal");
});
