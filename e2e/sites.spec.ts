import { acceptedEstimate } from "./billing-support";
import { expect, expectAccessible, pickOption, snap, test } from "./support";

test("sites: create, filter by status, edit, delete with confirmation @phone", async ({ adminPage: page }) => {
  const tag = test.info().project.name === "phone" ? "Cant Tel" : "Cant Desk";
  await acceptedEstimate(page, tag);
  const name = `Tetto Ginestra ${tag}`;

  await page.goto("/admin/sites");
  await page.getByRole("button", { name: "Nuovo Cantiere" }).first().click();
  const dialog = page.getByRole("dialog");
  await pickOption(dialog, /^Preventivo accettato/, `Rifacimento tetto ${tag}`);
  await dialog.getByLabel("Nome cantiere").fill(name);
  await dialog.getByLabel("Indirizzo del cantiere").fill("Via Ginestra 3");
  await dialog.getByLabel("Avanzamento (%)").fill("150");
  await dialog.getByRole("button", { name: "Crea cantiere" }).click();
  await expect(dialog.getByText("Avanzamento: massimo 100")).toBeVisible();
  await dialog.getByLabel("Avanzamento (%)").fill("20");
  await dialog.getByLabel("Numero di piani").fill("2");
  await dialog.getByRole("button", { name: "Crea cantiere" }).click();
  await expect(page.getByText("Cantiere creato con successo")).toBeVisible();

  await page.getByRole("searchbox", { name: "Cerca cantieri" }).fill("Ginestra");
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await page.getByLabel("Filtra per stato").selectOption("completato");
  await expect(page.getByText("Nessun cantiere trovato")).toBeVisible();
  await page.getByLabel("Filtra per stato").selectOption("programmato");
  await expect(page.getByRole("heading", { name })).toBeVisible();

  await page.getByRole("button", { name: `Modifica ${name}` }).click();
  await page
    .getByRole("dialog")
    .getByRole("combobox", { name: /^Stato/ })
    .selectOption("completato");
  await page.getByRole("dialog").getByRole("button", { name: "Salva modifiche" }).click();
  await expect(page.getByText("Cantiere aggiornato con successo")).toBeVisible();
  await page.getByLabel("Filtra per stato").selectOption("completato");
  await expect(page.getByRole("progressbar", { name: `Avanzamento ${name}` })).toHaveAttribute("aria-valuenow", "100");
  await expectAccessible(page);
  await snap(page, "sites-filtered");

  await page.getByRole("button", { name: `Elimina ${name}` }).click();
  await expect(page.getByText("Sei sicuro di voler eliminare questo cantiere?")).toBeVisible();
  await page.getByRole("alertdialog").getByRole("button", { name: "Elimina" }).click();
  await expect(page.getByText("Cantiere eliminato con successo")).toBeVisible();
  await expect(page.getByText("Nessun cantiere trovato")).toBeVisible();
});
