import { acceptedEstimate, completeCompanyFiscalData, contractOf } from "./billing-support";
import { expect, expectAccessible, snap, test } from "./support";

// Money comes in (docs/domain/invoices.md): issue → e-mail → partial payment → sollecito → credit note →
// re-issue after an SdI rejection → pagata, on the invoice page, then the Scadenzario and the
// invoice list's "Tipo" filter. At 1366 px on the desktop project and 390 px on the phone one.

test("issue, e-mail, partial payment, sollecito, credit note, re-issue after a scarto, paid @phone", async ({
  adminPage: page,
}) => {
  test.setTimeout(180_000);
  const phone = test.info().project.name === "phone";
  if (!phone) await page.setViewportSize({ width: 1366, height: 900 });
  const tag = phone ? "Incassi Tel" : "Incassi Desk";
  await completeCompanyFiscalData(page.request);
  const estimateId = await acceptedEstimate(page, tag);
  const contract = await contractOf(page, estimateId);
  // Last December: an overdue invoice whose date no invoice of this year can precede (numbers
  // follow dates within a year). The phone run takes the next day, after the desktop run's.
  const lastYear = new Date().getFullYear() - 1;
  const day = phone ? "02" : "01";
  expect(
    (await page.request.post(`/api/contracts/${contract.id}/sign`, { data: { signedDate: `${lastYear}-11-02` } })).ok(),
  ).toBe(true);
  const draft = await page.request.post("/api/invoices", {
    data: {
      contractId: contract.id,
      kind: "libera",
      amount: "1000.00",
      issueDate: `${lastYear}-12-${day}`,
      dueDate: `${lastYear}-12-31`,
    },
  });
  expect(draft.status(), await draft.text()).toBe(201);
  const invoiceId = ((await draft.json()) as { id: string }).id;

  // Issue.
  await page.goto(`/admin/invoices/${invoiceId}`);
  await expect(page.getByRole("heading", { name: "Bozza di fattura" })).toBeVisible();
  await page.getByRole("button", { name: "Segna come inviata" }).click();
  await expect(page.getByRole("heading", { name: /^Fattura FAT-/ })).toBeVisible();
  const number = ((await page.getByRole("heading", { name: /^Fattura FAT-/ }).textContent()) ?? "").replace(
    "Fattura ",
    "",
  );
  await expect(page.getByText("Scaduta").first()).toBeVisible();

  // E-mail to the client, with the stored PDF.
  await page.getByRole("button", { name: "Invia al cliente" }).click();
  let dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Destinatario")).toHaveValue(/girasole/);
  await dialog.getByLabel("Messaggio (facoltativo)").fill("Grazie per averci scelto.");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Invia al cliente" }).click();
  await expect(page.getByText(/messa in Posta in uscita/)).toBeVisible();

  // A partial payment: 500.00 of the 1,060.00 to pay (1,100.00 with 10 % VAT, less the
  // condominium's 4 % ritenuta of 40.00).
  await page.getByRole("button", { name: "Registra pagamento" }).click();
  dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Importo (€)")).toHaveValue("1060.00");
  await dialog.getByLabel("Importo (€)").fill("2000");
  await dialog.getByRole("button", { name: "Registra pagamento" }).click();
  await expect(dialog.getByText(/Massimo/)).toBeVisible();
  await dialog.getByLabel("Importo (€)").fill("500,00");
  await dialog.getByLabel("Metodo").selectOption("assegno");
  await snap(page, "payment-dialog");
  await dialog.getByRole("button", { name: "Registra pagamento" }).click();
  await expect(page.getByText("Pagamento di 500,00 € registrato")).toBeVisible();
  await expect(page.getByRole("list", { name: "Pagamenti registrati" })).toContainText("Assegno");
  await expect(page.getByText(/restano 560,00 €/)).toBeVisible();

  // Sollecito.
  await page.getByRole("button", { name: "Invia sollecito" }).click();
  dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: `Sollecito n. 1 per la fattura ${number}` })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Invia sollecito" }).click();
  await expect(page.getByText(/Sollecito per .* messo in Posta in uscita/)).toBeVisible();
  await expect(page.getByText("Sollecito n. 1").first()).toBeVisible(); // on the timeline

  // Esito SdI: scartata, then re-issue under the same number with a new file.
  await page.getByRole("button", { name: "Esito SdI" }).click();
  dialog = page.getByRole("dialog");
  await dialog.getByRole("combobox", { name: /^Esito/ }).selectOption("scartata");
  await dialog.getByLabel("Codice errore (facoltativo)").fill("00305");
  await dialog.getByLabel("Messaggio dello SdI (facoltativo)").fill("Codice fiscale del cessionario non valido");
  await expectAccessible(page);
  await snap(page, "sdi-outcome-dialog");
  await dialog.getByRole("button", { name: "Registra esito" }).click();
  await expect(page.getByText("SdI: Scartata")).toBeVisible();
  await page.getByRole("button", { name: "Riemetti fattura" }).click();
  await expect(page.getByText(`Fattura ${number} riemessa con un nuovo file FatturaPA`)).toBeVisible();
  const history = page.getByRole("list", { name: "Storico SdI" });
  await expect(history.getByText("Trasmessa allo SdI")).toHaveCount(2);
  await expect(history).toContainText("00305");
  await expectAccessible(page);
  await snap(page, "invoice-money");

  // Credit note: 100.00 of imponibile (110.00 with VAT, 106.00 less the ritenuta).
  await page.getByRole("button", { name: "Emetti nota di credito" }).click();
  dialog = page.getByRole("dialog");
  await dialog.getByLabel("Motivo").fill("Sconto per ritardo lavori");
  await dialog.getByLabel(/Imponibile da stornare/).fill("100");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Emetti nota di credito" }).click();
  await expect(page.getByRole("heading", { name: /^Nota di credito FAT-/ })).toBeVisible();
  await expect(page.getByRole("link", { name: `fattura ${number}` })).toBeVisible();
  await expect(page.getByText("Motivo: Sconto per ritardo lavori")).toBeVisible();
  await expectAccessible(page);
  await snap(page, "credit-note");
  await page.getByRole("link", { name: `fattura ${number}` }).click();
  await expect(page.getByText(/restano 454,00 €/)).toBeVisible();

  // The rest: pagata.
  await page.getByRole("button", { name: "Registra pagamento" }).click();
  dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Importo (€)")).toHaveValue("454.00");
  await dialog.getByRole("button", { name: "Registra pagamento" }).click();
  await expect(page.getByText(/^Pagata il/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Registra pagamento" })).toHaveCount(0);

  // The list: "Tipo" nota di credito, with the filtered total.
  await page.goto(`/admin/invoices?type=nota_credito&q=${encodeURIComponent("FAT-")}`);
  await expect(page.getByRole("combobox", { name: "Filtra per tipo" })).toHaveValue("nota_credito");
  await expect(page.getByText(/documento|documenti/).first()).toBeVisible();
  await expect(page.getByRole("table").getByText("Nota di credito").first()).toBeVisible();
  await expectAccessible(page);
  await snap(page, "invoices-filters");

  // The VAT register of last December: the accountant's CSV, with this invoice's row.
  await page.getByRole("button", { name: "Registro IVA" }).click();
  dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox", { name: "Dal", exact: true }).fill(`${lastYear}-12-31`);
  await dialog.getByRole("textbox", { name: "Al", exact: true }).fill(`${lastYear}-12-01`);
  await expect(dialog.getByRole("alert")).toHaveText("Al: non può precedere la data iniziale");
  await expect(dialog.getByRole("button", { name: "Scarica registro IVA" })).toBeDisabled();
  await dialog.getByRole("textbox", { name: "Dal", exact: true }).fill(`${lastYear}-12-01`);
  await dialog.getByRole("textbox", { name: "Al", exact: true }).fill(`${lastYear}-12-31`);
  const download = dialog.getByRole("link", { name: "Scarica registro IVA" });
  await expect(download).toHaveAttribute(
    "href",
    `/api/exports/vat-register?from=${lastYear}-12-01&to=${lastYear}-12-31`,
  );
  await expectAccessible(page);
  await snap(page, "vat-register");
  const csv = await page.request.get((await download.getAttribute("href"))!);
  expect(csv.status()).toBe(200);
  const text = await csv.text();
  expect(text.split(/\r?\n/)[0]).toContain("Data;Numero;Tipo documento;Cliente");
  expect(text).toContain(number);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  // The Scadenzario, reached from the sidebar's section under Fatture.
  await page.goto("/admin/receivables");
  await expect(page.getByRole("heading", { name: "Scadenzario" })).toBeVisible();
  await expect(page.getByText("Totale da incassare")).toBeVisible();
  await expect(page.getByRole("link", { name: "Esporta CSV" })).toBeVisible();
  await expectAccessible(page);
  await snap(page, "receivables");
});
