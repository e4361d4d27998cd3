import { acceptedEstimate, completeCompanyFiscalData } from "./billing-support";
import { expect, expectAccessible, pickOption, snap, test } from "./support";

test("accepted estimate → site → contract signed → acconto, SAL and saldo → paid @phone", async ({
  adminPage: page,
}) => {
  // The whole billing life of a job in one story: longer than the default minute.
  test.setTimeout(180_000);
  const phone = test.info().project.name === "phone";
  const tag = phone ? "Tel" : "Desk";
  await acceptedEstimate(page, tag);
  await completeCompanyFiscalData(page.request);
  const siteName = `Cantiere Girasole ${tag}`;

  // Site on the accepted estimate.
  await page.goto("/admin/sites");
  await expect(page.getByRole("heading", { name: "Cantieri" })).toBeVisible();
  await page.getByRole("button", { name: "Nuovo Cantiere" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Crea cantiere" }).click();
  await expect(dialog.getByText("Preventivo: campo obbligatorio")).toBeVisible();
  await pickOption(dialog, /^Preventivo accettato/, `Rifacimento tetto ${tag}`);
  await dialog.getByLabel("Nome cantiere").fill(siteName);
  await dialog.getByLabel("Indirizzo del cantiere").fill("Via dei Mille 8, Monza");
  await dialog.getByRole("combobox", { name: /^Stato/ }).selectOption("in_corso");
  await dialog.getByLabel("Avanzamento (%)").fill("5");
  await dialog.getByLabel("Data di inizio").fill("2026-01-12");
  await dialog.getByLabel("Fine prevista").fill("2026-02-20");
  await expectAccessible(page);
  await snap(page, "site-form");
  await dialog.getByRole("button", { name: "Crea cantiere" }).click();
  // In corso without its safety papers: the office confirms with a reason (site compliance).
  const confirm = page.getByRole("dialog", { name: "Documenti di sicurezza mancanti" });
  await expect(confirm).toContainText("POS mancante");
  await confirm.getByLabel("Motivo per avviare comunque il cantiere").fill("POS in firma dal coordinatore");
  await expectAccessible(page);
  await confirm.getByRole("button", { name: "Avvia comunque" }).click();
  await expect(page.getByText("Cantiere creato con successo")).toBeVisible();
  await page.getByRole("searchbox", { name: "Cerca cantieri" }).fill(`Girasole ${tag}`);
  await expect(page.getByRole("heading", { name: siteName })).toBeVisible();
  await expectAccessible(page);
  await snap(page, "sites-list");

  await page.getByRole("link", { name: `Dettagli ${siteName}` }).click();
  await expect(page.getByRole("heading", { name: siteName, level: 1 })).toBeVisible();
  await expect(page.getByText("Progresso lento").first()).toBeVisible();
  await expect(page.getByText("In ritardo").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Analisi costi" })).toBeVisible();
  await expectAccessible(page);
  await snap(page, "site-detail");

  // The contract was created on acceptance: sign it.
  await page.getByRole("link", { name: /^CTR-/ }).first().click();
  await expect(page.getByRole("heading", { name: /^Contratto CTR-/ })).toBeVisible();
  await expect(page.getByText("Anna Ferri", { exact: false }).first()).toBeVisible();
  await page.getByRole("button", { name: "Segna come firmato" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Segna come firmato" }).click();
  await expect(page.getByText("Contratto firmato").first()).toBeVisible();
  await page.getByRole("button", { name: "Attiva contratto" }).click();
  await expect(page.getByText("Contratto attivato").first()).toBeVisible();
  const contractUrl = page.url();

  // Acconto 30 % of 10,000 (10 % VAT for a condominium).
  await page.getByRole("link", { name: "Nuova Fattura" }).click();
  const invoiceDialog = page.getByRole("dialog");
  await expect(invoiceDialog.getByRole("combobox", { name: /^Contratto/ })).not.toHaveValue("");
  await invoiceDialog.getByLabel("Percentuale (%)").fill("30");
  await expect(invoiceDialog.getByText("3.300,00 €")).toBeVisible();
  await expectAccessible(page);
  await snap(page, "invoice-new-acconto");
  await invoiceDialog.getByRole("button", { name: "Crea fattura" }).click();
  // A draft has no number and no FatturaPA yet: both come with the issue.
  await expect(page.getByRole("heading", { name: "Bozza di fattura" })).toBeVisible();
  await expect(page.getByText("Acconto").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "FatturaPA XML" })).toBeDisabled();
  await expect(page.getByText(/il file FatturaPA si genera/)).toBeVisible();
  await expectAccessible(page);
  await snap(page, "invoice-detail-draft");
  await page.getByRole("button", { name: "Segna come inviata" }).click();
  await expect(page.getByText(/^Fattura FAT-\d{4}-\d+ emessa e segnata come inviata/)).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Fattura FAT-/ })).toBeVisible();
  await page.getByRole("button", { name: "FatturaPA XML" }).click();
  await expect(page.getByText(/Fattura elettronica IT\d{11}_[0-9A-Z]{5}\.xml scaricata/)).toBeVisible();
  await page.getByRole("button", { name: "Registra pagamento" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Registra pagamento" }).click();
  await expect(page.getByText(/Pagata il/)).toBeVisible();
  await expectAccessible(page);
  await snap(page, "invoice-detail-paid");

  // Site at 60 %: SAL = 6,000 − 3,000.
  await page.goto("/admin/sites");
  await page.getByRole("searchbox", { name: "Cerca cantieri" }).fill(`Girasole ${tag}`);
  await page.getByRole("button", { name: `Modifica ${siteName}` }).click();
  await page.getByRole("dialog").getByLabel("Avanzamento (%)").fill("60");
  await page.getByRole("dialog").getByRole("button", { name: "Salva modifiche" }).click();
  await expect(page.getByText("Cantiere aggiornato con successo")).toBeVisible();

  await page.goto(contractUrl);
  await page.getByRole("link", { name: "Nuova Fattura" }).click();
  await page.getByRole("dialog").getByLabel("Tipo di fattura").selectOption("sal");
  await expect(page.getByRole("dialog").getByText("3.000,00 €").first()).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Crea fattura" }).click();
  await expect(page.getByRole("heading", { name: "Bozza di fattura" })).toBeVisible();
  // A saldo deducts the issued invoices, so the SAL is issued first (a draft would be left out).
  await page.getByRole("button", { name: "Segna come inviata" }).click();
  await expect(page.getByText(/^Fattura FAT-\d{4}-\d+ emessa e segnata come inviata/)).toBeVisible();

  // Saldo: the remaining 4,000.
  await page.goto(contractUrl);
  await page.getByRole("link", { name: "Nuova Fattura" }).click();
  await page.getByRole("dialog").getByLabel("Tipo di fattura").selectOption("saldo");
  await expect(page.getByRole("dialog").getByText("4.000,00 €").first()).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Crea fattura" }).click();
  await expect(page.getByRole("heading", { name: "Bozza di fattura" })).toBeVisible();
  await expect(page.getByRole("button", { name: "FatturaPA XML" })).toBeDisabled();

  await page.goto(contractUrl);
  await expect(page.getByText("100%").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Situazione finanziaria" })).toBeVisible();
  await expectAccessible(page);
  await snap(page, "contract-detail");

  await page.goto("/admin/invoices");
  await page.getByRole("searchbox", { name: "Cerca fatture" }).fill("CTR-");
  await expect(page.getByRole("table", { name: "Elenco fatture" })).toBeVisible();
  await expectAccessible(page);
  await snap(page, "invoices-list");

  await page.goto("/admin/contracts");
  await expect(page.getByRole("table", { name: "Elenco contratti" })).toBeVisible();
  await expectAccessible(page);
  await snap(page, "contracts-list");
});

test("not-found pages of sites, contracts and invoices", async ({ adminPage: page }) => {
  const none = "00000000-0000-4000-8000-000000000000";
  await page.goto(`/admin/sites/${none}`);
  await expect(page.getByText("Cantiere non trovato")).toBeVisible();
  await page.goto(`/admin/contracts/${none}`);
  await expect(page.getByText("Contratto non trovato")).toBeVisible();
  await page.goto(`/admin/invoices/${none}`);
  await expect(page.getByText("Fattura non trovata")).toBeVisible();
  await expectAccessible(page);
});
