import { todayIso } from "../src/domain/dates";
import { acceptedEstimate } from "./billing-support";
import { expect, expectAccessible, snap, test } from "./support";

test("a draft invoice is edited (amount, dates, notes) with its version @phone", async ({ adminPage: page }) => {
  const tag = `${test.info().project.name === "phone" ? "Tel" : "Desk"}${Date.now() % 100000}`;
  await acceptedEstimate(page, `Bozza ${tag}`);
  const [contract] = await (await page.request.get(`/api/contracts?q=${encodeURIComponent(`Bozza ${tag}`)}`)).json();
  expect(
    (await page.request.post(`/api/contracts/${contract.id}/sign`, { data: { signedDate: todayIso() } })).ok(),
  ).toBe(true);
  expect((await page.request.post(`/api/contracts/${contract.id}/activate`, { data: {} })).ok()).toBe(true);
  const created = await page.request.post("/api/invoices", {
    data: { contractId: contract.id, kind: "acconto", percent: "30" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const invoice = await created.json();

  await page.goto(`/admin/invoices/${invoice.id}`);
  await page.getByRole("button", { name: "Modifica" }).click();
  const dialog = page.getByRole("dialog", { name: "Modifica bozza della fattura" });
  await expect(dialog.getByLabel(/^Imponibile/)).toHaveValue(invoice.amount);
  await dialog.getByLabel(/^Imponibile/).fill("2500");
  await dialog.getByLabel("Note").fill(`Acconto concordato ${tag}`);
  await expectAccessible(page);
  await snap(page, "invoice-draft-edit");
  await dialog.getByRole("button", { name: "Salva modifiche" }).click();
  await expect(page.getByText("Bozza aggiornata")).toBeVisible();
  await expect(page.getByText(`Acconto concordato ${tag}`)).toBeVisible();
  await expect(page.getByText("2.500,00 €").filter({ visible: true }).first()).toBeVisible();

  // Someone else changed it meanwhile: the stale version is refused and nothing changes.
  const fresh = await (await page.request.get(`/api/invoices/${invoice.id}`)).json();
  const stale = await page.request.put(`/api/invoices/${invoice.id}`, {
    data: { amount: "100", issueDate: fresh.issueDate, dueDate: fresh.dueDate, notes: "", version: fresh.version - 1 },
  });
  expect(stale.status()).toBe(409);
  expect((await (await page.request.get(`/api/invoices/${invoice.id}`)).json()).amount).toBe("2500.00");
});
