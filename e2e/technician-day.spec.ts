import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { addDays, todayIso } from "../src/domain/dates";
import { mapsUrl, telUrl } from "../src/domain/team";
import { acceptedEstimate } from "./billing-support";
import { expect, expectAccessible, loginAs, snap, test } from "./support";

// Issue 19 bullets 5–6: the assigned technician, the calendar by person and the technician's day
// on a 390 px phone.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC",
  "base64",
);

async function post<T>(api: APIRequestContext, url: string, data: unknown): Promise<T> {
  const res = await api.post(url, { data: data as object });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

async function me(api: APIRequestContext) {
  return (await (await api.get("/api/auth/me")).json()) as { id: string; username: string };
}

/** A client with a phone, a contact with a phone, and a survey on `date` assigned to `userId`. */
async function seedSurvey(
  api: APIRequestContext,
  opts: { tag: string; userId: string | null; date: string; time?: string },
) {
  const client = await post<{ id: string; name: string }>(api, "/api/clients", {
    name: `Famiglia Gronda ${opts.tag}`,
    type: "privato",
    address: "Via Volta 21",
    phone: "+39 333 123 4567",
  });
  const contact = await post<{ id: string }>(api, "/api/contacts", {
    clientId: client.id,
    name: `Piero Gronda ${opts.tag}`,
    phone: "039 765432",
  });
  const address = `Via dei Coppi ${opts.tag.length + 3}, Monza`;
  const survey = await post<{ id: string; version: number }>(api, "/api/surveys", {
    clientId: client.id,
    contactId: contact.id,
    date: opts.date,
    time: opts.time ?? "08:30",
    address,
    description: "Infiltrazione sotto il colmo",
    assignedUserId: opts.userId ?? "",
  });
  return { ...survey, clientName: client.name, address };
}

async function seedSite(page: Page, tag: string, userId: string) {
  const estimateId = await acceptedEstimate(page, tag);
  return post<{ id: string; name: string; address: string }>(page.request, "/api/construction-sites", {
    estimateId,
    name: `Tetto Glicine ${tag}`,
    address: "Via Glicine 7, Lecco",
    status: "in_corso",
    // Opened before its safety papers are on file (the compliance guard asks for a reason).
    force: true,
    reason: "Documenti in arrivo",
    progress: 30,
    emergencyPhone: "348 1112223",
    assignedUserId: userId,
  });
}

async function expectTouchTarget(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
}

/** The day's cards: links, photo, note, progress and completion, for whoever is logged in. */
async function workTheDay(
  page: Page,
  survey: Awaited<ReturnType<typeof seedSurvey>>,
  site: { id: string; name: string; address: string },
) {
  const subject = `sopralluogo ${survey.clientName} delle 08:30`;
  const today = page.getByRole("list", { name: "Oggi" });
  const card = today.getByRole("listitem").filter({ hasText: survey.clientName });
  await expect(card).toBeVisible();
  const maps = card.getByRole("link", { name: `Apri nelle mappe: ${survey.address}` });
  await expect(maps).toHaveAttribute("href", mapsUrl(survey.address));
  await expect(maps).toHaveAttribute("target", "_blank");
  await expect(card.getByRole("link", { name: `Chiama ${survey.clientName}: +39 333 123 4567` })).toHaveAttribute(
    "href",
    telUrl("+39 333 123 4567"),
  );
  await expect(card.getByRole("link", { name: /^Chiama Piero Gronda/ })).toHaveAttribute("href", "tel:039765432");
  for (const control of [
    maps,
    card.getByText("Foto", { exact: true }),
    card.getByRole("button", { name: `Nota per ${subject}` }),
  ]) {
    await expectTouchTarget(control);
  }
  // No money on the technician's screen.
  await expect(page.getByText("€")).toHaveCount(0);

  // Photo from the camera: the input asks for the rear camera and uploads to the survey's attachments.
  const photo = card.getByLabel(`Foto per ${subject}`);
  await expect(photo).toHaveAttribute("capture", "environment");
  await expect(photo).toHaveAttribute("accept", "image/*");
  await photo.setInputFiles({ name: "colmo.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByText("Foto caricata")).toBeVisible();
  const files = (await (await page.request.get(`/api/attachments?entityType=survey&entityId=${survey.id}`)).json()) as {
    fileName: string;
  }[];
  expect(files.map((f) => f.fileName)).toContain("colmo.png");

  // A note appended with date and author.
  await card.getByRole("button", { name: `Nota per ${subject}` }).click();
  const dialog = page.getByRole("dialog", { name: "Nuova nota" });
  await dialog.getByRole("button", { name: "Aggiungi nota" }).click();
  await expect(dialog.getByText("Nota: campo obbligatorio")).toBeVisible();
  await dialog.getByLabel("Nota").fill("Tegole rotte sul lato nord");
  await expectAccessible(page);
  await snap(page, "technician-day-note");
  await dialog.getByRole("button", { name: "Aggiungi nota" }).click();
  await expect(page.getByText("Nota aggiunta")).toBeVisible();
  await expect(dialog).toBeHidden();

  // Progress of the site, +5 % twice, saved with the version the card was read at.
  const siteCard = page
    .getByRole("list", { name: "Cantieri attivi" })
    .getByRole("listitem")
    .filter({ hasText: site.name });
  await expect(siteCard.getByRole("link", { name: `Apri nelle mappe: ${site.address}` })).toHaveAttribute(
    "href",
    mapsUrl(site.address),
  );
  await expect(siteCard.getByRole("link", { name: "Chiama emergenza: 348 1112223" })).toHaveAttribute(
    "href",
    "tel:3481112223",
  );
  const plus = siteCard.getByRole("button", { name: "Aumenta avanzamento di 5%" });
  await expectTouchTarget(plus);
  await plus.click();
  await plus.click();
  await siteCard.getByRole("button", { name: "Salva avanzamento (40%)" }).click();
  await expect(page.getByText("Avanzamento salvato: 40%")).toBeVisible();
  await expect(siteCard.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "40");

  // The survey is done.
  await card.getByRole("button", { name: `Segna come completato: ${subject}` }).click();
  await expect(page.getByText("Sopralluogo completato")).toBeVisible();
  await expect(card.getByText("Completato", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: /^Segna come completato/ })).toHaveCount(0);
}

test("La mia giornata at 390 px: cards with maps and tel links, photo, note, progress, completion", async ({
  adminPage: page,
}) => {
  const tag = `Giorno ${Date.now() % 100000}`;
  const admin = await me(page.request);
  const survey = await seedSurvey(page.request, { tag, userId: admin.id, date: todayIso() });
  await seedSurvey(page.request, {
    tag: `${tag} domani`,
    userId: admin.id,
    date: addDays(todayIso(), 1),
    time: "10:00",
  });
  const site = await seedSite(page, tag, admin.id);

  await page.goto("/admin/oggi");
  await expect(page.getByRole("heading", { name: "La mia giornata", level: 1 })).toBeVisible();
  await expect(
    page
      .getByRole("list", { name: "Domani" })
      .getByRole("heading", { name: new RegExp(`Famiglia Gronda ${tag} domani`) }),
  ).toBeVisible();
  await expectAccessible(page);
  await snap(page, "technician-day");

  await workTheDay(page, survey, site);
  const stored = (await (await page.request.get(`/api/surveys/${survey.id}`)).json()) as {
    notes: string;
    status: string;
  };
  expect(stored.status).toBe("completato");
  expect(stored.notes).toMatch(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} — admin: Tegole rotte sul lato nord$/);
  await expectAccessible(page);
  await snap(page, "technician-day-done");
  // The same screen on a laptop (the office also opens it).
  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(page.getByRole("heading", { name: "La mia giornata", level: 1 })).toBeVisible();
  await expectAccessible(page);
  await snap(page, "technician-day-1366");
});

test("Assegnati a me on the lists, and the calendar by technician with a legend", async ({ adminPage: page }) => {
  const tag = `Assegno ${Date.now() % 100000}`;
  const admin = await me(page.request);
  const mine = await seedSurvey(page.request, { tag: `${tag} mio`, userId: admin.id, date: todayIso() });
  const nobody = await seedSurvey(page.request, {
    tag: `${tag} libero`,
    userId: null,
    date: todayIso(),
    time: "15:00",
  });

  await page.goto(`/admin/surveys?q=${encodeURIComponent(tag)}`);
  const table = page.getByRole("table", { name: "Elenco sopralluoghi" });
  await expect(table.getByText(mine.clientName)).toBeVisible();
  await expect(table.getByText(nobody.clientName)).toBeVisible();
  await page.getByRole("checkbox", { name: "Assegnati a me" }).check();
  await expect(table.getByText(nobody.clientName)).toHaveCount(0);
  await expect(table.getByText(mine.clientName)).toBeVisible();
  await expect(page).toHaveURL(/mine=1/);
  await expectAccessible(page);
  await snap(page, "surveys-assigned-to-me");
  await page.getByRole("checkbox", { name: "Assegnati a me" }).uncheck();

  // The calendar: everybody, then one technician; chips carry the person's colour, the legend names them.
  await page.getByRole("button", { name: "Calendario" }).click();
  const technician = page.getByRole("combobox", { name: "Tecnico" });
  await expect(technician.locator("option", { hasText: "Tutti" })).toHaveCount(1);
  await expect(page.getByRole("link", { name: new RegExp(nobody.clientName) })).toBeVisible();
  const legend = page.getByRole("group", { name: "Legenda dei tecnici" });
  await expect(legend.getByText("Non assegnato")).toBeVisible();
  await expect(legend.getByText("admin", { exact: true })).toBeVisible();
  const team = (await (await page.request.get("/api/team")).json()) as { id: string; color: string }[];
  const colour = team.find((u) => u.id === admin.id)!.color;
  const chip = page.locator(`[data-assignee="${admin.id}"]`).filter({ hasText: mine.clientName });
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
  await expect(chip).toHaveCSS("border-left-color", `rgb(${r}, ${g}, ${b})`);
  await technician.selectOption(admin.id);
  await expect(page).toHaveURL(new RegExp(`tech=${admin.id}`));
  await expect(page.getByRole("link", { name: new RegExp(nobody.clientName) })).toHaveCount(0);
  await expect(page.getByRole("link", { name: new RegExp(mine.clientName) })).toBeVisible();
  await expectAccessible(page);
  await snap(page, "surveys-calendar-technician");
  await technician.selectOption("");
  await expect(page.getByRole("link", { name: new RegExp(nobody.clientName) })).toBeVisible();

  // Sites: the same filter.
  const site = await seedSite(page, tag, admin.id);
  await page.goto(`/admin/sites?q=${encodeURIComponent("Tetto Glicine")}`);
  await page.getByRole("checkbox", { name: "Assegnati a me" }).check();
  await expect(page.getByRole("heading", { name: site.name })).toBeVisible();
  await expectAccessible(page);
});

test("a tecnico lands on his day after login and works only his own cards", async ({ page }) => {
  await loginAs(page, "admin");
  const tag = `Tecnico ${Date.now() % 100000}`;
  const username = `tecnico.${Date.now() % 100000}`;
  const password = "Camino-Verde-Lampione-77";
  // Staff accounts come from the users API (docs/domain/roles.md).
  const created = await page.request.post("/api/users", {
    data: { username, name: "Bruno Tetti", role: "tecnico", password, sendEmail: false },
  });
  expect(created.status(), await created.text()).toBe(201);
  const tecnico = (await created.json()) as { id: string };
  const admin = await me(page.request);
  const survey = await seedSurvey(page.request, { tag, userId: tecnico.id, date: todayIso() });
  const others = await seedSurvey(page.request, { tag: `${tag} ufficio`, userId: admin.id, date: todayIso() });
  const site = await seedSite(page, tag, tecnico.id);
  await page.request.post("/api/auth/logout");

  await page.goto("/login");
  await page.getByLabel("Nome utente").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Accedi" }).click();
  const day = page.getByRole("heading", { name: "La mia giornata", level: 1 });
  await expect(page).toHaveURL(/\/admin\/oggi$/);
  await expect(day).toBeVisible();
  await expect(page.getByText(others.clientName)).toHaveCount(0);
  await expectAccessible(page);
  await snap(page, "technician-day-tecnico");
  await workTheDay(page, survey, site);
  await expectAccessible(page);
});
