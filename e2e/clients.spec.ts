import { expect, expectAccessible, loginWithForm, snap, test } from "./support";

test("landing → login → create, search, edit, view, delete a client → logout @phone", async ({ page }) => {
  // Names carry the project, so the desktop and phone runs do not see each other's clients.
  // Unique per run: other specs create clients too, and the search must find only these.
  const tag = (test.info().project.name === "phone" ? "Tel" : "Desk") + Date.now().toString(36).slice(-5);
  const company = `Edilizia Brambilla ${tag} S.r.l.`;
  const condo = `Condominio Le Querce ${tag}`;
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("Gestione Cantieri")).toBeVisible();
  await expectAccessible(page);
  await snap(page, "landing");

  await page.getByRole("link", { name: /Accedi come Amministratore/ }).click();
  await expect(page).toHaveURL(/\/login\?role=admin/);
  await expectAccessible(page);
  await page.getByLabel("Nome utente").fill("admin");
  await page.getByLabel("Password").fill("sbagliata");
  await page.getByRole("button", { name: "Accedi" }).click();
  await expect(page.getByText("Credenziali non valide")).toBeVisible();
  await loginWithForm(page, "admin");

  await page.goto("/admin/clients");
  await expect(page.getByRole("heading", { name: "Clienti" })).toBeVisible();

  // Create: a bad partita IVA is refused in the form and nothing is sent.
  await page.getByRole("button", { name: "Nuovo Cliente" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Nome o ragione sociale").fill(company);
  await dialog.getByLabel("Tipo").selectOption("azienda");
  await dialog.getByRole("textbox", { name: "Indirizzo", exact: true }).fill("Via Lombardia 14");
  await dialog.getByLabel("Città").fill("Monza");
  await dialog.getByLabel("Provincia").fill("MB");
  await dialog.getByLabel("CAP").fill("20900");
  await dialog.getByLabel("E-mail", { exact: true }).fill("info@brambilla.it");
  await dialog.getByLabel("Partita IVA").fill("12345678901");
  await dialog.getByRole("button", { name: "Crea cliente" }).click();
  await expect(dialog.getByText("Partita IVA non valida")).toBeVisible();
  await expectAccessible(page);
  await snap(page, "client-form-error");
  await dialog.getByLabel("Partita IVA").fill("12345678903");
  await dialog.getByRole("button", { name: "Crea cliente" }).click();
  await expect(page.getByText("Cliente creato con successo")).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: "Nuovo Cliente" }).click();
  await dialog.getByLabel("Nome o ragione sociale").fill(condo);
  await dialog.getByLabel("Tipo").selectOption("condominio");
  await dialog.getByRole("textbox", { name: "Indirizzo", exact: true }).fill("Viale dei Pini 3");
  await dialog.getByRole("button", { name: "Crea cliente" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("searchbox", { name: "Cerca clienti" }).fill(tag);
  await expect(page.getByText("2 clienti", { exact: true })).toBeVisible();
  await snap(page, "clients-list");

  // Search and filter happen on the server; the URL keeps them.
  await page.getByRole("searchbox", { name: "Cerca clienti" }).fill(`brambilla ${tag}`);
  await expect(page).toHaveURL(/q=brambilla/);
  await expect(page.getByText("1 cliente", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: company, exact: true })).toBeVisible();
  await page.getByRole("searchbox", { name: "Cerca clienti" }).fill("zzzz");
  await expect(page.getByText("Prova a modificare i filtri di ricerca")).toBeVisible();
  await page.getByRole("searchbox", { name: "Cerca clienti" }).fill(tag);
  await page.getByLabel("Filtra per tipo").selectOption("condominio");
  await expect(page.getByRole("link", { name: condo, exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: company, exact: true })).toBeHidden();
  await page.getByLabel("Filtra per tipo").selectOption("");

  // Edit in the dialog.
  await page.getByRole("button", { name: `Modifica ${condo}` }).click();
  await dialog.getByLabel("Note").fill("Amministratore: studio Ferri");
  await dialog.getByRole("button", { name: "Salva modifiche" }).click();
  await expect(page.getByText("Cliente aggiornato con successo")).toBeVisible();

  // View.
  await page.getByRole("link", { name: `Visualizza ${condo}` }).click();
  await expect(page.getByRole("heading", { name: condo })).toBeVisible();
  await expect(page.getByText("Amministratore: studio Ferri")).toBeVisible();
  await expect(page.getByText("Condominio", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await snap(page, "client-detail");

  // Delete with confirmation, from the detail page.
  await page.getByRole("button", { name: "Elimina" }).click();
  await expect(page.getByText("Sei sicuro di voler eliminare questo cliente?")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("alertdialog").getByRole("button", { name: "Elimina" }).click();
  await expect(page.getByText("Cliente eliminato con successo")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/clients$/);
  await page.getByRole("searchbox", { name: "Cerca clienti" }).fill(tag);
  await expect(page.getByText("1 cliente", { exact: true })).toBeVisible();

  await page.goto("/admin/clients/00000000-0000-4000-8000-000000000000");
  await expect(page.getByText("Cliente non trovato")).toBeVisible();

  // Logout returns to the landing page and the back office asks for a login again.
  if ((page.viewportSize()?.width ?? 1000) < 768) {
    await expect(page.getByRole("button", { name: "Apri menu" })).toBeVisible();
  }
  await page.getByRole("button", { name: "Esci" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/admin/clients");
  await expect(page).toHaveURL(/\/login\?role=admin/);
});

test("unknown paths show the Italian 404 page with a way back", async ({ page }) => {
  await page.goto("/questa/pagina/non/esiste");
  await expect(page.getByRole("heading", { name: "Pagina non trovata" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Torna alla home" })).toBeVisible();
  // The specification's two texts, in a small technical line (docs/domain/operations.md).
  await expect(page.getByText("404 Page Not Found · Did you forget to add the page to the router?")).toBeVisible();
  await expectAccessible(page);
  await snap(page, "not-found");
});

test("alternative links redirect to the canonical routes", async ({ adminPage: page }) => {
  await page.goto("/admin/supplier/00000000-0000-4000-8000-000000000000");
  await expect(page).toHaveURL(/\/admin\/suppliers\/00000000-0000-4000-8000-000000000000$/);
});
