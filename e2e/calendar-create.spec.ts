import { addDays, todayIso } from "../src/domain/dates";
import { expect, expectAccessible, pickOption, snap, test } from "./support";

test("a day pressed in the calendar opens a new survey on that day, with the legend @phone", async ({
  adminPage: page,
}) => {
  const tag = `${test.info().project.name === "phone" ? "Tel" : "Desk"}${Date.now() % 100000}`;
  const clientName = `Calendario Nuovo ${tag}`;
  await page.request.post("/api/clients", { data: { name: clientName, type: "privato", address: "Via Giorno 5" } });
  const day = addDays(todayIso(), 2);
  await page.goto(`/admin/surveys?view=calendar&d=${day}`);
  const label = new Intl.DateTimeFormat("it-IT", {
    weekday: "long",
    day: "numeric",
    month: "long",
    timeZone: "UTC",
  }).format(new Date(`${day}T00:00:00Z`));
  const plus = page.getByRole("button", { name: new RegExp(`^Nuovo sopralluogo ${label}`, "i") });
  await plus.click();
  const dialog = page.getByRole("dialog", { name: "Nuovo sopralluogo" });
  await expect(dialog.getByLabel(/^Data\*?$/)).toHaveValue(day);
  await pickOption(dialog, /^Cliente/, clientName);
  await expect(dialog.getByLabel(/^Indirizzo\*?$/)).toHaveValue("Via Giorno 5");
  await dialog.getByRole("button", { name: "Crea sopralluogo" }).click();
  await expect(page.getByText("Sopralluogo creato con successo")).toBeVisible();
  await expect(page.getByRole("link", { name: new RegExp(clientName) }).first()).toBeVisible();
  await expect(page.getByRole("group", { name: "Legenda dei tecnici" })).toContainText("Non assegnato");
  await expectAccessible(page);
  await snap(page, "calendar-new-on-day");
});
