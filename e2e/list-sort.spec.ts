import { expect, expectAccessible, snap, test } from "./support";

// Every list sorts on its column headers (src/web/components/list/sortable-head.tsx).
test("lists sort on their column headers, by mouse and keyboard @phone", async ({ adminPage: page }) => {
  const tag = test.info().project.name === "phone" ? "Tel" : "Desk";
  for (const name of [`Zeta Ordina ${tag}`, `Alfa Ordina ${tag}`, `Mezzo Ordina ${tag}`]) {
    expect(
      (await page.request.post("/api/clients", { data: { name, type: "azienda", address: "Via Ordine 1" } })).status(),
    ).toBe(201);
  }
  await page.goto(`/admin/clients?q=${encodeURIComponent(`Ordina ${tag}`)}`);
  const table = page.getByRole("table", { name: "Elenco clienti" });
  const header = table.getByRole("columnheader", { name: "Cliente" });
  await expect(header).toHaveAttribute("aria-sort", "none");

  await header.getByRole("button").click();
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  await expect(page).toHaveURL(/sort=name/);
  await expect(table.getByRole("row").nth(1)).toContainText(`Alfa Ordina ${tag}`);

  // The header is a button: the keyboard sorts the other way.
  await header.getByRole("button").focus();
  await page.keyboard.press("Enter");
  await expect(header).toHaveAttribute("aria-sort", "descending");
  await expect(page).toHaveURL(/sort=-name/);
  await expect(table.getByRole("row").nth(1)).toContainText(`Zeta Ordina ${tag}`);
  await expectAccessible(page);
  await snap(page, "list-sorted");

  // A third press goes back to the list's own order.
  await page.keyboard.press("Space");
  await expect(header).toHaveAttribute("aria-sort", "none");
  await expect(page).not.toHaveURL(/sort=/);
});
