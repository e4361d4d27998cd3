import { makePartitaIva } from "../src/domain/validators";
import { expect, expectAccessible, snap, test } from "./support";

test("suppliers: create with validation, list, details dialog, edit, detail page, delete @phone", async ({
  adminPage: page,
}) => {
  const project = test.info().project.name;
  const tag = project === "phone" ? "Tel" : "Desk";
  const name = `Lattoneria Brianza ${tag} S.r.l.`;
  const vat = makePartitaIva(project === "phone" ? 910_002 : 910_001);

  await page.goto("/admin/suppliers");
  await expect(page.getByRole("heading", { name: "Fornitori", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Nuovo Fornitore" }).click();
  await expect(page).toHaveURL(/\/admin\/suppliers\/new$/);
  await expect(page.getByRole("heading", { name: "Nuovo Fornitore" })).toBeVisible();

  // The shared schema refuses what the API would refuse, before sending.
  await page.getByLabel("Ragione sociale").fill(name);
  await page.getByLabel("Partita IVA").fill("12345678901");
  await page.getByLabel("Provincia").fill("XX");
  await page.getByRole("button", { name: "Crea fornitore" }).click();
  await expect(page.getByText("Partita IVA non valida")).toBeVisible();
  await expect(page.getByText("Città: campo obbligatorio")).toBeVisible();
  await expect(page.getByText("Sigla provincia non valida")).toBeVisible();
  await expectAccessible(page);
  await snap(page, "supplier-form-errors");

  await page.getByLabel("Partita IVA").fill(vat);
  await page.getByLabel("Città").fill("Monza");
  await page.getByLabel("Provincia").fill("MB");
  await page.getByLabel("CAP").fill("20900");
  await page.getByRole("textbox", { name: "Indirizzo" }).fill("Via Borgazzi 10");
  await page.getByLabel("Referente").fill("Giulia Colombo");
  await page.getByLabel("Telefono").fill("039 123456");
  await page.getByLabel("E-mail").fill(`ordini.${tag.toLowerCase()}@lattoneriabrianza.it`);
  await page.getByLabel("Sito web").fill("www.lattoneriabrianza.it");
  await page.getByRole("button", { name: "Crea fornitore" }).click();
  await expect(page.getByText("Fornitore creato con successo")).toBeVisible();

  // Detail page: statistics at zero, the empty orders card, the contacts wired.
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByText("Nessun ordine trovato per questo fornitore")).toBeVisible();
  await expect(page.getByRole("link", { name: "www.lattoneriabrianza.it" })).toHaveAttribute(
    "href",
    "https://www.lattoneriabrianza.it",
  );
  await expect(page.getByRole("link", { name: "Chiama" })).toHaveAttribute("href", "tel:039 123456");
  await expect(page.getByRole("link", { name: "Invia Email" })).toHaveAttribute("href", /^mailto:ordini\./);
  await expect(page.getByRole("link", { name: "Nuovo Ordine" })).toHaveAttribute(
    "href",
    /\/admin\/orders\/new\?supplierId=/,
  );
  await expectAccessible(page);
  await snap(page, "supplier-detail-empty");

  // A second supplier with the same partita IVA is refused by the server, on the field.
  await page.goto("/admin/suppliers/new");
  await page.getByLabel("Ragione sociale").fill(`Doppione ${tag}`);
  await page.getByLabel("Città").fill("Lecco");
  await page.getByLabel("Partita IVA").fill(vat);
  await page.getByRole("button", { name: "Crea fornitore" }).click();
  await expect(page.getByText("Partita IVA già registrata per un altro fornitore")).toBeVisible();
  await page.getByRole("button", { name: "Annulla" }).click();
  await expect(page).toHaveURL(/\/admin\/suppliers$/);

  // List: search on the server, row opens the details dialog, edit from there.
  await page.getByRole("searchbox", { name: "Cerca fornitori" }).fill(`brianza ${tag}`);
  await expect(page.getByText("1 fornitore", { exact: true })).toBeVisible();
  await snap(page, "suppliers-list");
  await page.getByRole("button", { name, exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Giulia Colombo")).toBeVisible();
  await expectAccessible(page);
  await snap(page, "supplier-dialog");
  await dialog.getByRole("link", { name: "Modifica" }).click();
  await expect(page).toHaveURL(/\/admin\/suppliers\/[0-9a-f-]+\/edit$/);
  await page.getByLabel("Stato").selectOption("sospeso");
  await page.getByLabel("Note").fill("Solo lattoneria in rame");
  await page.getByRole("button", { name: "Salva modifiche" }).click();
  await expect(page.getByText("Fornitore aggiornato con successo")).toBeVisible();
  await expect(page.getByText("Solo lattoneria in rame")).toBeVisible();
  await expect(page.getByText("Sospeso", { exact: true })).toBeVisible();

  // Delete from the list, with confirmation.
  await page.goto(`/admin/suppliers?q=${encodeURIComponent(`brianza ${tag}`)}`);
  await page.getByRole("button", { name: `Elimina ${name}` }).click();
  await expect(page.getByText("Sei sicuro di voler eliminare questo fornitore?")).toBeVisible();
  await page.getByRole("alertdialog").getByRole("button", { name: "Elimina" }).click();
  await expect(page.getByText("Fornitore eliminato con successo")).toBeVisible();
  await expect(page.getByText("Nessun fornitore trovato")).toBeVisible();

  await page.goto("/admin/suppliers/00000000-0000-4000-8000-000000000000");
  await expect(page.getByText("Fornitore non trovato")).toBeVisible();
  await expect(page.getByText("Il fornitore richiesto non esiste o è stato rimosso.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Torna alla Dashboard" })).toBeVisible();
  await expectAccessible(page);
});
