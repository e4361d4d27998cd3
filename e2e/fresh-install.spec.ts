import { expect, expectAccessible, test } from "./support";

// Runs first, on the empty database of the run: the "nothing here yet" states.
test("an empty installation invites to add the first client", async ({ adminPage: page }) => {
  await page.goto("/admin/clients");
  await expect(page.getByText("Nessun cliente trovato")).toBeVisible();
  await expect(page.getByText("Inizia aggiungendo il tuo primo cliente")).toBeVisible();
  await expect(page.getByRole("button", { name: "Aggiungi cliente" })).toBeVisible();
  await expectAccessible(page);
});
