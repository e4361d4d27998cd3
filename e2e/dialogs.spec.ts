import type { Page } from "@playwright/test";
import { expect, expectAccessible, snap, test } from "./support";

// Typed work is never lost by accident: with unsaved changes, the backdrop, Esc and "Annulla"
// ask first ("Modifiche non salvate"); an untouched form closes at once. Either way focus goes
// back to the button that opened the dialog.

const discard = (page: Page) => page.getByRole("alertdialog", { name: "Modifiche non salvate" });

async function clickBackdrop(page: Page) {
  // The top-left corner is outside every dialog, on the dimmed overlay.
  await page.mouse.click(4, 300);
}

test("Nuovo servizio: Esc and backdrop ask before discarding, focus goes back @phone", async ({ adminPage: page }) => {
  await page.goto("/admin/services");
  const opener = page.getByRole("button", { name: "Nuovo Servizio" }).first();
  const dialog = page.getByRole("dialog", { name: "Nuovo servizio" });

  // Untouched: Esc closes at once and focus returns to the opener.
  await opener.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(discard(page)).toBeHidden();
  await expect(opener).toBeFocused();

  // Typed: Esc asks; "Continua a modificare" keeps the text.
  await opener.click();
  await dialog.getByLabel("Nome").fill("Pulizia grondaie");
  await page.keyboard.press("Escape");
  await expect(discard(page)).toBeVisible();
  await expect(discard(page)).toContainText("Vuoi chiudere senza salvare? Le modifiche andranno perse.");
  await expectAccessible(page);
  await snap(page, "discard-changes");
  await discard(page).getByRole("button", { name: "Continua a modificare" }).click();
  await expect(discard(page)).toBeHidden();
  await expect(dialog.getByLabel("Nome")).toHaveValue("Pulizia grondaie");

  // The backdrop asks too; "Chiudi senza salvare" closes and focus returns to the opener.
  await clickBackdrop(page);
  await expect(discard(page)).toBeVisible();
  await discard(page).getByRole("button", { name: "Chiudi senza salvare" }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // Reopened, the form starts clean (nothing was saved).
  await opener.click();
  await expect(dialog.getByLabel("Nome")).toHaveValue("");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("Nuovo preventivo: Annulla and Esc ask before discarding @phone", async ({ adminPage: page }) => {
  await page.goto("/admin/quotes");
  const opener = page.getByRole("button", { name: "Nuovo Preventivo" }).first();
  const dialog = page.getByRole("dialog", { name: "Nuovo preventivo" });
  await opener.click();
  await dialog.getByLabel("Titolo").fill("Rifacimento tetto villetta");

  await dialog.getByRole("button", { name: "Annulla" }).click();
  await expect(discard(page)).toBeVisible();
  await page.keyboard.press("Escape"); // Esc on the question means "keep editing"
  await expect(discard(page)).toBeHidden();
  await expect(dialog.getByLabel("Titolo")).toHaveValue("Rifacimento tetto villetta");

  await page.keyboard.press("Escape");
  await expect(discard(page)).toBeVisible();
  await discard(page).getByRole("button", { name: "Chiudi senza salvare" }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test("Nuovo cliente: Annulla on an untouched form closes at once", async ({ adminPage: page }) => {
  await page.goto("/admin/clients");
  const opener = page.getByRole("button", { name: "Nuovo Cliente" }).first();
  await opener.click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Annulla" }).click();
  await expect(dialog).toBeHidden();
  await expect(discard(page)).toBeHidden();
  await expect(opener).toBeFocused();
});
