import { pdfText } from "../src/server/test/extract-text";
import { completeCompanyFiscalData } from "./billing-support";
import { expect, expectAccessible, pickOption, snap, test } from "./support";

// Issue 24 end to end: an estimate with a roof window (bene significativo) for a 10 % client,
// the live split in the editor, acceptance, acconto, saldo with its "A dedurre" line, and the
// invoice's lines and VAT on screen and in the PDF.
test("roof window for a 10 % client: live split, acconto, saldo with deductions, PDF @phone", async ({
  adminPage: page,
}) => {
  // A whole billing cycle with two PDFs rendered on the server: longer than the default minute.
  test.setTimeout(180_000);
  const phone = test.info().project.name === "phone";
  // The laptop width on the desktop project; 390 px on the phone one.
  if (!phone) await page.setViewportSize({ width: 1366, height: 900 });
  const tag = `${phone ? "Tel" : "Desk"}${Date.now() % 100000}`;
  const clientName = `Bianchi Velux ${tag}`;
  await completeCompanyFiscalData(page.request);
  const client = await page.request.post("/api/clients", {
    data: {
      name: clientName,
      type: "privato",
      address: "Via Verdi 3",
      city: "Monza",
      province: "MB",
      zipCode: "20900",
      fiscalCode: "RSSMRA80A01H501U",
    },
  });
  expect(client.status()).toBe(201);

  await page.goto("/admin/quotes");
  await page.getByRole("button", { name: "Nuovo Preventivo" }).first().click();
  const dialog = page.getByRole("dialog");
  await pickOption(dialog, /^Cliente/, clientName);
  await dialog.getByLabel("Titolo").fill(`Finestre per tetti ${tag}`);
  await dialog.getByLabel("Descrizione dei lavori").fill("Fornitura e posa di quattro finestre per tetti.");
  const first = dialog.getByRole("listitem", { name: "Voce 1" });
  await expect(first.getByLabel("Aliquota IVA")).toHaveValue("10");
  await first.getByLabel("Descrizione").fill("Finestra per tetti Velux GGL");
  await first.getByLabel("Unità").selectOption("pz");
  await first.getByLabel("Quantità").fill("4");
  await first.getByLabel("Prezzo unit. (€)").fill("1849,99");
  await first.getByLabel("Bene significativo").check();
  await dialog.getByRole("button", { name: "Aggiungi voce" }).click();
  const second = dialog.getByRole("listitem", { name: "Voce 2" });
  await second.getByLabel("Descrizione").fill("Posa in opera");
  await second.getByLabel("Quantità").fill("1");
  await second.getByLabel("Prezzo unit. (€)").fill("600");
  // The live split of the same engine the server uses: 10 % up to the rest of the work, 22 % beyond.
  await expect(dialog.getByText("10% fino a 600,00 €, 22% oltre (6.799,96 €)").first()).toBeVisible();
  await expect(dialog.getByText("9.615,95 €")).toBeVisible();
  await expectAccessible(page);
  await snap(page, "vat-estimate-form");
  await dialog.getByRole("button", { name: "Crea preventivo" }).click();
  await expect(page.getByRole("heading", { name: `Finestre per tetti ${tag}` })).toBeVisible();
  await expect(page.getByText("9.615,95 €").first()).toBeVisible();
  await expect(page.getByText("1.495,99 €").first()).toBeVisible();

  // Accept, sign, acconto 30 % and saldo through the API (their screens have their own specs).
  const estimateId = page.url().split("/").pop()!;
  const estimate = await (await page.request.get(`/api/estimates/${estimateId}`)).json();
  const accepted = await page.request.post(`/api/estimates/${estimateId}/accept`, {
    data: { signedBy: "Anna Bianchi", version: estimate.version },
  });
  expect(accepted.ok()).toBe(true);
  const contractId = (await accepted.json()).contract.id as string;
  const today = new Date().toISOString().slice(0, 10);
  expect((await page.request.post(`/api/contracts/${contractId}/sign`, { data: { signedDate: today } })).ok()).toBe(
    true,
  );
  const acconto = await (
    await page.request.post("/api/invoices", { data: { contractId, kind: "acconto", percent: "30" } })
  ).json();
  expect((await page.request.post(`/api/invoices/${acconto.id}/send`, { data: {} })).ok()).toBe(true);
  const saldoRes = await page.request.post("/api/invoices", {
    data: { contractId, kind: "saldo", fromEstimateLines: true },
  });
  expect(saldoRes.status(), await saldoRes.text()).toBe(201);
  const saldo = await saldoRes.json();
  expect((await page.request.post(`/api/invoices/${saldo.id}/send`, { data: {} })).ok()).toBe(true);

  await page.goto(`/admin/invoices/${saldo.id}`);
  const lines = page.getByRole("table", { name: "Righe della fattura" });
  await expect(lines.getByText("Finestra per tetti Velux GGL")).toBeVisible();
  await expect(lines.getByText(/A dedurre: acconto FAT-/).first()).toBeVisible();
  await expect(page.getByText("Beni significativi (DM 29/12/1999)").first()).toBeVisible();
  await expectAccessible(page);
  await snap(page, "vat-saldo");

  const pdf = await page.request.get(`/api/invoices/${saldo.id}/pdf`);
  expect(pdf.ok()).toBe(true);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  // The PDF states what the screen does: the estimate's lines, the deduction, one riepilogo, the
  // value of the beni significativi.
  const text = await pdfText(await pdf.body());
  expect(text).toMatch(/Finestra\s+per\s+tetti\s+Velux/);
  expect(text).toMatch(/A\s+dedurre:\s+acconto\s+FAT-/);
  expect(text).toContain("Riepilogo IVA");
  expect(text).toMatch(/Beni\s+significativi\s+\(DM\s+29\/12\/1999\)/);
  // The same figures as the screen: imponibile 7,999.96 less the acconto 2,399.99.
  expect(saldo.amount).toBe("5599.97");
});
