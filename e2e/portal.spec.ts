import type { APIRequestContext, Page } from "@playwright/test";
import { completeCompanyFiscalData } from "./billing-support";
import { expect, expectAccessible, loginAs, loginWithForm, snap, test } from "./support";

// The client portal end to end: the admin prepares the documents (through the API, which
// other specs test) and gives the client access on the client page; the client logs in,
// reads the dashboard, opens a project, downloads a PDF, accepts an estimate and asks for a
// survey, which the admin then finds in the surveys list.

async function post<T>(request: APIRequestContext, url: string, data: object): Promise<T> {
  const res = await request.post(url, { data });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function counter(page: Page, title: string) {
  return page
    .getByRole("region", { name: "Riepilogo" })
    .locator("div", { has: page.getByText(title, { exact: true }) })
    .last();
}

test("portal: access, dashboard, project, PDF, accept an estimate, request a survey @phone", async ({ page }) => {
  // A long journey across both areas, on a machine shared with other test runs.
  test.setTimeout(240_000);
  const tag = test.info().project.name === "phone" ? "Tel" : "Desk";
  const stamp = Date.now().toString(36);
  const clientName = `Famiglia Bianchi ${tag} ${stamp}`;
  const username = `bianchi.${tag.toLowerCase()}.${stamp}`;
  const password = "password-bianchi-1";

  // --- Admin: company contacts, client, two sent estimates (one accepted in the office), a site.
  await loginAs(page, "admin");
  const api = page.request;
  const settings = await (await api.get("/api/settings")).json();
  // A fresh database has these empty (""): filled here, so that the spec runs alone too.
  if (!settings.phone || !settings.email || !settings.iban) {
    const res = await api.put("/api/settings", {
      data: {
        ...settings,
        phone: settings.phone || "02 1234 5678",
        email: settings.email || "ufficio@colmo.example",
        iban: settings.iban || "IT60X0542811101000000123456",
      },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  const { iban } = (await (await api.get("/api/settings")).json()) as { iban: string };
  const client = await post<{ id: string }>(api, "/api/clients", {
    name: clientName,
    type: "privato",
    address: "Via Manzoni 5",
    city: "Monza",
    province: "MB",
    zipCode: "20900",
    email: `${username}@example.it`,
    fiscalCode: "RSSMRA80A01H501U",
  });
  const estimate = (title: string) =>
    post<{ id: string; number: string }>(api, "/api/estimates", {
      clientId: client.id,
      title,
      description: "Rimozione del manto esistente e posa di nuove tegole con guaina traspirante.",
      items: [
        { description: "Rimozione coppi e smaltimento", quantity: "120", unitPrice: "18.50", unit: "mq" },
        { description: "Posa tegole portoghesi", quantity: "120", unitPrice: "42.00", unit: "mq" },
      ],
    });
  const toAccept = await estimate(`Rifacimento tetto ${tag}`);
  const signed = await estimate(`Grondaie in rame ${tag}`);
  const sentSigned = await post<{ version: number }>(api, `/api/estimates/${signed.id}/send`, {});
  await post(api, `/api/estimates/${toAccept.id}/send`, {});
  // Acceptance binds to the version seen (docs/domain/portal.md), in the office as in the portal.
  const acceptance = await post<{ contract: { id: string } }>(api, `/api/estimates/${signed.id}/accept`, {
    signedBy: "Firmato in ufficio",
    version: sentSigned.version,
  });
  const draftEstimate = await estimate(`Bozza interna ${tag}`);
  await post(api, `/api/contracts/${acceptance.contract.id}/sign`, { signedDate: isoDay(0) });
  const draftInvoice = await post<{ id: string }>(api, "/api/invoices", {
    contractId: acceptance.contract.id,
    kind: "acconto",
    percent: "30",
  });
  // Issuing validates the FatturaPA (company fiscal data needed) and gives the number.
  await completeCompanyFiscalData(api);
  const invoice = await post<{ id: string; number: string }>(api, `/api/invoices/${draftInvoice.id}/send`, {});
  const site = await post<{ id: string }>(api, "/api/construction-sites", {
    estimateId: signed.id,
    name: `Cantiere Bianchi ${tag} ${stamp}`,
    address: "Via Manzoni 5, Monza",
    status: "in_corso",
    // Opened before its safety papers are on file (the compliance guard asks for a reason).
    force: true,
    reason: "Documenti in arrivo",
    progress: 40,
    startDate: isoDay(-10),
    estimatedEndDate: isoDay(20),
    notes: "Sostituzione di grondaie e pluviali in rame.",
  });

  // --- Admin: the "Accesso al portale" card on the client page.
  await page.goto(`/admin/clients/${client.id}`);
  const card = page
    .locator("div", { has: page.getByText("Accesso al portale", { exact: true }) })
    .filter({ has: page.getByRole("button", { name: "Crea accesso" }) })
    .last();
  await card.getByLabel("Nome utente").fill(username);
  await card.getByLabel("Imposto io la password e la comunico al cliente").check();
  await card.getByRole("textbox", { name: "Password" }).fill(password);
  await card.getByRole("button", { name: "Crea accesso" }).click();
  await expect(page.getByText("Accesso al portale creato")).toBeVisible();
  await expect(page.getByText("Attivo", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Reimposta accesso" })).toBeVisible();
  await expectAccessible(page);
  await snap(page, "admin-portal-access");
  await page.getByRole("button", { name: "Esci" }).click();
  await expect(page).toHaveURL(/\/$/);

  // --- Client: dashboard figures.
  await loginWithForm(page, "client", { username, password });
  await expect(page.getByRole("heading", { name: `Benvenuto, ${clientName}` })).toBeVisible();
  await expect(counter(page, "Preventivi Attivi")).toContainText("1");
  await expect(counter(page, "Lavori in Corso")).toContainText("1");
  await expect(counter(page, "Fatture Pendenti")).toContainText("1");
  await expect(counter(page, "Progetti Completati")).toContainText("0");
  await expect(page.getByText(`Preventivo ${toAccept.number}`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Prenota Sopralluogo" })).toBeVisible();
  await expectAccessible(page);
  await snap(page, "portal-dashboard");

  // --- The office's routes are closed to the client; the draft exists nowhere for it (docs/domain/portal.md).
  for (const url of [
    "/api/estimates?status=bozza",
    `/api/estimates/${draftEstimate.id}`,
    `/api/estimates/${signed.id}`,
    "/api/activity",
    "/api/notifications",
  ]) {
    expect((await page.request.get(url)).status(), url).toBe(403);
  }
  expect((await page.request.get(`/api/portal/estimates/${draftEstimate.id}`)).status()).toBe(404);
  expect((await page.request.get(`/api/portal/estimates/${draftEstimate.id}/pdf`)).status()).toBe(404);
  await expect(page.getByText(draftEstimate.number)).toHaveCount(0);

  // --- A project, and a question about it.
  await page.getByRole("link", { name: new RegExp(`Cantiere Bianchi ${tag}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/client/projects/${site.id}`));
  await expect(page.getByRole("heading", { name: `Cantiere Bianchi ${tag} ${stamp}` })).toBeVisible();
  await expect(page.getByText("In Corso").first()).toBeVisible();
  await expect(page.getByRole("link", { name: `Preventivo ${signed.number}` })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Richiedi Informazioni" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Messaggio").fill("A che ora arrivano gli operai?");
  await dialog.getByRole("button", { name: "Invia" }).click();
  await expect(page.getByText("Richiesta inviata: ti risponderemo al più presto")).toBeVisible();
  await snap(page, "portal-project");

  await page.goto("/client/projects/00000000-0000-4000-8000-000000000000");
  await expect(page.getByText("Progetto non trovato")).toBeVisible();
  await expect(page.getByText("00000000-0000-4000-8000-000000000000")).toBeVisible();

  // --- The estimate: PDF, terms, signature, new state.
  await page.goto("/client");
  await page.getByRole("link", { name: new RegExp(`Preventivo ${toAccept.number}`) }).click();
  await expect(page.getByRole("heading", { name: `Preventivo ${toAccept.number}` })).toBeVisible();
  await expect(page.getByText("Validità fino a")).toBeVisible();
  await expect(page.getByText("Dettaglio Servizi")).toBeVisible();
  await expect(page.getByText("Posa tegole portoghesi")).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Scarica PDF" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  await expectAccessible(page);
  await snap(page, "portal-estimate");

  await page.getByRole("button", { name: "Accetta Preventivo" }).click();
  await expect(dialog.getByRole("heading", { name: "Condizioni contrattuali" })).toBeVisible();
  await dialog.getByRole("button", { name: "Accetto e firmo" }).click();
  await expect(dialog.getByText(/Nome e cognome del firmatario: campo obbligatorio/)).toBeVisible();
  await dialog.getByLabel("Nome e cognome del firmatario").fill("Maria Bianchi");
  await expectAccessible(page);
  await snap(page, "portal-accept-dialog");
  await dialog.getByRole("button", { name: "Accetto e firmo" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Preventivo accettato il .* da Maria Bianchi/)).toBeVisible();
  await expect(page.getByText("Accettato", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Accetta Preventivo" })).toBeHidden();
  await snap(page, "portal-estimate-accepted");

  // --- Invoices: list, detail with payment instructions, PDF.
  await page.goto("/client");
  await page.getByRole("link", { name: "Tutte le fatture" }).click();
  await expect(page.getByRole("heading", { name: "Le Mie Fatture" })).toBeVisible();
  await page.getByRole("link", { name: new RegExp(`Fattura ${invoice.number}`) }).click();
  await expect(page.getByRole("heading", { name: `Fattura ${invoice.number}` })).toBeVisible();
  await expect(page.getByText("Da pagare", { exact: true })).toBeVisible();
  await expect(page.getByText(iban.replace(/(.{4})/g, "$1 ").trim())).toBeVisible();
  await expect(
    page.getByText(/Bonifico relativo a lavori edilizi .*art\. 16-bis del DPR 917\/1986 - Pagamento fattura n\./),
  ).toBeVisible();
  await expect(page.getByText("RSSMRA80A01H501U", { exact: false }).first()).toBeVisible();
  const [invoicePdf] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Scarica PDF" }).click(),
  ]);
  expect(invoicePdf.suggestedFilename()).toMatch(/\.pdf$/);
  await expectAccessible(page);
  await snap(page, "portal-invoice");

  // --- Survey request.
  await page.goto("/client");
  await expect(counter(page, "Preventivi Attivi")).toContainText("0");
  await page.getByRole("link", { name: "Prenota Sopralluogo" }).click();
  await expect(page).toHaveURL(/\/client\/surveys\/request/);
  await expect(page.getByLabel("Cliente")).toHaveValue(clientName);
  await page.getByRole("button", { name: "Invia Richiesta" }).click();
  await expect(page.getByText("Indirizzo del Sopralluogo: campo obbligatorio")).toBeVisible();
  const address = `Via Dante ${stamp} ${tag}, Monza`;
  await page.getByLabel("Indirizzo del Sopralluogo").fill(address);
  await page.getByLabel("Descrizione del Problema/Lavoro").fill("Infiltrazioni dal lucernario dopo la grandine");
  await page.getByLabel("Data Preferita").fill(isoDay(3));
  await page.getByLabel("Fascia Oraria Preferita").selectOption("pomeriggio");
  await page.getByLabel("Urgenza").selectOption("alta");
  await page.getByLabel("Note Aggiuntive").fill("Citofono Bianchi");
  await expectAccessible(page);
  await snap(page, "portal-survey-request");
  await page.getByRole("button", { name: "Invia Richiesta" }).click();
  await expect(page.getByRole("heading", { name: "Richiesta Inviata!" })).toBeVisible();
  // A toast fading in or out trips axe's contrast rule: check the page once it has gone.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page);
  await snap(page, "portal-survey-sent");
  await page.getByRole("button", { name: "Nuova Richiesta" }).click();
  await expect(page.getByLabel("Indirizzo del Sopralluogo")).toHaveValue("");
  await page.getByRole("button", { name: "Esci" }).click();

  // --- Admin: the request is in the surveys list.
  await loginAs(page, "admin");
  await page.goto("/admin/surveys");
  await page.getByRole("searchbox", { name: "Cerca sopralluoghi" }).fill(stamp);
  await expect(page.getByText(address).filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByText(clientName).filter({ visible: true }).first()).toBeVisible();
});
