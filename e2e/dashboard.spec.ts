import { expect, expectAccessible, snap, test } from "./support";

test("dashboard: cards, recent activity from the log, charts, quick actions, bell @phone", async ({
  adminPage: page,
}) => {
  const tag = test.info().project.name === "phone" ? "Tel" : "Desk";
  const name = `Coperture Dashboard ${tag} ${Date.now()}`;
  // A write through the API, so "Attività recente" has something of ours to show.
  const created = await page.request.post("/api/clients", { data: { name, type: "azienda", address: "Via Dante 2" } });
  expect(created.status()).toBe(201);

  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Dashboard Amministratore", level: 1 })).toBeVisible();
  await expect(page.getByText("Panoramica generale delle attività aziendali")).toBeVisible();
  for (const title of ["Clienti Attivi", "Preventivi in Corso", "Cantieri Attivi", "Fatturato Mensile"]) {
    await expect(page.getByText(title, { exact: true })).toBeVisible();
  }
  await expect(page.getByText(/^\d{1,3}(\.\d{3})*,\d{2} €$/).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Attività recente" })).toBeVisible();
  await expect(page.getByText(`Nuovo cliente ${name}`)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Fatturato e incassato" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Preventivi per stato" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Cantieri per stato" })).toBeVisible();
  await expect(page.getByText(/Tasso di accettazione/)).toBeVisible();
  await expect(page.locator(".recharts-surface").first()).toBeVisible();
  await expectAccessible(page);
  await snap(page, "dashboard");

  // The bell opens a list of what needs attention.
  await page.getByRole("button", { name: /^Notifiche/ }).click();
  const menu = page.getByRole("menu");
  await expect(menu.getByText("Notifiche", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await snap(page, "notifications");
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();

  // The quick action opens the new-client form; closing it leaves the list.
  await page.getByRole("link", { name: "Nuovo Cliente" }).click();
  await expect(page.getByRole("dialog", { name: "Nuovo cliente" })).toBeVisible();
  await page.getByRole("button", { name: "Annulla" }).click();
  await expect(page).toHaveURL(/\/admin\/clients$/);
  await expect(page.getByRole("heading", { name: "Clienti", level: 1 })).toBeVisible();

  // "Esporta CSV" downloads the list with the current search.
  await page.getByRole("searchbox", { name: "Cerca clienti" }).fill(name);
  await expect(page).toHaveURL(/q=/);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Esporta CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^clienti-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await (
    await download.createReadStream()
  )
    .toArray()
    .then((chunks) => Buffer.concat(chunks).toString("utf8"));
  expect(text.startsWith("\uFEFFNome;Tipo;")).toBe(true);
  expect(text.split("\r\n").filter(Boolean)).toHaveLength(2);
  expect(text).toContain(`${name};Azienda;Via Dante 2`);
});
