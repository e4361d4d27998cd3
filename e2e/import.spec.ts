import writeXlsxFile from "write-excel-file/node";
import { E2E_TECNICO } from "../playwright.config";
import { expect, expectAccessible, loginAs, snap, test } from "./support";

// Issue 28 "Import": a small CSV and a small .xlsx made here, previewed, errors read, imported.
test("clients from a CSV: preview with per-row errors, nothing saved until the bad rows are skipped @phone", async ({ adminPage: page }) => {
  const tag = `${test.info().project.name === "phone" ? "Tel" : "Desk"}${Date.now() % 100000}`;
  const csv = [
    "Nome;Tipo;Indirizzo;Città;Partita IVA",
    `Import Uno ${tag};privato;Via Uno 1;Monza;`,
    `Import Due ${tag} S.r.l.;azienda;Via Due 2;Lecco;12345678901`,
    `;privato;Via Tre 3;Como;`,
  ].join("\n");
  await page.goto("/admin/clients");
  await page.getByRole("link", { name: "Importa" }).click();
  await expect(page).toHaveURL(/\/admin\/import\?kind=clients$/);
  await expect(page.getByRole("heading", { name: "Importa dati" })).toBeVisible();
  await expect(page.getByLabel("Cosa importi")).toHaveValue("clients");
  await page.getByLabel("File CSV o Excel").setInputFiles({ name: "clienti.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Anteprima" }).click();
  await expect(page.getByText("3 righe nel file: 1 cliente da importare, 2 righe con errori.")).toBeVisible();
  await expect(page.getByText("Riga 3, Partita IVA: Partita IVA non valida")).toBeVisible();
  await expect(page.getByText("Riga 4, Nome: campo obbligatorio")).toBeVisible();
  await expect(page.getByRole("cell", { name: `Import Uno ${tag}` })).toBeVisible();
  const importButton = page.getByRole("button", { name: "Importa 1 cliente" });
  await expect(importButton).toBeDisabled();
  await expectAccessible(page);
  await snap(page, "import-preview-errors");

  await page.getByLabel("Salta le righe con errori e importa le altre 1 cliente").check();
  await importButton.click();
  await expect(page.getByRole("status").getByText("Importati 1 cliente (2 righe con errori saltate).")).toBeVisible();
  await page.getByRole("link", { name: "Vai a Clienti" }).click();
  await page.getByRole("searchbox").first().fill(`Import Uno ${tag}`);
  await expect(page.getByText(`Import Uno ${tag}`).first()).toBeVisible();
  const list = await page.request.get(`/api/clients?q=${encodeURIComponent(`Import Due ${tag}`)}`);
  expect(await list.json()).toEqual([]);
});

test("services from an .xlsx file: a clean preview, then imported @phone", async ({ adminPage: page }) => {
  const tag = `${test.info().project.name === "phone" ? "Tel" : "Desk"}${Date.now() % 100000}`;
  const xlsx = await writeXlsxFile([
    [{ value: "Nome" }, { value: "Prezzo unitario" }, { value: "Unità" }],
    [{ value: `Posa coppi ${tag}` }, { value: 38.5 }, { value: "mq" }],
    [{ value: `Scossalina ${tag}` }, { value: "21,40" }, { value: "ml" }],
  ]).toBuffer();
  await page.goto("/admin/services");
  await page.getByRole("link", { name: "Importa" }).click();
  await expect(page.getByLabel("Cosa importi")).toHaveValue("services");
  await page.getByLabel("File CSV o Excel").setInputFiles({
    name: "servizi.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: xlsx,
  });
  await page.getByRole("button", { name: "Anteprima" }).click();
  await expect(page.getByText("2 righe nel file: 2 servizi da importare, nessun errore.")).toBeVisible();
  await expect(page.getByRole("cell", { name: "38.50" })).toBeVisible();
  await expectAccessible(page);
  await snap(page, "import-preview-xlsx");
  await page.getByRole("button", { name: "Importa 2 servizi" }).click();
  await expect(page.getByRole("status").getByText("Importati 2 servizi.")).toBeVisible();
  const saved = await (await page.request.get(`/api/services?q=${encodeURIComponent(tag)}`)).json();
  expect(saved.map((s: { name: string; unitPrice: string }) => [s.name, s.unitPrice]).sort()).toEqual([
    [`Posa coppi ${tag}`, "38.50"],
    [`Scossalina ${tag}`, "21.40"],
  ]);
  // A file of another kind is refused with its reason.
  await page.getByLabel("File CSV o Excel").setInputFiles({ name: "listino.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4") });
  await page.getByRole("button", { name: "Anteprima" }).click();
  await expect(page.getByRole("alert")).toHaveText("Formato non supportato: carica un file CSV (.csv) o Excel (.xlsx)");
});

test("a technician has no Importa button and the page is not his", async ({ page }) => {
  await loginAs(page, "admin", E2E_TECNICO);
  await page.goto("/admin/clients");
  await expect(page.getByRole("heading", { name: "Clienti" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Importa" })).toHaveCount(0);
  await page.goto("/admin/import");
  await expect(page.getByRole("heading", { name: "Non autorizzato" })).toBeVisible();
});
