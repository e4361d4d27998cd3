import { E2E_ADMIN } from "../playwright.config";
import { expect, expectAccessible, loginAs, loginWithForm, snap, test } from "./support";

// "Cambia password" (docs/domain/roles.md): a section of "Il mio profilo", reached from the top bar; the shared policy in
// the form, Italian messages from the form and from the server. The admin password is put back at
// the end: the other specs of the run log in with it.

test("admin changes the password from the top bar, then changes it back @phone", async ({ adminPage: page }) => {
  const temporary = test.info().project.name === "phone" ? "Comignolo-Ardesia-48" : "Lucernario-Zinco-Q9";
  await page.goto("/admin");
  await page.getByRole("link", { name: "Il mio profilo" }).click();
  await expect(page).toHaveURL(/\/admin\/profilo$/);
  await expect(page.getByRole("heading", { name: "Cambia password", level: 2 })).toBeVisible();
  const form = page.getByRole("form", { name: "Cambia password" });
  await expectAccessible(page);

  // The form's own rules: too short, built from the user name, typed twice differently.
  await form.getByLabel("Password attuale").fill(E2E_ADMIN.password);
  await form.getByRole("textbox", { name: "Nuova password", exact: true }).fill("corta");
  await form.getByLabel("Conferma nuova password").fill("diversa");
  await form.getByRole("button", { name: "Cambia password" }).click();
  await expect(form.getByText("Password: almeno 12 caratteri")).toBeVisible();
  await expect(form.getByText("Le due password non coincidono")).toBeVisible();
  await form.getByRole("textbox", { name: "Nuova password", exact: true }).fill("Admin-Gronda-Nuova-7");
  await form.getByLabel("Conferma nuova password").fill("Admin-Gronda-Nuova-7");
  await form.getByRole("button", { name: "Cambia password" }).click();
  await expect(form.getByText("Password: non può contenere il nome utente")).toBeVisible();
  await form.getByRole("textbox", { name: "Nuova password", exact: true }).fill("password123456");
  await form.getByLabel("Conferma nuova password").fill("password123456");
  await form.getByRole("button", { name: "Cambia password" }).click();
  await expect(form.getByText(/Password: troppo comune/)).toBeVisible();
  await expectAccessible(page);
  await snap(page, "change-password-errors");

  // The server's answer: a wrong current password, shown on its field.
  await form.getByLabel("Password attuale").fill("non-e-questa-la-password");
  await form.getByRole("textbox", { name: "Nuova password", exact: true }).fill(temporary);
  await form.getByLabel("Conferma nuova password").fill(temporary);
  await form.getByRole("button", { name: "Cambia password" }).click();
  await expect(form.getByText("Password attuale non corretta")).toBeVisible();

  await form.getByLabel("Password attuale").fill(E2E_ADMIN.password);
  await form.getByRole("button", { name: "Cambia password" }).click();
  await expect(page.getByText("Password cambiata")).toBeVisible();
  await expect(form.getByLabel("Password attuale")).toHaveValue("");
  await snap(page, "change-password-done");

  // The new password works, the old one no longer does.
  await page.getByRole("button", { name: "Esci", exact: true }).click();
  await page.goto("/login?role=admin");
  await page.getByLabel("Nome utente").fill(E2E_ADMIN.username);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Accedi" }).click();
  await expect(page.getByText("Credenziali non valide")).toBeVisible();
  await loginWithForm(page, "admin", { username: E2E_ADMIN.username, password: temporary });

  // Back to the run's password (the old address leads to the profile's password section).
  await page.goto("/admin/password");
  await expect(page).toHaveURL(/\/admin\/profilo#password$/);
  await form.getByLabel("Password attuale").fill(temporary);
  await form.getByRole("textbox", { name: "Nuova password", exact: true }).fill(E2E_ADMIN.password);
  await form.getByLabel("Conferma nuova password").fill(E2E_ADMIN.password);
  await form.getByRole("button", { name: "Cambia password" }).click();
  await expect(page.getByText("Password cambiata")).toBeVisible();
});

test("a portal client reaches Cambia password from the portal frame @phone", async ({ page }) => {
  const tag = `${test.info().project.name}${Date.now().toString(36)}`;
  const username = `cliente.pwd.${tag}`;
  await loginAs(page, "admin");
  const api = page.request;
  const client = await (await api.post("/api/clients", { data: { name: `Cliente Password ${tag}`, type: "privato", address: "Via Manzoni 5" } })).json();
  const access = await api.post(`/api/clients/${client.id}/portal-access`, { data: { username, password: "Coppo-Verde-Camino-22" } });
  expect(access.status()).toBe(201);
  await page.getByRole("button", { name: "Esci", exact: true }).click();

  await loginAs(page, "client", { username, password: "Coppo-Verde-Camino-22" });
  await page.getByRole("link", { name: "Il mio profilo" }).click();
  await expect(page).toHaveURL(/\/client\/profilo$/);
  // A client keeps name and e-mail on the client record: only password and devices here.
  await expect(page.getByRole("heading", { name: "Dati personali" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Verifica in due passaggi" })).toHaveCount(0);
  await expect(page.getByText("questo dispositivo")).toBeVisible();
  const form = page.getByRole("form", { name: "Cambia password" });
  await form.getByLabel("Password attuale").fill("Coppo-Verde-Camino-22");
  await form.getByRole("textbox", { name: "Nuova password", exact: true }).fill("Lucernario-Zinco-Q9");
  await form.getByLabel("Conferma nuova password").fill("Lucernario-Zinco-Q9");
  await form.getByRole("button", { name: "Cambia password" }).click();
  await expect(page.getByText("Password cambiata")).toBeVisible();
  await expectAccessible(page);
  await snap(page, "portal-change-password");
});
