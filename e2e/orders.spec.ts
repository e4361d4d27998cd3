import { makePartitaIva } from "../src/domain/validators";
import { expect, expectAccessible, expectPicked, pickOption, snap, test } from "./support";

test("supplier → order with items → send → confirm → receive → supplier statistics updated @phone", async ({ adminPage: page }) => {
  const project = test.info().project.name;
  const tag = project === "phone" ? "Tel" : "Desk";
  const supplier = `Laterizi Orobici ${tag} S.p.A.`;

  // The supplier, through its form.
  await page.goto("/admin/suppliers/new");
  await page.getByLabel("Ragione sociale").fill(supplier);
  await page.getByLabel("Partita IVA").fill(makePartitaIva(project === "phone" ? 920_002 : 920_001));
  await page.getByLabel("Città").fill("Bergamo");
  await page.getByLabel("E-mail").fill(`ordini.${tag.toLowerCase()}@lateriziorobici.it`);
  await page.getByRole("button", { name: "Crea fornitore" }).click();
  await expect(page.getByRole("heading", { name: supplier, level: 1 })).toBeVisible();

  // "Nuovo Ordine" from the supplier page arrives with the supplier chosen.
  await page.getByRole("link", { name: "Nuovo Ordine" }).click();
  await expect(page.getByRole("heading", { name: "Nuovo Ordine" })).toBeVisible();
  // The server-search picker shows the prefilled supplier by name.
  await expectPicked(page.getByRole("combobox", { name: "Fornitore", exact: true }), supplier);
  await page.getByLabel("Titolo").fill(`Coppi tetto ${tag}`);
  await page.getByLabel("Consegna prevista").fill("2020-01-01");
  const first = page.getByRole("listitem", { name: "Articolo 1" });
  await first.getByLabel("Descrizione").fill("Coppi portoghesi rossi");
  await first.getByLabel("Quantità").fill("120");
  await first.getByLabel("Prezzo Unit. (€)").fill("1,35");
  await expect(first.locator("output")).toHaveText("162,00 €");
  await page.getByRole("button", { name: "Aggiungi articolo" }).click();
  const second = page.getByRole("listitem", { name: "Articolo 2" });
  await second.getByLabel("Descrizione").fill("Colmo ventilato");
  await second.getByLabel("Quantità").fill("2,5");
  await second.getByLabel("Unità").selectOption("ml");
  await second.getByLabel("Prezzo Unit. (€)").fill("0,99");
  await expect(page.getByText("Totale ordine: 164,48 €")).toBeVisible();
  await page.getByRole("button", { name: "Crea ordine" }).click();
  await expect(page.getByText("Consegna prevista: non può precedere la data dell'ordine")).toBeVisible();
  await expectAccessible(page);
  await snap(page, "order-form");
  await page.getByLabel("Consegna prevista").fill("");
  await page.getByRole("button", { name: "Crea ordine" }).click();
  await expect(page.getByText(/Ordine ORD-\d{4}-\d{3,} creato con successo/)).toBeVisible();

  // Detail page: Creato, then through the lifecycle.
  const heading = page.getByRole("heading", { level: 1, name: /^Ordine ORD-/ });
  await expect(heading).toBeVisible();
  const number = (await heading.textContent())!.replace("Ordine ", "").trim();
  await expect(page.getByText("Bozza", { exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: "164,48 €" })).toBeVisible();
  await expectAccessible(page);
  await snap(page, "order-detail-bozza");

  await page.getByRole("button", { name: "Invia Ordine" }).click();
  await expect(page.getByRole("alertdialog")).toContainText(`ordini.${tag.toLowerCase()}@lateriziorobici.it`);
  await page.getByRole("alertdialog").getByRole("button", { name: "Invia" }).click();
  await expect(page.getByText("Ordine inviato al fornitore")).toBeVisible();
  await expect(page.getByText("Inviato", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Modifica" })).toBeHidden();

  await page.getByRole("button", { name: "Segna come Confermato" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Conferma" }).click();
  await expect(page.getByText("Ordine confermato", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Segna come Ricevuto" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Segna come Ricevuto" }).click();
  await expect(page.getByText("Ordine segnato come ricevuto")).toBeVisible();
  await expect(page.getByRole("button", { name: "Segna come Ricevuto" })).toBeHidden();
  await expect(page.getByText(`Ordine ${number} ricevuto`)).toBeVisible();
  await expectAccessible(page);
  await snap(page, "order-detail-ricevuto");

  // The PDF is served.
  const pdf = await page.request.get(await page.getByRole("link", { name: "Scarica PDF" }).getAttribute("href").then((h) => h!));
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");

  // Back on the supplier page the statistics count it.
  await page.getByRole("link", { name: supplier }).click();
  await expect(page.getByRole("heading", { name: supplier, level: 1 })).toBeVisible();
  const stats = page.getByRole("region", { name: "Statistiche ordini" });
  await expect(stats.getByText("Ordini totali").locator("..")).toContainText("1");
  await expect(stats.getByText("Completati").locator("..")).toContainText("1");
  await expect(stats.getByText("Valore totale").locator("..")).toContainText("164 €");
  await expect(page.getByRole("link", { name: `Visualizza ordine ${number}` })).toBeVisible();
  await snap(page, "supplier-detail-stats");

  // Orders list: search, the row's dialog, and a draft deleted with confirmation.
  await page.goto("/admin/orders");
  await page.getByRole("searchbox", { name: "Cerca ordini" }).fill(number);
  await expect(page.getByRole("heading", { name: "Ordini (1)" })).toBeVisible();
  await page.getByRole("button", { name: number, exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("cell", { name: "Coppi portoghesi rossi" })).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Modifica" })).toBeHidden();
  await expectAccessible(page);
  await snap(page, "order-dialog");
  await dialog.getByRole("button", { name: "Chiudi" }).first().click();
  // Phones keep only "view" in the row (edit and delete are on the detail page).
  if (project !== "phone") await expect(page.getByRole("button", { name: `Elimina ${number}` })).toBeDisabled();
  await snap(page, "orders-list");

  // A draft: created from the list's button, edited, then deleted.
  await page.goto("/admin/orders");
  await page.getByRole("link", { name: "Nuovo Ordine" }).first().click();
  // Typing searches the active suppliers on the server; the option shows the city too.
  await pickOption(page, /^Fornitore/, `Orobici ${tag}`, supplier);
  await expectPicked(page.getByRole("combobox", { name: "Fornitore", exact: true }), supplier);
  await page.getByLabel("Titolo").fill(`Bozza da eliminare ${tag}`);
  const line = page.getByRole("listitem", { name: "Articolo 1" });
  await line.getByLabel("Descrizione").fill("Viti");
  await line.getByLabel("Prezzo Unit. (€)").fill("3");
  await page.getByRole("button", { name: "Crea ordine" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Ordine ORD-/ })).toBeVisible();
  await page.getByRole("link", { name: "Modifica" }).click();
  await page.getByRole("listitem", { name: "Articolo 1" }).getByLabel("Quantità").fill("4");
  await page.getByRole("button", { name: "Salva modifiche" }).click();
  await expect(page.getByText("Ordine aggiornato con successo")).toBeVisible();
  await expect(page.getByRole("cell", { name: "12,00 €" }).first()).toBeVisible();
  await page.getByRole("button", { name: "Elimina" }).click();
  await expect(page.getByText("Sei sicuro di voler eliminare questo ordine?")).toBeVisible();
  await page.getByRole("alertdialog").getByRole("button", { name: "Elimina" }).click();
  await expect(page.getByText("Ordine eliminato con successo")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/orders$/);

  await page.getByRole("searchbox", { name: "Cerca ordini" }).fill("nessun-ordine-così");
  await expect(page.getByText("Nessun ordine trovato per la ricerca")).toBeVisible();

  await page.goto("/admin/orders/00000000-0000-4000-8000-000000000000");
  await expect(page.getByText("Ordine non trovato")).toBeVisible();
  await expect(page.getByRole("link", { name: "Torna alla Dashboard" })).toBeVisible();
});
