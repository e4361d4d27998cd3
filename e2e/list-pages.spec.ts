import { expect, expectAccessible, snap, test } from "./support";

// Keyset pages (src/server/lib/list.ts, issue 27): "Successiva" starts after the page's last row
// (an `after` cursor in the URL), "Precedente" ends before its first; the rows and the range shown
// are those of the same list read by offset.
test("a list pages forwards and back by cursor, keeping search and sort @phone", async ({ adminPage: page }) => {
  const tag = test.info().project.name === "phone" ? "Tel" : "Desk";
  const names = Array.from({ length: 30 }, (_, i) => `Pagina ${tag} ${String(i + 1).padStart(2, "0")}`);
  for (const name of names)
    expect(
      (await page.request.post("/api/clients", { data: { name, type: "privato", address: "Via Pagine 1" } })).status(),
    ).toBe(201);

  await page.goto(`/admin/clients?q=${encodeURIComponent(`Pagina ${tag}`)}&sort=name`);
  const table = page.getByRole("table", { name: "Elenco clienti" });
  const pager = page.getByRole("navigation", { name: "Paginazione" });
  await expect(table.getByRole("row").nth(1)).toContainText(names[0]!);
  await expect(pager).toContainText("1–25 di 30");

  await pager.getByRole("button", { name: "Successiva" }).click();
  await expect(page).toHaveURL(/after=/);
  await expect(page).toHaveURL(/sort=name/);
  await expect(table.getByRole("row").nth(1)).toContainText(names[25]!);
  await expect(table.getByRole("row")).toHaveCount(1 + 5);
  await expect(pager).toContainText("26–30 di 30");
  await expect(pager.getByRole("button", { name: "Successiva" })).toBeDisabled();
  await expectAccessible(page);
  await snap(page, "list-page-2-by-cursor");

  await pager.getByRole("button", { name: "Precedente" }).click();
  await expect(page).not.toHaveURL(/after=|before=/);
  await expect(table.getByRole("row").nth(1)).toContainText(names[0]!);
  await expect(table.getByRole("row").nth(25)).toContainText(names[24]!);
  await expect(pager).toContainText("1–25 di 30");

  // A new search drops the cursor: the first page of the new filter.
  await pager.getByRole("button", { name: "Successiva" }).click();
  await expect(page).toHaveURL(/after=/);
  await page.getByRole("searchbox", { name: "Cerca clienti" }).fill(`Pagina ${tag} 0`);
  await expect(page).not.toHaveURL(/after=/);
  await expect(table.getByRole("row").nth(1)).toContainText(names[0]!);
});
