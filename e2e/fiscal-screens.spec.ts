import { E2E_TECNICO } from "../playwright.config";
import { pdfText } from "../src/server/test/extract-text";
import { acceptedEstimate, completeCompanyFiscalData, contractOf } from "./billing-support";
import { expect, expectAccessible, loginAs, snap, test } from "./support";

// Issue 24 on the screens: a public body's office code and a condominio's ritenuta switch on the
// client form, CIG and CUP on the contract, a libera invoice with its own lines (the estimate's
// line editor) whose issued PDF states the riepilogo per rate, the beni significativi, the
// ritenuta and the net to pay. Issue 26: the technician is offered only what the server allows.

const tagOf = (name: string) => `${name === "phone" ? "Tel" : "Desk"}${Date.now() % 100000}`;

test("client form: office code only for a public body, ritenuta switch only for a condominio @phone", async ({
  adminPage: page,
}) => {
  const tag = tagOf(test.info().project.name);
  await page.goto("/admin/clients");
  await page.getByRole("button", { name: "Nuovo Cliente" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Nome o ragione sociale").fill(`Comune di Lesmo ${tag}`);
  await dialog.getByLabel("Indirizzo").fill("Piazza Dante 1");
  await expect(dialog.getByLabel("Codice univoco ufficio")).toHaveCount(0);
  await expect(dialog.getByLabel(/Sostituto d'imposta/)).toHaveCount(0);
  await dialog.getByLabel("Tipo").selectOption("condominio");
  await expect(dialog.getByLabel(/Sostituto d'imposta/)).toBeChecked();
  await dialog.getByLabel("Tipo").selectOption("ente_pubblico");
  await expect(dialog.getByLabel(/Sostituto d'imposta/)).toHaveCount(0);
  // The shared schema: a public body needs its 6-character office code.
  await dialog.getByRole("button", { name: "Crea cliente" }).click();
  await expect(
    dialog.getByText("Codice univoco ufficio: obbligatorio per un ente pubblico (6 caratteri)"),
  ).toBeVisible();
  await dialog.getByLabel("Codice univoco ufficio").fill("uf12");
  await dialog.getByRole("button", { name: "Crea cliente" }).click();
  await expect(dialog.getByText("Codice univoco ufficio: 6 caratteri (lettere e cifre)")).toBeVisible();
  await dialog.getByLabel("Codice univoco ufficio").fill("uf12ab");
  await expectAccessible(page);
  await snap(page, "client-form-ente");
  await dialog.getByRole("button", { name: "Crea cliente" }).click();
  await expect(page.getByText("Cliente creato con successo")).toBeVisible();
  const found = (await (await page.request.get(`/api/clients?q=${encodeURIComponent(`Lesmo ${tag}`)}`)).json()) as
    | { id: string; officeCode: string }[]
    | { rows: { id: string; officeCode: string }[] };
  const ente = (Array.isArray(found) ? found : found.rows)[0]!;
  expect(ente.officeCode).toBe("UF12AB");
  await page.goto(`/admin/clients/${ente.id}`);
  await expect(page.getByText("Codice univoco ufficio")).toBeVisible();
  await expect(page.getByText("UF12AB")).toBeVisible();

  // A condominio that is not a sostituto d'imposta: the switch off, saved, shown.
  const condo = await page.request.post("/api/clients", {
    data: { name: `Condominio Aria ${tag}`, type: "condominio", address: "Via Roma 2" },
  });
  const condoId = (await condo.json()).id as string;
  await page.goto(`/admin/clients/${condoId}`);
  await expect(page.getByText("Sì, applicata in fattura")).toBeVisible();
  await page.getByRole("button", { name: "Modifica" }).first().click();
  const edit = page.getByRole("dialog");
  await expect(edit.getByLabel("Codice univoco ufficio")).toHaveCount(0);
  await edit.getByLabel(/Sostituto d'imposta/).uncheck();
  await edit.getByRole("button", { name: "Salva modifiche" }).click();
  await expect(page.getByText("No, non è sostituto d'imposta")).toBeVisible();
  expect(
    ((await (await page.request.get(`/api/clients/${condoId}`)).json()) as { withholdingAgent: boolean })
      .withholdingAgent,
  ).toBe(false);
  await expectAccessible(page);
});

test("contract of a public body: CIG and CUP edited while bozza, shown on the detail @phone", async ({
  adminPage: page,
}) => {
  const tag = tagOf(test.info().project.name);
  const client = await page.request.post("/api/clients", {
    data: {
      name: `Provincia Scuole ${tag}`,
      type: "ente_pubblico",
      address: "Via Grigna 13",
      city: "Monza",
      province: "MB",
      zipCode: "20900",
      fiscalCode: "02030880153",
      officeCode: "UF1A2B",
      email: `scuole.${tag.toLowerCase()}@example.it`,
    },
  });
  expect(client.status()).toBe(201);
  const estimate = await page.request.post("/api/estimates", {
    data: {
      clientId: (await client.json()).id,
      title: `Copertura scuola ${tag}`,
      description: "Rifacimento della copertura della palestra",
      items: [{ description: "Rifacimento copertura", quantity: "1", unitPrice: "10000", vatRate: "22" }],
    },
  });
  expect(estimate.status(), await estimate.text()).toBe(201);
  const estimateId = (await estimate.json()).id as string;
  const sent = await page.request.post(`/api/estimates/${estimateId}/send`, { data: {} });
  expect(sent.ok(), await sent.text()).toBe(true);
  const { version } = (await sent.json()) as { version: number };
  const accepted = await page.request.post(`/api/estimates/${estimateId}/accept`, {
    data: { signedBy: "Dirigente", version },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  const contract = await contractOf(page, estimateId);
  await page.goto(`/admin/contracts/${contract.id}`);
  await expect(page.getByRole("heading", { name: "Appalto pubblico" })).toBeVisible();
  await page.getByRole("button", { name: "Modifica condizioni" }).click();
  await page.getByLabel("CIG").fill("z1a2b3");
  await page.getByRole("button", { name: "Salva condizioni" }).click();
  await expect(page.getByText("CIG: 10 caratteri, lettere e cifre")).toBeVisible();
  await page.getByLabel("CIG").fill("z1a2b3c4d5");
  await page.getByLabel("CUP").fill("J51B21000010004");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Salva condizioni" }).click();
  await expect(page.getByText("Condizioni aggiornate")).toBeVisible();
  const panel = page.getByText("Riportati nella fattura elettronica").locator("..");
  await expect(panel.getByText("Z1A2B3C4D5")).toBeVisible();
  await expect(panel.getByText("J51B21000010004")).toBeVisible();
  const stored = (await (await page.request.get(`/api/contracts/${contract.id}`)).json()) as {
    cig: string;
    cup: string;
  };
  expect(stored).toMatchObject({ cig: "Z1A2B3C4D5", cup: "J51B21000010004" });
  await snap(page, "contract-cig-cup");
  // Signed: no longer editable.
  expect(
    (
      await page.request.post(`/api/contracts/${contract.id}/sign`, {
        data: { signedDate: new Date().toISOString().slice(0, 10) },
      })
    ).ok(),
  ).toBe(true);
  await page.reload();
  await expect(page.getByText("Z1A2B3C4D5")).toBeVisible();
  await expect(page.getByRole("button", { name: "Modifica condizioni" })).toHaveCount(0);
});

test("libera invoice with its own lines: two rates, beni significativi, ritenuta, net to pay in the PDF @phone", async ({
  adminPage: page,
}) => {
  test.setTimeout(180_000);
  const tag = tagOf(test.info().project.name);
  await completeCompanyFiscalData(page.request);
  const estimateId = await acceptedEstimate(page, `Libera ${tag}`);
  const contract = await contractOf(page, estimateId);
  const today = new Date().toISOString().slice(0, 10);
  expect((await page.request.post(`/api/contracts/${contract.id}/sign`, { data: { signedDate: today } })).ok()).toBe(
    true,
  );

  await page.goto(`/admin/invoices?new=1&contractId=${contract.id}`);
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Tipo di fattura").selectOption("libera");
  await dialog.getByLabel("Contenuto della fattura").selectOption("lines");
  await expect(dialog.getByLabel("Importo imponibile (€)")).toHaveCount(0);
  const first = dialog.getByRole("listitem", { name: "Riga 1" });
  // A condominio: new lines at 10 % (maintenance of homes).
  await expect(first.getByLabel("Aliquota IVA")).toHaveValue("10");
  await first.getByLabel("Descrizione").fill("Finestra per tetti");
  await first.getByLabel("Quantità").fill("2");
  await first.getByLabel("Prezzo unit. (€)").fill("1000");
  await first.getByLabel("Bene significativo").check();
  await dialog.getByRole("button", { name: "Aggiungi riga" }).click();
  const second = dialog.getByRole("listitem", { name: "Riga 2" });
  await second.getByLabel("Descrizione").fill("Posa in opera");
  await second.getByLabel("Prezzo unit. (€)").fill("500");
  await dialog.getByRole("button", { name: "Aggiungi riga" }).click();
  const third = dialog.getByRole("listitem", { name: "Riga 3" });
  await third.getByLabel("Descrizione").fill("Lattoneria in rame");
  await third.getByLabel("Prezzo unit. (€)").fill("100");
  await third.getByLabel("Aliquota IVA").selectOption("22");
  await dialog.getByRole("button", { name: "Aggiungi riga" }).click();
  await dialog.getByRole("button", { name: "Rimuovi riga 4" }).click();
  await expect(dialog.getByRole("listitem", { name: "Riga 4" })).toHaveCount(0);
  // The preview: the server's engine in the server's context (10 % up to the rest of the work).
  const preview = dialog.getByRole("region", { name: "Riepilogo importi" });
  await expect(preview.getByText("3.052,00 €", { exact: true })).toBeVisible();
  await expect(preview.getByText("2.948,00 €", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await snap(page, "invoice-libera-lines");
  await dialog.getByRole("button", { name: "Crea fattura" }).click();
  await expect(page).toHaveURL(/\/admin\/invoices\/[0-9a-f-]{36}$/);
  const lines = page.getByRole("table", { name: "Righe della fattura" });
  await expect(lines.getByText("Lattoneria in rame")).toBeVisible();
  await expect(lines.getByText("Finestra per tetti")).toBeVisible();
  const invoiceId = page.url().split("/").pop()!;
  expect((await page.request.post(`/api/invoices/${invoiceId}/send`, { data: {} })).ok()).toBe(true);
  const pdf = await page.request.get(`/api/invoices/${invoiceId}/pdf`);
  expect(pdf.ok()).toBe(true);
  const text = await pdfText(await pdf.body());
  expect(text).toContain("Riepilogo IVA");
  expect(text).toMatch(/IVA 10% [^€]*1\.000,00 € [^€]*100,00 €/);
  expect(text).toMatch(/IVA 22% [^€]*1\.600,00 € [^€]*352,00 €/);
  expect(text).toContain("Beni significativi (DM 29/12/1999) compresi nella prestazione: valore 2.000,00 €");
  expect(text).toContain("Ritenuta d'acconto 4%");
  expect(text).toContain("104,00 €");
  expect(text).toContain("Netto a pagare");
  expect(text).toContain("2.948,00 €");
});

test("technician: Elimina only on his own files, survey client and assignee read-only @phone", async ({
  adminPage: admin,
  browser,
}) => {
  const tag = tagOf(test.info().project.name);
  const tech = ((await (await admin.request.get("/api/team")).json()) as { id: string; username: string }[]).find(
    (u) => u.username === E2E_TECNICO.username,
  )!;
  const client = await admin.request.post("/api/clients", {
    data: { name: `Famiglia Coppo ${tag}`, type: "privato", address: "Via Manzoni 4" },
  });
  const survey = await admin.request.post("/api/surveys", {
    data: {
      clientId: (await client.json()).id,
      date: new Date().toISOString().slice(0, 10),
      address: "Via Manzoni 4",
      status: "programmato",
      assignedUserId: tech.id,
    },
  });
  expect(survey.status(), await survey.text()).toBe(201);
  const surveyId = (await survey.json()).id as string;
  const office = await admin.request.post(`/api/attachments?entityType=survey&entityId=${surveyId}`, {
    multipart: {
      file: { name: `ufficio-${tag}.pdf`, mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n% ufficio\n") },
    },
  });
  expect(office.status(), await office.text()).toBe(201);

  const context = await browser.newContext({ viewport: admin.viewportSize() ?? undefined, locale: "it-IT" });
  const page = await context.newPage();
  await loginAs(page, "admin", E2E_TECNICO);
  await page.goto(`/admin/surveys/${surveyId}`);
  await page
    .getByTestId("attachments-input")
    .setInputFiles({
      name: `tecnico-${tag}.pdf`,
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n% mio\n"),
    });
  await expect(page.getByRole("button", { name: `Elimina tecnico-${tag}.pdf` })).toBeVisible();
  await expect(page.getByRole("link", { name: `Scarica ufficio-${tag}.pdf` })).toBeVisible();
  await expect(page.getByRole("button", { name: `Elimina ufficio-${tag}.pdf` })).toHaveCount(0);
  await expectAccessible(page);
  await snap(page, "tecnico-files");

  await page.getByRole("button", { name: "Modifica" }).first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("textbox", { name: "Cliente" })).toHaveValue(`Famiglia Coppo ${tag}`);
  await expect(dialog.getByRole("textbox", { name: "Cliente" })).toHaveAttribute("readonly", "");
  await expect(dialog.getByRole("textbox", { name: "Tecnico assegnato" })).toHaveAttribute("readonly", "");
  await expect(dialog.getByRole("combobox", { name: /^Cliente/ })).toHaveCount(0);
  await expect(dialog.getByRole("combobox", { name: "Tecnico assegnato" })).toHaveCount(0);
  // What he found is his: the save goes through with client and assignee unchanged.
  await dialog.getByLabel("Problemi riscontrati").fill("Coppi rotti sul colmo");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Salva modifiche" }).click();
  await expect(page.getByText("Sopralluogo aggiornato con successo")).toBeVisible();
  await context.close();

  // The office keeps both choices.
  await admin.goto(`/admin/surveys/${surveyId}`);
  await expect(admin.getByRole("button", { name: `Elimina ufficio-${tag}.pdf` })).toBeVisible();
  await expect(admin.getByRole("button", { name: `Elimina tecnico-${tag}.pdf` })).toBeVisible();
  await admin.getByRole("button", { name: "Modifica" }).first().click();
  await expect(admin.getByRole("dialog").getByRole("combobox", { name: /^Cliente/ })).toBeVisible();
});
