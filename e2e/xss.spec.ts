import { expect, expectAccessible, snap, test } from "./support";

// Stored script in text fields: a client and an estimate whose names are HTML. The screens must
// show the text as typed, create no element from it and never run it.

const XSS = "<img src=x onerror=alert(1)>";

test("stored XSS attempts render as text in lists and details @phone", async ({ adminPage: page }) => {
  const tag = `${test.info().project.name}-${Date.now()}`;
  const dialogs: string[] = [];
  page.on("dialog", async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });

  const client = await page.request.post("/api/clients", {
    data: { name: `Rossi ${tag} ${XSS}`, type: "privato", address: `Via ${XSS} 1`, notes: `<script>alert(2)</script> ${tag}`, email: "xss@example.it" },
  });
  expect(client.status()).toBe(201);
  const clientId = (await client.json()).id as string;
  const estimate = await page.request.post("/api/estimates", {
    data: {
      clientId,
      title: `Tetto ${tag} ${XSS}`,
      description: `Descrizione ${XSS}`,
      items: [{ description: `Riga ${XSS}`, quantity: "1", unitPrice: "100", unit: "pz" }],
    },
  });
  expect(estimate.status()).toBe(201);
  const estimateId = (await estimate.json()).id as string;

  const noInjectedElement = async () => {
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.locator("script:not([src])").filter({ hasText: "alert" }).count()).toBe(0);
  };

  await page.goto(`/admin/clients/${clientId}`);
  await expect(page.getByText(`Rossi ${tag} ${XSS}`).first()).toBeVisible();
  await noInjectedElement();
  await expectAccessible(page);
  await snap(page, "xss-client-detail");

  await page.goto(`/admin/quotes/${estimateId}`);
  await expect(page.getByText(`Tetto ${tag} ${XSS}`).first()).toBeVisible();
  await expect(page.getByText(`Riga ${XSS}`).first()).toBeVisible();
  await noInjectedElement();
  await expectAccessible(page);
  await snap(page, "xss-estimate-detail");

  await page.goto(`/admin/clients?q=${encodeURIComponent(tag)}`);
  await expect(page.getByText(`Rossi ${tag} ${XSS}`).first()).toBeVisible();
  await noInjectedElement();

  await page.goto(`/admin/quotes?q=${encodeURIComponent(tag)}`);
  await expect(page.getByText(`Tetto ${tag} ${XSS}`).first()).toBeVisible();
  await noInjectedElement();

  expect(dialogs).toEqual([]);
});
