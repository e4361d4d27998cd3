import type { APIRequestContext } from "@playwright/test";
import { expect, expectAccessible, loginAs, snap, test } from "./support";

// The portal answers (issue 28, docs/domain/portal.md): the client reads all his
// estimates, projects and requests in lists paged, filtered and sorted by the server; the office
// answers his information request from "Richieste clienti" and he reads the reply, told by his bell.

async function post<T>(request: APIRequestContext, url: string, data: object): Promise<T> {
  const res = await request.post(url, { data });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return (res.status() === 204 ? null : await res.json()) as T;
}

const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test("portal lists, requests and the office's reply @phone", async ({ page }) => {
  test.setTimeout(240_000);
  const phone = test.info().project.name === "phone";
  const tag = phone ? "Tel" : "Desk";
  const stamp = Date.now().toString(36);
  const username = `liste.${tag.toLowerCase()}.${stamp}`;
  const password = "Coppi-Antichi-Brianza-2026";

  // --- The office prepares: a client with portal access, three sent estimates (one accepted), a draft, a site.
  await loginAs(page, "admin");
  const api = page.request;
  const client = await post<{ id: string }>(api, "/api/clients", {
    name: `Condominio Liste ${tag} ${stamp}`,
    type: "privato",
    address: "Via Manzoni 5",
    city: "Monza",
    province: "MB",
    zipCode: "20900",
    email: `${username}@example.it`,
    fiscalCode: "RSSMRA80A01H501U",
  });
  await post(api, `/api/clients/${client.id}/portal-access`, { username, password });
  const estimate = (title: string, price: string) =>
    post<{ id: string; number: string }>(api, "/api/estimates", {
      clientId: client.id,
      title,
      description: "Lavori sul tetto.",
      items: [{ description: "Posa tegole portoghesi", quantity: "10", unitPrice: price, unit: "mq" }],
    });
  const gutters = await estimate(`Grondaie ${tag}`, "40.00");
  const roof = await estimate(`Tetto ${tag}`, "90.00");
  const chimney = await estimate(`Camino ${tag}`, "15.00");
  const draft = await estimate(`Bozza interna ${tag}`, "12.00");
  for (const e of [gutters, roof, chimney]) await post(api, `/api/estimates/${e.id}/send`, {});
  const sentRoof = await (await api.get(`/api/estimates/${roof.id}`)).json();
  await post(api, `/api/estimates/${roof.id}/accept`, { signedBy: "Firmato in ufficio", version: sentRoof.version });
  await post(api, "/api/construction-sites", {
    estimateId: roof.id,
    name: `Cantiere Liste ${tag} ${stamp}`,
    address: "Via Manzoni 5, Monza",
    status: "programmato",
    progress: 0,
    startDate: isoDay(5),
    estimatedEndDate: isoDay(40),
  });
  await page.getByRole("button", { name: "Esci", exact: true }).click();

  // --- The client: "I miei preventivi" from the dashboard.
  await loginAs(page, "client", { username, password });
  await page.getByRole("link", { name: "Tutti i preventivi" }).click();
  await expect(page).toHaveURL(/\/client\/estimates$/);
  await expect(page.getByRole("heading", { name: "I miei preventivi" })).toBeVisible();
  await expect(page.getByText("3 preventivi")).toBeVisible();
  const estimates = page.getByRole("table", { name: "I miei preventivi" });
  await expect(estimates.getByRole("link", { name: roof.number })).toBeVisible();
  await expect(estimates.getByRole("link", { name: draft.number })).toHaveCount(0);
  await expectAccessible(page);
  await snap(page, "portal-estimates");
  // Sorted by the server on a header press: the largest total first.
  await estimates.getByRole("button", { name: "Totale" }).click();
  await expect(page).toHaveURL(/sort=-grossTotal/);
  await expect(estimates.getByRole("row").nth(1).getByRole("link")).toHaveText(roof.number);
  await page.getByRole("combobox", { name: "Filtra per stato" }).selectOption("accettato");
  await expect(page.getByText("1 preventivo", { exact: true })).toBeVisible();
  await expect(estimates.getByRole("link", { name: gutters.number })).toHaveCount(0);

  // --- "I miei progetti".
  await page.goto("/client");
  await page.getByRole("link", { name: "Tutti i progetti" }).click();
  await expect(page.getByRole("heading", { name: "I miei progetti" })).toBeVisible();
  await expect(page.getByRole("link", { name: `Cantiere Liste ${tag} ${stamp}` })).toBeVisible();
  await expectAccessible(page);
  await snap(page, "portal-projects");

  // --- Le mie richieste: a survey request and a question.
  await post(api, "/api/portal/survey-requests", {
    address: "Via Manzoni 5, Monza",
    description: `Tegole spostate dal vento ${tag}`,
    preferredDate: isoDay(3),
    preferredTimeSlot: "mattina",
    urgency: "alta",
  });
  await page.goto("/client");
  await page.getByRole("link", { name: "Le mie richieste" }).click();
  await expect(page.getByRole("heading", { name: "Le mie richieste" })).toBeVisible();
  const surveys = page.getByRole("table", { name: "Richieste di sopralluogo" });
  await expect(surveys.getByText("Da confermare")).toBeVisible();
  await expectAccessible(page);
  await snap(page, "portal-requests");
  await page.getByRole("button", { name: "Informazioni", exact: true }).click();
  await expect(page.getByText("Nessuna richiesta di informazioni")).toBeVisible();
  await page.getByRole("main").getByRole("button", { name: "Richiedi Informazioni" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Richiedi Informazioni" });
  await dialog.getByLabel("Oggetto").fill(`Inizio lavori ${tag}`);
  await dialog.getByLabel("Messaggio").fill("Quando iniziate il cantiere?");
  await dialog.getByRole("button", { name: "Invia" }).click();
  await expect(dialog).toBeHidden();
  const questions = page.getByRole("list", { name: "Richieste di informazioni" });
  await expect(questions.getByText(`Inizio lavori ${tag}`)).toBeVisible();
  await expect(questions.getByText("In attesa di risposta")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Esci", exact: true }).click();

  // --- The office answers from "Richieste clienti" and fixes the survey's time.
  await loginAs(page, "admin");
  await page.goto("/admin/information-requests?state=aperta");
  await expect(page.getByRole("heading", { name: "Richieste clienti" })).toBeVisible();
  await expectAccessible(page);
  await snap(page, "admin-information-requests");
  await page.getByRole("link", { name: `Inizio lavori ${tag}` }).click();
  await expect(page.getByText("Quando iniziate il cantiere?")).toBeVisible();
  await page.getByRole("textbox", { name: "Risposta" }).fill("Iniziamo lunedì alle 8, meteo permettendo.");
  await expectAccessible(page);
  await snap(page, "admin-information-request");
  await page.getByRole("button", { name: "Invia risposta" }).click();
  await expect(page.getByText("Risposta inviata", { exact: true })).toBeVisible();
  const [survey] = (await (await api.get(`/api/surveys?clientId=${client.id}`)).json()) as {
    id: string;
    date: string;
    address: string;
    description: string;
    version: number;
  }[];
  const put = await api.put(`/api/surveys/${survey!.id}`, {
    data: { clientId: client.id, date: survey!.date, address: survey!.address, description: survey!.description, status: "programmato", time: "09:30", version: survey!.version },
  });
  expect(put.status(), await put.text()).toBe(200);
  await page.getByRole("button", { name: "Esci", exact: true }).click();

  // --- The client is told in the bell and reads the reply.
  await loginAs(page, "client", { username, password });
  await page.getByRole("button", { name: /^Notifiche, \d+ non lett/ }).click();
  await expect(page.getByText(`Risposta alla sua richiesta: Inizio lavori ${tag}`)).toBeVisible();
  await expect(page.getByText(/Sopralluogo fissato: .* alle 09:30/)).toBeVisible();
  await page.keyboard.press("Escape");
  await page.goto("/client/richieste?tab=informazioni");
  await expect(page.getByText("Iniziamo lunedì alle 8, meteo permettendo.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Richieste di informazioni" }).getByText("Risposta ricevuta")).toBeVisible();
  await expectAccessible(page);
  await snap(page, "portal-requests-reply");
  await page.getByRole("button", { name: "Sopralluoghi", exact: true }).click();
  await expect(page.getByRole("table", { name: "Richieste di sopralluogo" }).getByText("Confermato")).toBeVisible();
  await expect(page.getByText(/alle 09:30/)).toBeVisible();
});
