import { E2E_TECNICO, E2E_UFFICIO } from "../playwright.config";
import { acceptedEstimate } from "./billing-support";
import { expect, expectAccessible, loginAs, snap, test } from "./support";

// docs/domain/roles.md, docs/decisions/009-roles.md: the office (ufficio) and the technician
// (tecnico) log into /admin like the administrator and see only the sections their role may use;
// any other address answers "Non autorizzato" with the way back. Accounts: scripts/e2e-seed-staff.ts.

const sidebar = (page: import("@playwright/test").Page) => page.getByRole("navigation", { name: "Sezioni" });

async function sectionNames(page: import("@playwright/test").Page) {
  const nav = sidebar(page);
  if (!(await nav.isVisible())) {
    await page.getByRole("button", { name: "Apri menu" }).click();
  }
  const names = await sidebar(page).getByRole("link").allInnerTexts();
  return names.map((n) => n.trim());
}

test("ufficio: everything but company settings; settings answer Non autorizzato", async ({ page }) => {
  await loginAs(page, "admin", E2E_UFFICIO);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Dashboard Amministratore" })).toBeVisible();
  expect(await sectionNames(page)).toEqual([
    "Dashboard",
    "La mia giornata",
    "Clienti",
    "Contatti",
    "Sopralluoghi",
    "Richieste clienti",
    "Preventivi",
    "Servizi",
    "Cantieri",
    "Scadenze",
    "Contratti",
    "Fatture",
    "Scadenzario",
    "Fornitori",
    "Ordini",
    "Posta in uscita",
  ]);
  await expect(page.getByText("Ufficio", { exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { name: "Non autorizzato" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Torna all'inizio" }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await page.goto("/admin/quotes");
  await expect(page.getByRole("heading", { name: "Preventivi" })).toBeVisible();
});

test("tecnico: his sections only, no money, Non autorizzato elsewhere @phone", async ({ page }) => {
  await loginAs(page, "admin", E2E_TECNICO);
  // A technician starts from his day; the summary of the team's work is the dashboard.
  await expect(page).toHaveURL(/\/admin\/oggi$/);
  await expect(page.getByRole("heading", { name: "La mia giornata" })).toBeVisible();
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { name: "Riepilogo del lavoro" })).toBeVisible();
  await expect(page.getByText("Fatturato Mensile")).toHaveCount(0);
  await expect(page.getByText("Tecnico", { exact: true })).toBeVisible();
  expect(await sectionNames(page)).toEqual([
    "Dashboard",
    "La mia giornata",
    "Clienti",
    "Contatti",
    "Sopralluoghi",
    "Cantieri",
    "Ordini",
  ]);
  await snap(page, "tecnico-sidebar");
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expectAccessible(page);
  await snap(page, "tecnico-dashboard");

  // Clients and contacts: read only.
  await page.goto("/admin/clients");
  await expect(page.getByRole("heading", { name: "Clienti" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Nuovo Cliente" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Esporta CSV" })).toHaveCount(0);
  await expectAccessible(page);

  // Office pages: refused by the router, with the way back.
  for (const path of ["/admin/invoices", "/admin/quotes", "/admin/settings", "/admin/orders/new"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Non autorizzato" }), path).toBeVisible();
  }
  await expectAccessible(page);
  await snap(page, "tecnico-non-autorizzato");
  await page.getByRole("link", { name: "Torna all'inizio" }).click();
  await expect(page.getByRole("heading", { name: "La mia giornata" })).toBeVisible();

  // The API is the judge: its 403 turns a page into "Non autorizzato" too, never a broken screen.
  expect((await page.request.get("/api/invoices")).status()).toBe(403);
  await page.route("**/api/contacts?*", (route) =>
    route.fulfill({
      status: 403,
      contentType: "application/json",
      body: JSON.stringify({ message: "Non autorizzato" }),
    }),
  );
  await page.goto("/admin/contacts");
  await expect(page.getByRole("heading", { name: "Non autorizzato" })).toBeVisible();
  await page.unroute("**/api/contacts?*");
  await page.goto("/admin/contacts");
  await expect(page.getByRole("heading", { name: "Contatti" })).toBeVisible();
});

test("tecnico: a site without budget, amounts or contracts, and its progress updated @phone", async ({ page }) => {
  const tag = test.info().project.name === "phone" ? "Ruoli Tel" : "Ruoli Desk";
  // The office prepares an accepted estimate (with its contract) and a site with a budget.
  await loginAs(page, "admin", E2E_UFFICIO);
  const estimateId = await acceptedEstimate(page, tag);
  const created = await page.request.post("/api/construction-sites", {
    data: {
      estimateId,
      name: `Tetto Glicine ${tag}`,
      address: "Via Glicine 5",
      status: "in_corso",
      force: true,
      reason: "Documenti in arrivo",
      progress: 30,
      estimatedBudget: "12345.67",
    },
  });
  expect(created.status()).toBe(201);
  const site = (await created.json()) as { id: string };
  expect((await page.request.post("/api/auth/logout")).ok()).toBe(true);

  await loginAs(page, "admin", E2E_TECNICO);
  await page.goto(`/admin/sites/${site.id}`);
  await expect(page.getByRole("heading", { name: `Tetto Glicine ${tag}` })).toBeVisible();
  await expect(page.getByText("Budget stimato")).toHaveCount(0);
  await expect(page.getByText("Contratti collegati")).toHaveCount(0);
  await expect(page.getByText("Imponibile")).toHaveCount(0);
  await expect(page.getByText(/12\.345,67/)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Modifica" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Elimina" })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole("button", { name: "Aggiorna avanzamento" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Avanzamento (%)").fill("60");
  await dialog.getByLabel("Note").fill("Posato il manto lato nord");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Salva" }).click();
  await expect(page.getByText("Avanzamento aggiornato")).toBeVisible();
  await expect(page.getByText("Posato il manto lato nord")).toBeVisible();
  await expect(page.getByText("60%").first()).toBeVisible();
  await snap(page, "tecnico-site");
});
