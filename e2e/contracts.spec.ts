import { acceptedEstimate, contractOf } from "./billing-support";
import { expect, expectAccessible, pickOption, snap, test } from "./support";

test("Nuovo Contratto offers accepted estimates without a contract; terms are edited while bozza @phone", async ({
  adminPage: page,
}) => {
  const tag = test.info().project.name === "phone" ? "Contr Tel" : "Contr Desk";
  const estimateId = await acceptedEstimate(page, tag);
  // Remove the contract created on acceptance, so the estimate is free again.
  const auto = await contractOf(page, estimateId);
  expect((await page.request.delete(`/api/contracts/${auto.id}`)).status()).toBe(204);

  await page.goto("/admin/contracts");
  await expect(page.getByRole("heading", { name: "Contratti" })).toBeVisible();
  await page.getByRole("button", { name: "Nuovo Contratto" }).click();
  const dialog = page.getByRole("dialog");
  // Searched on the server by number, title or client (issue 27): typing the title finds it.
  await pickOption(dialog, /^Preventivo accettato/, `Rifacimento tetto ${tag}`);
  await expectAccessible(page);
  await snap(page, "contract-new");
  await dialog.getByRole("button", { name: "Crea contratto" }).click();
  await expect(page.getByRole("heading", { name: /^Contratto CTR-/ })).toBeVisible();
  await expect(page.getByText("Bozza").first()).toBeVisible();

  // Terms: editable in bozza, read-only after signing.
  await page.getByRole("button", { name: "Modifica condizioni" }).click();
  await page
    .getByRole("textbox", { name: /Condizioni contrattuali/ })
    .fill(`Condizioni particolari ${tag}: pagamento 30/60/10.`);
  await page.getByRole("button", { name: "Salva condizioni" }).click();
  await expect(page.getByText("Condizioni aggiornate")).toBeVisible();
  await expect(page.getByText(`Condizioni particolari ${tag}`)).toBeVisible();
  await page.getByRole("button", { name: "Segna come firmato" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Segna come firmato" }).click();
  await expect(page.getByText("Contratto firmato").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Modifica condizioni" })).toBeHidden();
  await expect(page.getByRole("link", { name: "Nuova Fattura" })).toBeVisible();

  // The estimate is no longer offered.
  await page.goto("/admin/contracts");
  await page.getByRole("button", { name: "Nuovo Contratto" }).click();
  const again = page.getByRole("dialog");
  await again.getByRole("combobox", { name: /^Preventivo accettato/ }).fill(`Rifacimento tetto ${tag}`);
  await expect(again.getByText("Nessun risultato", { exact: true })).toBeVisible();
  await expect(again.getByRole("option")).toHaveCount(0);
  await page.keyboard.press("Escape"); // the list
  await page.keyboard.press("Escape"); // the dialog
  await expect(page.getByRole("dialog")).toBeHidden();

  await page.getByRole("searchbox", { name: "Cerca contratti" }).fill(`Rifacimento tetto ${tag}`);
  await expect(
    page.getByRole("table", { name: "Elenco contratti" }).getByText(`Rifacimento tetto ${tag}`),
  ).toBeVisible();
  await page.getByLabel("Filtra per stato").selectOption("bozza");
  await expect(page.getByText("Nessun contratto trovato")).toBeVisible();
  await expectAccessible(page);
});
