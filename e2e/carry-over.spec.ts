import { expect, expectAccessible, expectPicked, snap, test } from "./support";

// docs/domain/sites.md: client → survey → estimate → site, each form prefilled.
test("carry-over: client page → survey with the client's address → estimate from the survey → site @phone", async ({
  adminPage: page,
}) => {
  const tag = `${test.info().project.name === "phone" ? "Tel" : "Desk"}${Date.now() % 100000}`;
  const clientName = `Bianchi Riporto ${tag}`;
  const client = await (
    await page.request.post("/api/clients", {
      data: {
        name: clientName,
        type: "privato",
        address: "Via Manzoni 12",
        city: "Lecco",
        province: "LC",
        zipCode: "23900",
        email: `riporto.${tag.toLowerCase()}@example.it`,
      },
    })
  ).json();

  // The client's page creates a contact for this client.
  await page.goto(`/admin/clients/${client.id}`);
  await page.getByRole("link", { name: "Nuovo contatto" }).click();
  let dialog = page.getByRole("dialog", { name: "Nuovo contatto" });
  await expectPicked(dialog.getByRole("combobox", { name: /^Cliente/ }), clientName);
  await dialog.getByLabel(/^Nome/).fill(`Paolo Bianchi ${tag}`);
  await dialog.getByRole("button", { name: /Crea contatto|Salva/ }).click();
  await expect(page.getByText("Contatto creato con successo")).toBeVisible();

  // … and a survey, which goes to the client's address.
  await page.goto(`/admin/clients/${client.id}`);
  await page.getByRole("link", { name: "Nuovo sopralluogo" }).click();
  dialog = page.getByRole("dialog", { name: "Nuovo sopralluogo" });
  await expect(dialog.getByLabel(/^Indirizzo\*?$/)).toHaveValue("Via Manzoni 12, 23900 Lecco (LC)");
  await expectPicked(dialog.getByRole("combobox", { name: /^Cliente/ }), clientName);
  await dialog.getByLabel("Tipo di sopralluogo").selectOption("tecnico");
  await dialog.getByLabel("Problemi riscontrati").fill(`Coppi rotti sul colmo ${tag}`);
  await dialog.getByLabel("Misurazioni").fill("Falda nord 64 mq");
  await expectAccessible(page);
  await snap(page, "carry-over-survey-form");
  await dialog.getByRole("button", { name: "Crea sopralluogo" }).click();
  await expect(page.getByText("Sopralluogo creato con successo")).toBeVisible();

  // The survey page's "Crea preventivo": client, survey, address, problems and measurements.
  const surveys = await (await page.request.get(`/api/surveys?clientId=${client.id}`)).json();
  await page.goto(`/admin/surveys/${surveys[0].id}`);
  await page.getByRole("link", { name: "Crea preventivo" }).click();
  dialog = page.getByRole("dialog", { name: "Nuovo preventivo" });
  await expect(dialog.getByLabel("Titolo")).toHaveValue("Intervento in Via Manzoni 12, 23900 Lecco (LC)");
  await expect(dialog.getByLabel("Descrizione dei lavori")).toHaveValue(
    new RegExp(`Coppi rotti sul colmo ${tag}[\\s\\S]*Falda nord 64 mq`),
  );
  await expectPicked(dialog.getByRole("combobox", { name: /^Cliente/ }), clientName);
  // The survey it comes from, fetched by id to name it in the survey picker.
  await expectPicked(dialog.getByRole("combobox", { name: /^Sopralluogo/ }), /· Via Manzoni 12, 23900 Lecco \(LC\)$/);
  const line = dialog.getByRole("listitem", { name: "Voce 1" });
  await line.getByLabel("Descrizione").fill("Sostituzione coppi");
  await line.getByLabel("Quantità").fill("64");
  await line.getByLabel("Prezzo unit. (€)").fill("38");
  await expectAccessible(page);
  await snap(page, "carry-over-estimate-form");
  await dialog.getByRole("button", { name: "Crea preventivo" }).click();
  await expect(page.getByRole("heading", { name: "Intervento in Via Manzoni 12, 23900 Lecco (LC)" })).toBeVisible();

  // Accepted, it opens its site with estimate, name and the survey's address.
  const estimateId = page.url().split("/").pop()!;
  const sent = await (await page.request.post(`/api/estimates/${estimateId}/send`, { data: {} })).json();
  expect(
    (
      await page.request.post(`/api/estimates/${estimateId}/accept`, {
        data: { signedBy: "Paolo Bianchi", version: sent.version },
      })
    ).ok(),
  ).toBe(true);
  await page.reload();
  await page.getByRole("link", { name: "Apri cantiere" }).click();
  dialog = page.getByRole("dialog", { name: "Nuovo cantiere" });
  await expectPicked(
    dialog.getByRole("combobox", { name: /^Preventivo accettato/ }),
    /Intervento in Via Manzoni 12, 23900 Lecco \(LC\)/,
  );
  await expect(dialog.getByLabel(/^Nome cantiere/)).toHaveValue("Intervento in Via Manzoni 12, 23900 Lecco (LC)");
  await expect(dialog.getByLabel(/^Indirizzo del cantiere/)).toHaveValue("Via Manzoni 12, 23900 Lecco (LC)");
  await expectAccessible(page);
  await snap(page, "carry-over-site-form");
  await dialog.getByRole("button", { name: "Crea cantiere" }).click();
  await expect(page.getByText("Cantiere creato con successo")).toBeVisible();

  // "Duplica" on the accepted estimate: a new bozza, "Copia di …", its own number, the same line.
  await page.goto(`/admin/quotes/${estimateId}`);
  await page.getByRole("button", { name: "Duplica" }).click();
  await expect(
    page.getByRole("heading", { name: "Copia di Intervento in Via Manzoni 12, 23900 Lecco (LC)" }),
  ).toBeVisible();
  expect(page.url()).not.toContain(estimateId);
  await expect(page.getByText("Sostituzione coppi")).toBeVisible();
  await expect(page.getByRole("button", { name: "Invia al cliente" })).toBeVisible();
  await expectAccessible(page);
  await snap(page, "estimate-duplicated");
});
