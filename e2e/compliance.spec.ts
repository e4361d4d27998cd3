import type { APIRequestContext } from "@playwright/test";
import { addDays, todayIso } from "../src/domain/dates";
import { acceptedEstimate } from "./billing-support";
import { expect, expectAccessible, snap, test } from "./support";

// Issue 30: safety papers per site. A subcontractor's DURC expiring on two sites at once, papers
// added on the site card until the site turns green, the "Scadenze" list and the dashboard card.

const PDF = Buffer.from("%PDF-1.4\n% POS firmato\n");

async function post<T>(api: APIRequestContext, url: string, data: unknown): Promise<T> {
  const res = await api.post(url, { data: data as object });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

test("documents per site and supplier: a DURC expiring on two sites, a site turning green @phone", async ({
  adminPage: page,
}, info) => {
  if (info.project.name === "desktop") await page.setViewportSize({ width: 1366, height: 900 });
  const tag = `${info.project.name}-${Date.now().toString(36)}`;
  const api = page.request;
  const supplier = await post<{ id: string; name: string }>(api, "/api/suppliers", {
    name: `Lattonerie Sicure ${tag}`,
    city: "Lecco",
    isSubcontractor: true,
  });
  const sites: { id: string; name: string }[] = [];
  for (const n of [1, 2]) {
    const estimateId = await acceptedEstimate(page, `${tag}-${n}`);
    const site = await post<{ id: string; name: string }>(api, "/api/construction-sites", {
      estimateId,
      name: `Tetto Sicuro ${n} ${tag}`,
      address: `Via Ponte ${n}, Lecco`,
    });
    await post(api, "/api/orders", {
      supplierId: supplier.id,
      constructionSiteId: site.id,
      title: "Lattoneria in subappalto",
      orderDate: todayIso(),
      items: [{ description: "Posa grondaie", quantity: "1", unit: "corpo", unitPrice: "1000.00" }],
    });
    sites.push(site);
  }

  // The supplier's DURC, issued 110 days ago: valid 120 days, so it expires in 10.
  await page.goto(`/admin/suppliers/${supplier.id}`);
  const docs = page
    .getByRole("region", { name: "DURC e idoneità" })
    .or(page.locator("[aria-labelledby=supplier-docs-title]"));
  await docs.getByRole("button", { name: "Aggiungi documento" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Data di rilascio").fill(addDays(todayIso(), -110));
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Aggiungi documento" }).click();
  await expect(page.getByText("Documento aggiunto")).toBeVisible();
  await expect(docs.getByText("In scadenza")).toBeVisible();
  await snap(page, "compliance-supplier");

  // Both sites show that DURC in scadenza, and the Scadenze list finds them together.
  await page.goto(`/admin/scadenze?state=in_scadenza&supplierId=${supplier.id}`);
  await expect(page.getByRole("heading", { name: "Scadenze" })).toBeVisible();
  for (const s of sites) await expect(page.getByRole("link", { name: s.name })).toBeVisible();
  // The firm filter found its name on the server (no list of every supplier downloaded).
  await expect(page.getByLabel("Filtra per impresa")).toHaveValue(supplier.name);
  await expectAccessible(page);
  await snap(page, "compliance-deadlines");

  // Site 1: papers missing, the office uploads the POS with its PDF, then the rest: it turns green.
  const site = sites[0]!;
  await page.goto(`/admin/sites/${site.id}`);
  const card = page.locator("[aria-labelledby=safety-title]");
  await expect(card.getByTestId("safety-status")).toContainText("mancanti o scaduti");
  await expect(card.getByRole("listitem").filter({ hasText: `DURC di ${supplier.name}` })).toContainText("In scadenza");
  await card.getByRole("button", { name: /^Carica POS$/ }).click();
  await dialog.getByLabel("Scadenza").fill(addDays(todayIso(), 200));
  await dialog
    .getByLabel("File (PDF o foto)")
    .setInputFiles({ name: "pos.pdf", mimeType: "application/pdf", buffer: PDF });
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Aggiungi documento" }).click();
  await expect(card.getByRole("link", { name: "pos.pdf" })).toBeVisible();
  for (const kind of ["psc", "notifica_preliminare"])
    await post(api, `/api/construction-sites/${site.id}/documents`, { kind, title: kind.toUpperCase() });
  await post(api, `/api/construction-sites/${site.id}/documents`, {
    kind: "idoneita_tecnico_professionale",
    title: "Idoneità",
    supplierId: supplier.id,
  });
  await page.reload();
  await expect(card.getByTestId("safety-status")).toContainText("Documenti in regola");
  await expectAccessible(page);
  await snap(page, "compliance-site-green");

  // The dashboard lists the DURC expiring on both sites.
  await page.goto("/admin/dashboard");
  const attention = page.locator("[aria-labelledby=compliance-card-title]");
  await expect(attention).toBeVisible();
  // The card shows the most urgent entries of the whole suite's sites (it may not reach this run's),
  // so the expiring DURC is read for each site from the list behind it.
  for (const s of sites.slice(0, 2)) {
    const rows = await (await page.request.get(`/api/compliance?siteId=${s!.id}&kind=durc`)).json();
    expect(rows.map((r: { state: string }) => r.state)).toContain("in_scadenza");
  }
  await expectAccessible(page);
});
