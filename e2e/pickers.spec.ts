import { expect, expectAccessible, snap, test } from "./support";

// The search-as-you-type pickers (AsyncCombobox): a server search with a small limit, keyboard
// choice, Escape closing only the list, any record reachable however far down the table.
test("pickers: the client is searched on the server and chosen with the keyboard @phone", async ({
  adminPage: page,
}) => {
  const tag = test.info().project.name === "phone" ? "Tel" : "Desk";
  // 25 clients sharing a prefix: more than one answer of the picker (20).
  for (let i = 1; i <= 25; i++) {
    const res = await page.request.post("/api/clients", {
      data: { name: `Ardesia ${tag} ${String(i).padStart(2, "0")}`, type: "privato", address: `Via Ardesia ${i}` },
    });
    expect(res.status()).toBe(201);
  }

  await page.goto("/admin/contacts");
  await page.getByRole("button", { name: "Nuovo Contatto" }).click();
  const dialog = page.getByRole("dialog");
  const box = dialog.getByRole("combobox", { name: /^Cliente/ });

  // Typing asks the server for 20 rows matching the text, never a whole table.
  const searched = page.waitForRequest(
    (r) => /\/api\/clients\?/.test(r.url()) && r.url().includes("q=Ardesia") && r.url().includes("limit=20"),
  );
  await box.fill(`Ardesia ${tag}`);
  await searched;
  await expect(dialog.getByRole("option")).toHaveCount(20);
  await expect(
    dialog.getByRole("status").filter({ hasText: "Primi 20 risultati: scrivi per restringere" }),
  ).toBeVisible();
  await expectAccessible(page);
  await snap(page, "picker-open");

  // The 25th is reachable by narrowing the search; arrows and Enter choose it.
  await box.fill(`Ardesia ${tag} 25`);
  await expect(dialog.getByRole("option")).toHaveCount(1);
  await box.press("ArrowDown");
  await expect(box).toHaveAttribute("aria-activedescendant", /.+/);
  await box.press("Enter");
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(box).toHaveValue(`Ardesia ${tag} 25`);

  // Escape closes the list, not the dialog; the choice stays.
  await box.fill("Ardesia");
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await box.press("Escape");
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(dialog).toBeVisible();
  await expect(box).toHaveValue(`Ardesia ${tag} 25`);

  await dialog.getByLabel(/^Nome\*?$/).fill(`Referente Ardesia ${tag}`);
  await dialog.getByRole("button", { name: "Crea contatto" }).click();
  await expect(page.getByText("Contatto creato con successo")).toBeVisible();
  const saved = await (
    await page.request.get(`/api/contacts?q=${encodeURIComponent(`Referente Ardesia ${tag}`)}`)
  ).json();
  expect(saved[0].clientName).toBe(`Ardesia ${tag} 25`);
});
