import { expect, expectAccessible, expectPicked, pickOption, snap, test } from "./support";

test("build an estimate with a catalogue and a custom line, send it, accept it, see the contract @phone", async ({
  adminPage: page,
}) => {
  // Names carry the project and the run, so desktop and phone runs never see each other's data.
  const tag = `${test.info().project.name === "phone" ? "Tel" : "Desk"}${Date.now() % 100000}`;
  const clientName = `Ferretti Niccolò ${tag}`;
  const serviceName = `Manto in coppi ${tag}`;
  const title = `Rifacimento tetto ${tag}`;

  const client = await page.request.post("/api/clients", {
    data: {
      name: clientName,
      type: "privato",
      address: "Via Mazzini 8",
      city: "Forlì",
      email: `ferretti.${tag.toLowerCase()}@example.it`,
    },
  });
  expect(client.status()).toBe(201);
  const service = await page.request.post("/api/services", {
    data: {
      name: serviceName,
      description: "posa di coppi di recupero",
      category: "Coperture",
      unitPrice: "42.50",
      unit: "mq",
      status: "attivo",
    },
  });
  expect(service.status()).toBe(201);

  await page.goto("/admin/quotes");
  await expect(page.getByRole("heading", { name: "Preventivi" })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Nuovo Preventivo" }).first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Nuovo preventivo" })).toBeVisible();
  await pickOption(dialog, /^Cliente/, clientName);
  // Privato → the lines start at IVA 10 % (docs/domain/vat.md).
  await expect(dialog.getByRole("listitem", { name: "Voce 1" }).getByLabel("Aliquota IVA")).toHaveValue("10");
  await dialog.getByLabel("Titolo").fill(title);
  await dialog
    .getByLabel("Descrizione dei lavori")
    .fill("Rimozione del manto esistente, posa di guaina e coppi, lattoneria.");

  // Line 1 from the catalogue: description, price and unit fill themselves.
  const first = dialog.getByRole("listitem", { name: "Voce 1" });
  // The catalogue is searched on the server as the user types (twenty at a time, issue 27).
  const serviceBox = first.getByRole("combobox", { name: /^Servizio dal catalogo/ });
  await expect(serviceBox).toHaveAttribute("placeholder", "Voce personalizzata: cerca un servizio...");
  await serviceBox.fill(serviceName);
  const found = first.getByRole("option").filter({ hasText: serviceName });
  await expect(found).toHaveCount(1);
  await expect(found).toContainText("42,50 €/mq · Coperture");
  await expect(first.getByText("1 risultato", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await snap(page, "estimate-service-picker");
  await found.click();
  await expectPicked(serviceBox, serviceName);
  await expect(first.getByLabel("Descrizione")).toHaveValue(`${serviceName} - posa di coppi di recupero`);
  await expect(first.getByLabel("Prezzo unit. (€)")).toHaveValue("42.50");
  await first.getByLabel("Quantità").fill("100");
  await expect(first.getByText("4.250,00 €")).toBeVisible();

  // Line 2: a custom line.
  await dialog.getByRole("button", { name: "Aggiungi voce" }).click();
  const second = dialog.getByRole("listitem", { name: "Voce 2" });
  await second.getByLabel("Descrizione").fill("Ponteggio perimetrale a norma");
  await second.getByLabel("Unità").selectOption("pz");
  await second.getByLabel("Quantità").fill("1");
  await second.getByLabel("Prezzo unit. (€)").fill("750,50");

  // Live preview: 4.250 + 750,50 = 5.000,50; 60/40; IVA 10 %.
  const summary = dialog.getByRole("definition");
  await expect(summary.filter({ hasText: "5.000,50 €" }).first()).toBeVisible();
  await expect(dialog.getByText("3.000,30 €")).toBeVisible();
  await expect(dialog.getByText("2.000,20 €")).toBeVisible();
  await expect(dialog.getByText("500,05 €")).toBeVisible();
  await expect(dialog.getByText("5.500,55 €")).toBeVisible();
  await expectAccessible(page);
  await snap(page, "estimate-form");

  await dialog.getByRole("button", { name: "Crea preventivo" }).click();
  await expect(page.getByText("Preventivo creato con successo")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/quotes\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  const number = (await page.getByText(/^Preventivo PRV-\d{4}-\d{3,}$/).textContent())!.replace("Preventivo ", "");
  await expect(page.getByText("Bozza", { exact: true }).first()).toBeVisible();
  await expect(page.getByText(`${serviceName} - posa di coppi di recupero`)).toBeVisible();
  await expect(page.getByText("5.500,55 €").first()).toBeVisible();
  await expectAccessible(page);
  await snap(page, "estimate-detail-draft");

  // The PDF the list and detail buttons open.
  const pdf = await page.request.get(
    await page
      .getByRole("link", { name: "PDF" })
      .getAttribute("href")
      .then((h) => h!),
  );
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");

  // Send: bozza → inviato (mail in the outbox, no SMTP in tests).
  await page.getByRole("button", { name: "Invia al cliente" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("ferretti.");
  await page.getByRole("button", { name: "Invia", exact: true }).click();
  await expect(page.getByText(/Preventivo inviato/)).toBeVisible();
  await expect(page.getByText("Inviato", { exact: true }).first()).toBeVisible();

  // Accept on the client's behalf: the contract is created and opened.
  await page.getByRole("button", { name: "Accetta per il cliente" }).click();
  const accept = page.getByRole("dialog");
  await accept.getByRole("button", { name: "Registra accettazione" }).click();
  await expect(accept.getByText(/firmatario: campo obbligatorio/)).toBeVisible();
  await accept.getByLabel("Nome e cognome del firmatario").fill("Niccolò Ferretti");
  await accept.getByRole("button", { name: "Registra accettazione" }).click();
  await expect(page.getByText(/Preventivo accettato: creato il contratto CTR-/)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/contracts\/[0-9a-f-]{36}$/);

  // Back on the estimate: accepted, frozen (no edit), with its contract.
  await page.goBack();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByText("Accettato", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: /^CTR-\d{4}-\d{3,}$/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Modifica" })).toBeHidden();
  await expect(page.getByText(/Niccolò Ferretti/).first()).toBeVisible();
  await expectAccessible(page);
  await snap(page, "estimate-detail-accepted");

  // The list finds it by number on the server, with status and amount.
  await page.goto("/admin/quotes");
  await page.getByRole("searchbox", { name: "Cerca preventivi" }).fill(number);
  await expect(page).toHaveURL(/q=PRV/);
  const row = page.getByRole("row", { name: new RegExp(number) });
  await expect(row).toBeVisible();
  await expect(row.getByText("5.000,50 €").filter({ visible: true })).toBeVisible();
  await expect(row.getByRole("link", { name: `PDF del preventivo ${number}` })).toHaveAttribute(
    "href",
    /\/api\/estimates\/.+\/pdf/,
  );
  await page.getByLabel("Filtra per stato").selectOption("bozza");
  await expect(page.getByText("Nessun preventivo trovato")).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Filtra per stato").selectOption("accettato");
  await expect(row).toBeVisible();
  await snap(page, "estimates-list");
});

test("an unknown estimate says Preventivo non trovato", async ({ adminPage: page }) => {
  await page.goto("/admin/quotes/00000000-0000-4000-8000-000000000000");
  await expect(page.getByText("Preventivo non trovato")).toBeVisible();
  await expectAccessible(page);
});
