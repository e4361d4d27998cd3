import { expect, expectAccessible, pickOption, snap, test } from "./support";

test("contacts: create with the real form, search, filter by client, edit, view, delete @phone", async ({
  adminPage: page,
}) => {
  const tag = test.info().project.name === "phone" ? "Tel" : "Desk";
  const clientName = `Condominio Glicine ${tag}`;
  const client = await (
    await page.request.post("/api/clients", {
      data: { name: clientName, type: "condominio", address: "Via Manzoni 8" },
    })
  ).json();
  const contactName = `Paola Rinaldi ${tag}`;

  await page.goto("/admin/contacts");
  await expect(page.getByRole("heading", { name: "Contatti", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Nuovo Contatto" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(/^Nome\*?$/).fill(contactName);
  await dialog.getByLabel("E-mail").fill("non-valida");
  await dialog.getByRole("button", { name: "Crea contatto" }).click();
  await expect(dialog.getByText("Cliente: campo obbligatorio")).toBeVisible();
  await expect(dialog.getByText("Indirizzo e-mail non valido")).toBeVisible();
  await expectAccessible(page);
  await snap(page, "contact-form-error");
  await pickOption(dialog, /^Cliente/, clientName);
  await dialog.getByLabel("E-mail").fill("paola.rinaldi@example.it");
  await dialog.getByLabel("Telefono").fill("+39 347 555 1234");
  await dialog.getByLabel("Ruolo").fill("Amministratrice");
  await dialog.getByRole("button", { name: "Crea contatto" }).click();
  await expect(page.getByText("Contatto creato con successo")).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole("searchbox", { name: "Cerca contatti" }).fill(`rinaldi ${tag}`);
  await expect(page.getByText("1 contatto", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: contactName, exact: true })).toBeVisible();
  await expectAccessible(page);
  await snap(page, "contacts-list");

  // The client page's "+N altri contatti" lands here with the client filter.
  await page.goto(`/admin/contacts?clientId=${client.id}`);
  await expect(page.getByRole("combobox", { name: "Filtra per cliente" })).toHaveValue(clientName);
  await expect(page.getByText("1 contatto", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: `Modifica ${contactName}` }).click();
  await dialog.getByLabel("Note").fill("Risponde dopo le 14");
  await dialog.getByRole("button", { name: "Salva modifiche" }).click();
  await expect(page.getByText("Contatto aggiornato con successo")).toBeVisible();

  await page.getByRole("link", { name: `Visualizza ${contactName}` }).click();
  await expect(page.getByRole("heading", { name: contactName })).toBeVisible();
  await expect(page.getByText("Risponde dopo le 14")).toBeVisible();
  await expect(page.getByRole("link", { name: "Chiama" })).toHaveAttribute("href", "tel:+39 347 555 1234");
  await expect(page.getByRole("link", { name: "Invia email" })).toHaveAttribute(
    "href",
    "mailto:paola.rinaldi@example.it",
  );
  await expect(page.getByRole("link", { name: clientName })).toBeVisible();
  await expect(page.getByText("Sopralluoghi assegnati (0)")).toBeVisible();
  await expectAccessible(page);
  await snap(page, "contact-detail");

  await page.getByRole("button", { name: "Elimina" }).click();
  await expect(page.getByText("Sei sicuro di voler eliminare questo contatto?")).toBeVisible();
  await page.getByRole("alertdialog").getByRole("button", { name: "Elimina" }).click();
  await expect(page.getByText("Contatto eliminato con successo")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/contacts$/);

  await page.goto("/admin/contacts/00000000-0000-4000-8000-000000000000");
  await expect(page.getByText("Contatto non trovato")).toBeVisible();
});
