import { expect, expectAccessible, snap, test } from "./support";

// A valid 1×1 PNG, enough for the browser to show the uploaded logo.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

test("company settings: validation, save, logo upload and removal; outbox page @phone", async ({ adminPage: page }) => {
  const days = test.info().project.name === "phone" ? "45" : "60";
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { name: "Impostazioni", level: 1 })).toBeVisible();
  const form = page.getByRole("form", { name: "Dati aziendali" });
  await expect(form.getByLabel("Ragione sociale")).not.toHaveValue("");
  await expectAccessible(page);

  // Italian validators in the form: nothing is sent while a field is wrong.
  await form.getByLabel("Numero REA").fill("123");
  await form.getByLabel("IBAN").fill("IT60X0542811101000000123457");
  await form.getByRole("button", { name: "Salva impostazioni" }).click();
  await expect(form.getByText("Numero REA non valido (es. MI-1234567)")).toBeVisible();
  await expect(form.getByText("IBAN non valido")).toBeVisible();
  await expectAccessible(page);
  await snap(page, "settings-errors");

  await form.getByLabel("Numero REA").fill("mi 1234567");
  await form.getByLabel("IBAN").fill("IT60 X054 2811 1010 0000 0123 456");
  await form.getByLabel("Termini di pagamento (giorni)").fill(days);
  await form.getByLabel("Regime fiscale").selectOption("RF01");
  await form.getByRole("button", { name: "Salva impostazioni" }).click();
  await expect(page.getByText("Impostazioni salvate")).toBeVisible();

  await page.reload();
  await expect(form.getByLabel("Numero REA")).toHaveValue("MI-1234567");
  await expect(form.getByLabel("IBAN")).toHaveValue("IT60X0542811101000000123456");
  await expect(form.getByLabel("Termini di pagamento (giorni)")).toHaveValue(days);

  await page.getByLabel("File del logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByText("Logo aggiornato")).toBeVisible();
  await expect(page.getByRole("img", { name: /^Logo di / })).toBeVisible();
  await snap(page, "settings");
  await page.getByRole("button", { name: "Rimuovi logo" }).click();
  await expect(page.getByText("Nessun logo caricato")).toBeVisible();

  // The sidebar (or the phone menu) leads to the outbox.
  if (test.info().project.name === "phone") await page.getByRole("button", { name: "Apri menu" }).click();
  await page.getByRole("link", { name: "Posta in uscita" }).click();
  await expect(page.getByRole("heading", { name: "Posta in uscita", level: 1 })).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Messaggi in uscita" }).or(page.getByText("Nessun messaggio")),
  ).toBeVisible();
  await expectAccessible(page);
  await snap(page, "outbox");
});
