import { addDays, todayIso } from "../src/domain/dates";
import { weekdayIndex } from "../src/domain/surveys";
import { expect, expectAccessible, pickOption, snap, test } from "./support";

// A real 1×1 PNG: the server checks the bytes, not the name.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC",
  "base64",
);

test("surveys: create with the long form, list, detail with photos, calendar move, delete @phone", async ({
  adminPage: page,
}) => {
  const tag = test.info().project.name === "phone" ? "Tel" : "Desk";
  const clientName = `Ferrari Elena ${tag}`;
  const client = await (
    await page.request.post("/api/clients", { data: { name: clientName, type: "privato", address: "Via Volta 21" } })
  ).json();
  await page.request.post("/api/contacts", {
    data: { clientId: client.id, name: `Marco Ferrari ${tag}`, role: "Marito" },
  });
  const description = `Infiltrazioni lucernario ${tag}`;
  const today = todayIso();

  await page.goto("/admin/surveys");
  await expect(page.getByRole("heading", { name: "Sopralluoghi", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Nuovo Sopralluogo" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel(/^Data\*?$/)).toHaveValue(today);
  const contactBox = dialog.getByRole("combobox", { name: /^Contatto di riferimento/ });
  await expect(contactBox).toBeDisabled();
  await expect(contactBox).toHaveAttribute("placeholder", "Seleziona prima un cliente");
  await dialog.getByRole("button", { name: "Crea sopralluogo" }).click();
  await expect(dialog.getByText("Indirizzo: campo obbligatorio")).toBeVisible();
  await pickOption(dialog, /^Cliente/, clientName);
  // The chosen client's contacts, searched on the server.
  await pickOption(dialog, /^Contatto di riferimento/, `Marco Ferrari ${tag}`, `Marco Ferrari ${tag} (Marito)`);
  await dialog.getByLabel("Tipo di sopralluogo").selectOption("tecnico");
  await dialog.getByLabel("Urgenza").selectOption("alta");
  await dialog.getByLabel(/^Descrizione\*?$/).fill(description);
  await dialog.getByLabel("Ora").fill("10:30");
  await dialog.getByLabel("Durata stimata").selectOption("1.5 ore");
  await dialog.getByLabel(/^Indirizzo\*?$/).fill("Via Volta 21, Como");
  await dialog.getByLabel("Condizioni meteo").selectOption("sereno");
  await dialog.getByLabel("Proprietario presente").check();
  await expect(dialog.getByLabel("Data del follow-up")).toHaveCount(0);
  await dialog.getByLabel("Follow-up necessario").check();
  await expect(dialog.getByLabel("Data del follow-up")).toBeVisible();
  await dialog.getByLabel("Data del follow-up").fill(addDays(today, 14));
  await expectAccessible(page);
  await snap(page, "survey-form");
  await dialog.getByRole("button", { name: "Crea sopralluogo" }).click();
  await expect(page.getByText("Sopralluogo creato con successo")).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole("searchbox", { name: "Cerca sopralluoghi" }).fill(description);
  await expect(page.getByText("1 sopralluogo", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await snap(page, "surveys-list");

  // Detail: fields, client and contact, no estimates yet, photos.
  await page
    .getByRole("table", { name: "Elenco sopralluoghi" })
    .getByRole("link", { name: clientName, exact: true })
    .click();
  await expect(page.getByRole("heading", { name: `Sopralluogo — ${clientName}` })).toBeVisible();
  await expect(page.getByText(description)).toBeVisible();
  await expect(page.getByText("10:30")).toBeVisible();
  await expect(page.getByText("Nessun preventivo generato da questo sopralluogo")).toBeVisible();
  await page.getByTestId("attachments-input").setInputFiles([
    { name: "falda.png", mimeType: "image/png", buffer: PNG },
    { name: "relazione.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%prova\n") },
  ]);
  await expect(page.getByText("2 file caricati con successo")).toBeVisible();
  await expect(page.getByRole("link", { name: "Apri falda.png" }).locator("img")).toBeVisible();
  await expect(page.getByRole("link", { name: "Scarica relazione.pdf" })).toHaveAttribute("href", /download=1/);
  await page
    .getByTestId("attachments-input")
    .setInputFiles([{ name: "finto.jpg", mimeType: "image/jpeg", buffer: Buffer.from("MZ non sono una foto") }]);
  await expect(page.getByText('Il file "finto.jpg" non è di un tipo consentito')).toBeVisible();
  await page.getByRole("button", { name: "Elimina relazione.pdf" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Elimina" }).click();
  await expect(page.getByText("Allegato eliminato con successo")).toBeVisible();
  await expect(page.getByText("Nuovo sopralluogo per")).toBeVisible();
  await expectAccessible(page);
  await snap(page, "survey-detail");

  // Calendar: the week shows it; "Sposta" moves it to another day of the same week.
  await page.goto(`/admin/surveys?view=calendar&q=${encodeURIComponent(description)}`);
  const week = page.getByRole("list", { name: "Giorni della settimana" });
  const chip = week.getByRole("link", { name: new RegExp(`10:30 ${clientName}`) });
  await expect(chip).toBeVisible();
  await expectAccessible(page);
  await snap(page, "surveys-calendar-week");
  const target = weekdayIndex(today) === 6 ? addDays(today, -1) : addDays(today, 1);
  await week.getByRole("button", { name: new RegExp(`Sposta sopralluogo 10:30 ${clientName}`) }).click();
  const move = page.getByRole("dialog");
  await move.getByLabel(/^Nuova data\*?$/).fill(target);
  await move.getByLabel("Nuova ora").fill("15:00");
  await move.getByRole("button", { name: "Sposta" }).click();
  await expect(page.getByText("Sopralluogo spostato con successo")).toBeVisible();
  const day = week.getByRole("listitem").filter({ has: page.locator(`time[datetime="${target}"]`) });
  await expect(day.getByRole("link", { name: new RegExp(`15:00 ${clientName}`) })).toBeVisible();

  await page.getByRole("button", { name: "Mese", exact: true }).click();
  await expect(page).toHaveURL(/cal=month/);
  const monthGrid = page.getByRole("list", { name: "Giorni del mese" });
  await expect(monthGrid).toBeVisible();
  if ((page.viewportSize()?.width ?? 1280) >= 640) {
    await expect(monthGrid.getByRole("link", { name: new RegExp(`15:00 ${clientName}`) })).toBeVisible();
  }
  await expectAccessible(page);
  await snap(page, "surveys-calendar-month");

  // Opening it from the calendar, then deleting.
  await page.getByRole("button", { name: "Settimana", exact: true }).click();
  await page.getByRole("link", { name: new RegExp(`15:00 ${clientName}`) }).click();
  await expect(page.getByRole("heading", { name: `Sopralluogo — ${clientName}` })).toBeVisible();
  await page.getByRole("button", { name: "Elimina" }).first().click();
  await expect(page.getByText("Sei sicuro di voler eliminare questo sopralluogo?")).toBeVisible();
  await page.getByRole("alertdialog").getByRole("button", { name: "Elimina" }).click();
  await expect(page.getByText("Sopralluogo eliminato con successo")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/surveys$/);

  await page.goto("/admin/surveys/00000000-0000-4000-8000-000000000000");
  await expect(page.getByText("Sopralluogo non trovato")).toBeVisible();
});
