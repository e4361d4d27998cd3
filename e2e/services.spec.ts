import { expect, expectAccessible, snap, test } from "./support";

test("services catalogue: create, validate, search and filter, edit, delete @phone", async ({ adminPage: page }) => {
  const tag = test.info().project.name === "phone" ? "Tel" : "Desk";
  const name = `Guaina ardesiata ${tag}`;
  await page.goto("/admin/services");
  await expect(page.getByRole("heading", { name: "Servizi", level: 1 })).toBeVisible();

  await page.getByRole("button", { name: "Nuovo Servizio" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Unità di misura")).toHaveValue("mq");
  await expect(dialog.getByLabel("Stato")).toHaveValue("attivo");
  await dialog.getByLabel("Nome").fill(name);
  await dialog.getByLabel("Prezzo unitario (€)").fill("-3");
  await dialog.getByRole("button", { name: "Crea servizio" }).click();
  await expect(dialog.getByText("Importo: non può essere negativo")).toBeVisible();
  await expectAccessible(page);
  await snap(page, "service-form-error");
  await dialog.getByLabel("Prezzo unitario (€)").fill("22,50");
  await dialog.getByLabel("Categoria").selectOption("Impermeabilizzazione");
  await dialog.getByLabel("Descrizione").fill("Membrana 4 kg/mq posata a fiamma");
  await dialog.getByRole("button", { name: "Crea servizio" }).click();
  await expect(page.getByText("Servizio creato")).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole("searchbox", { name: "Cerca servizi" }).fill(tag);
  const card = page.getByRole("article", { name });
  await expect(card).toBeVisible();
  await expect(card.getByText("22,50")).toBeVisible();
  await expect(card.getByText("Impermeabilizzazione")).toBeVisible();
  await expectAccessible(page);
  await snap(page, "services-grid");

  // Filters run on the server.
  await page.getByLabel("Filtra per stato").selectOption("inattivo");
  await expect(page.getByText("Nessun servizio trovato")).toBeVisible();
  await page.getByLabel("Filtra per stato").selectOption("");
  await page.getByLabel("Filtra per categoria").selectOption("Coperture");
  await expect(card).toBeHidden();
  await page.getByLabel("Filtra per categoria").selectOption("");

  await page.getByRole("button", { name: `Modifica ${name}` }).click();
  await dialog.getByLabel("Stato").selectOption("inattivo");
  await dialog.getByRole("button", { name: "Salva modifiche" }).click();
  await expect(page.getByText("Servizio aggiornato")).toBeVisible();
  await expect(card.getByText("Inattivo")).toBeVisible();

  await page.getByRole("button", { name: `Elimina ${name}` }).click();
  await expect(page.getByText(`Sei sicuro di voler eliminare il servizio "${name}"?`)).toBeVisible();
  await page.getByRole("alertdialog").getByRole("button", { name: "Elimina" }).click();
  await expect(page.getByText("Servizio eliminato")).toBeVisible();
  await expect(card).toBeHidden();
});
