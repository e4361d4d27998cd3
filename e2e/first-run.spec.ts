import { E2E_UFFICIO } from "../playwright.config";
import { completeCompanyFiscalData } from "./billing-support";
import { expect, expectAccessible, loginAs, snap, test } from "./support";

// First run (issue 28): the company data for invoices is incomplete.
test("incomplete company data: the admin is sent to Impostazioni, the office is told whom to ask @phone", async ({
  browser,
  adminPage: page,
}) => {
  const current = (await (await page.request.get("/api/settings")).json()) as Record<string, unknown>;
  const cleared = await page.request.put("/api/settings", { data: { ...current, iban: null, vatNumber: null } });
  expect(cleared.status(), await cleared.text()).toBe(200);
  try {
    await page.goto("/admin/dashboard");
    const banner = page.getByRole("region", { name: "Dati aziendali incompleti" });
    await expect(banner).toContainText(/mancano i dati aziendali: partita IVA, .*IBAN\./);
    await expectAccessible(page);
    await snap(page, "first-run-admin-banner");
    await banner.getByRole("link", { name: "Completa i dati aziendali" }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);

    const context = await browser.newContext({
      viewport: page.viewportSize() ?? undefined,
      baseURL: test.info().project.use.baseURL,
    });
    const office = await context.newPage();
    await loginAs(office, "admin", E2E_UFFICIO);
    await office.goto("/admin/quotes");
    const notice = office.getByRole("region", { name: "Dati aziendali incompleti" });
    await expect(notice).toContainText("Chiedi a un amministratore di completarli in Impostazioni");
    await expect(notice.getByRole("link")).toHaveCount(0);
    await expectAccessible(office);
    await snap(office, "first-run-office-notice");
    await context.close();
  } finally {
    await completeCompanyFiscalData(page.request);
  }
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Dati aziendali incompleti" })).toHaveCount(0);
});
