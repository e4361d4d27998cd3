import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type Locator, type Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { E2E_ADMIN, E2E_MAIL_DIR } from "../playwright.config";

/** Every page a test visits is checked: no serious or critical accessibility violation. */
export async function expectAccessible(page: Page) {
  // A toast or dialog still fading in has a partial opacity that axe reads as low contrast.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          // Spinners and skeletons loop forever: only finite animations are waited for.
          .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().endTime === Infinity),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => {});
  // Toasts come and go on their own timer: a toast caught mid-fade reads as low contrast. Their
  // colours were chosen for 4.5:1 (components/ui/toaster.tsx); the rest of the page is scanned.
  // Legacy mode: axe.run in the page itself. The default runs axe in every frame and then merges
  // the results in a blank page opened for each check, twice the time on this machine; the app
  // has no frames (src/web renders no iframe), so both modes report the same violations.
  const results = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").setLegacyMode(true).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

/**
 * Signs in through the login form, as a person does. The form itself is tested where it is the
 * subject (clients.spec, account.spec, portal.spec); elsewhere loginAs signs in through the API.
 */
export async function loginWithForm(page: Page, role: "admin" | "client", credentials = E2E_ADMIN) {
  await page.goto(`/login?role=${role}`);
  await page.getByLabel("Nome utente").fill(credentials.username);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Accedi" }).click();
  await expect(page).toHaveURL(role === "admin" ? /\/admin/ : /\/client/);
}

/** Signs in through the API (the page's context keeps the cookie) without opening a page. */
async function signIn(page: Page, credentials: { username: string; password: string }) {
  const res = await page.request.post("/api/auth/login", { data: credentials });
  expect(res.status(), await res.text()).toBe(200);
  // A session, not a second-factor challenge (profile.spec turns two-factor off again).
  expect(await res.json()).not.toHaveProperty("challenge");
}

/**
 * Signs in through the API and opens the area the login form leads to (/admin or /client; a
 * technician's /admin then shows his day): the form costs a page load for every test using it.
 */
export async function loginAs(page: Page, role: "admin" | "client", credentials = E2E_ADMIN) {
  await signIn(page, credentials);
  await page.goto(role === "admin" ? "/admin" : "/client");
  await expect(page).toHaveURL(role === "admin" ? /\/admin/ : /\/client/);
}

/** Screenshots for the people who review the screens; not compared automatically. */
export async function snap(page: Page, name: string) {
  const project = base.info().project.name;
  await page.screenshot({ path: `test-results/screens/${project}-${name}.png`, fullPage: true });
}

export const test = base.extend<{ adminPage: Page }>({
  /** Signed in as the run's administrator, no page opened yet: each test opens its own. */
  adminPage: async ({ page }, use) => {
    await signIn(page, E2E_ADMIN);
    await use(page);
  },
});
export { expect };

/**
 * The message as its recipient received it (MAIL_DROP_DIR of the test server): one-time links
 * are redacted in "Posta in uscita", so a test reads them here, never through an API.
 */
export function receivedMail(to: string, subject: RegExp): string {
  const texts = fs.existsSync(E2E_MAIL_DIR)
    ? fs.readdirSync(E2E_MAIL_DIR).map((f) => fs.readFileSync(path.join(E2E_MAIL_DIR, f), "utf8"))
    : [];
  const found = texts.find((t) => t.startsWith(`To: ${to}\n`) && subject.test(t.split("\n")[1] ?? ""));
  if (!found) throw new Error(`Nessun messaggio per ${to}`);
  return found;
}

/**
 * Chooses a record in a search-as-you-type field (AsyncCombobox): types `search`, waits for the
 * server's answer and clicks the option whose text holds `option` (defaults to the search).
 */
export async function pickOption(
  scope: Locator | Page,
  label: string | RegExp,
  search: string,
  option: string | RegExp = search,
) {
  const box = scope.getByRole("combobox", { name: label });
  await box.fill(search);
  await scope.getByRole("option").filter({ hasText: option }).first().click();
  await expect(box).toHaveAttribute("aria-expanded", "false");
}

/**
 * The record a search-as-you-type field (AsyncCombobox) holds: its text, or — while the field has
 * the focus and waits for a new search — the placeholder showing the current choice.
 */
export async function expectPicked(box: Locator, label: string | RegExp) {
  await expect
    .poll(async () => (await box.inputValue()) || (await box.getAttribute("placeholder")) || "")
    .toMatch(typeof label === "string" ? new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) : label);
}
