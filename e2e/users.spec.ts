import { generate } from "otplib";
import { expect, expectAccessible, receivedMail, snap, test } from "./support";

// Impostazioni → Utenti (issue 19, docs/domain/roles.md): the admin invites a technician, the
// invitation travels through the outbox, the person chooses a password with the one-time link
// and logs in; then the admin changes a role and disables the account.

const PASSWORD = "Colmo-Gronda-Ardesia-2026";

test("admin invites a technician, who sets a password with the mailed link and logs in; role change and disable", async ({
  adminPage: page,
  browser,
}, info) => {
  const suffix = info.project.name === "phone" ? "m" : "d";
  const username = `sara.conti${suffix}`;
  const email = `sara.conti.${suffix}@example.it`;

  await page.goto("/admin/settings");
  await page
    .getByRole("navigation", { name: "Sezioni delle impostazioni" })
    .getByRole("link", { name: "Utenti" })
    .click();
  await expect(page).toHaveURL(/\/admin\/settings\/users$/);
  await expect(page.getByRole("link", { name: "Utenti" })).toHaveAttribute("aria-current", "page");
  const me = page.getByRole("article", { name: "admin" });
  await expect(me.getByText("Amministratore")).toBeVisible();
  // One's own account cannot be deleted or have its password reset from here.
  await expect(me.getByRole("button", { name: /^Elimina/ })).toHaveCount(0);
  await expectAccessible(page);

  // Invite: the user name is suggested from the name.
  await page.getByRole("button", { name: "Invita utente" }).first().click();
  const invite = page.getByRole("dialog", { name: "Invita utente" });
  await invite.getByLabel("Nome e cognome").fill("Sara Conti");
  await expect(invite.getByLabel("Nome utente")).toHaveValue("sara.conti");
  await invite.getByLabel("E-mail").fill("non-una-mail");
  await invite.getByRole("button", { name: "Invia invito" }).click();
  await expect(invite.getByText("Indirizzo e-mail non valido")).toBeVisible();
  await invite.getByLabel("E-mail").fill(email);
  await invite.getByLabel("Nome utente").fill(username);
  await invite.getByLabel("Ruolo").selectOption("tecnico");
  await expectAccessible(page);
  await invite.getByRole("button", { name: "Invia invito" }).click();
  const linkDialog = page.getByRole("dialog", { name: /Link di accesso per Sara Conti/ });
  await expect(linkDialog.getByText(`Inviato per e-mail a ${email}.`)).toBeVisible();
  await expectAccessible(page);
  await linkDialog.getByRole("button", { name: "Fatto" }).click();
  const card = page.getByRole("article", { name: "Sara Conti" });
  await expect(card.getByText("Invito in attesa")).toBeVisible();
  await expect(card.getByText("Tecnico")).toBeVisible();
  await snap(page, "users-list");

  // The invitation is in Posta in uscita with its link redacted (docs/domain/roles.md): the administrator
  // sees that it exists, the link reaches only the recipient.
  await page.goto("/admin/outbox");
  const row = page.getByRole("row").filter({ hasText: email });
  await row.getByRole("button", { name: /^Invito al gestionale di / }).click();
  const message = page.getByRole("dialog");
  await expect(message.getByText("Nome utente: " + username)).toBeVisible();
  await expect(message.getByText("[link riservato al destinatario]")).toBeVisible();
  expect((await message.textContent()) ?? "").not.toMatch(/activate\?token=/);
  await page.keyboard.press("Escape");
  const received = receivedMail(email, /^Subject: Invito al gestionale di /);
  const url = /https?:\/\/\S+\/portal\/activate\?token=[\w%-]+/.exec(received)?.[0];
  expect(url).toBeTruthy();

  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const invitee = await context.newPage();
  await invitee.goto(url!);
  await expect(invitee.getByText(username, { exact: true })).toBeVisible();
  await invitee.getByLabel("Nuova password").fill(PASSWORD);
  await invitee.getByLabel("Conferma password").fill(PASSWORD);
  await expectAccessible(invitee);
  await invitee.getByRole("button", { name: "Imposta password" }).click();
  await expect(invitee.getByText("Password impostata")).toBeVisible();
  await invitee.getByRole("link", { name: "Accedi al gestionale" }).click();
  await invitee.getByLabel("Nome utente").fill(username);
  await invitee.getByLabel("Password").fill(PASSWORD);
  await invitee.getByRole("button", { name: "Accedi" }).click();
  await expect(invitee).toHaveURL(/\/admin/);
  expect((await (await invitee.request.get("/api/auth/me")).json()).role).toBe("tecnico");
  // The link worked once.
  const again = await context.newPage();
  await again.goto(url!);
  await expect(again.getByText("Link non valido o scaduto")).toBeVisible();

  // The admin makes her office staff, then disables her: her session ends at once.
  await page.goto("/admin/settings/users");
  await expect(card.getByText("Attivo", { exact: true })).toBeVisible();
  await card.getByRole("button", { name: "Modifica Sara Conti" }).click();
  const edit = page.getByRole("dialog", { name: "Modifica utente" });
  await edit.getByLabel("Ruolo").selectOption("ufficio");
  await edit.getByLabel("Colore nel calendario").selectOption({ label: "Verde" });
  await expectAccessible(page);
  await edit.getByRole("button", { name: "Salva modifiche" }).click();
  await expect(edit).toBeHidden();
  await expect(card.getByText("Ufficio")).toBeVisible();
  expect((await (await invitee.request.get("/api/auth/me")).json()).role).toBe("ufficio");

  await card.getByRole("button", { name: "Modifica Sara Conti" }).click();
  await edit.getByLabel("Utente disattivato").check();
  await edit.getByRole("button", { name: "Salva modifiche" }).click();
  await expect(card.getByText("Disattivato")).toBeVisible();
  expect((await invitee.request.get("/api/auth/me")).status()).toBe(401);

  // Reset password needs an active account; delete asks first.
  await card.getByRole("button", { name: "Elimina Sara Conti" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm.getByText(/Sei sicuro di voler eliminare l'utente "Sara Conti/)).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole("button", { name: "Elimina" }).click();
  await expect(card).toHaveCount(0);
  await context.close();
});

test("a technician who lost his phone: the admin resets his two-factor sign-in", async ({
  adminPage: page,
  playwright,
  baseURL,
}, info) => {
  const username = `perso.${info.project.name.replace(/\W/g, "")}.${Date.now() % 100000}`;
  const password = "Camino-Verde-Lampione-77";
  const created = await page.request.post("/api/users", {
    data: { username, name: `Telefono Perso ${Date.now() % 100000}`, role: "tecnico", password, sendEmail: false },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { name } = (await created.json()) as { name: string };

  // He enrols an authenticator app from his own session.
  const his = await playwright.request.newContext({ baseURL });
  expect((await his.post("/api/auth/login", { data: { username, password } })).status()).toBe(200);
  const setup = await his.post("/api/auth/totp/setup", { data: { password } });
  const { secret } = (await setup.json()) as { secret: string };
  expect((await his.post("/api/auth/totp/enable", { data: { code: await generate({ secret }) } })).status()).toBe(200);
  await his.dispose();

  await page.goto(`/admin/settings/users?q=${username}`);
  const card = page.getByRole("article", { name });
  await expect(card.getByText("Attiva", { exact: true })).toBeVisible();
  await card.getByRole("button", { name: `Azzera la verifica in due passaggi di ${name}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Azzerare la verifica in due passaggi?" });
  await expect(confirm).toContainText("ha perso il telefono");
  await expectAccessible(page);
  await confirm.getByRole("button", { name: "Azzera verifica" }).click();
  await expect(card.getByText("Non attiva", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: /Azzera la verifica/ })).toHaveCount(0);

  // The password alone signs him in again.
  const after = await playwright.request.newContext({ baseURL });
  const login = await after.post("/api/auth/login", { data: { username, password } });
  expect(await login.json()).not.toHaveProperty("twoFactorRequired", true);
  expect((await after.get("/api/auth/me")).status()).toBe(200);
  await after.dispose();
});

test("users screen at 390 px: list, invite and reset dialogs @phone", async ({ adminPage: page }, info) => {
  // Desktop and phone runs share one database: each makes its own person.
  const name = `Marta Gallo ${info.project.name === "phone" ? "Telefono" : "Desktop"}`;
  await page.goto("/admin/settings/users");
  await expect(page.getByRole("heading", { name: "Impostazioni" })).toBeVisible();
  await page.getByRole("button", { name: "Invita utente" }).first().click();
  const invite = page.getByRole("dialog", { name: "Invita utente" });
  await invite.getByLabel("Nome e cognome").fill(name);
  await invite.getByLabel("E-mail").fill("marta.gallo@example.it");
  await invite.getByLabel("Nome utente").fill(`marta.gallo.${info.project.name}`);
  await snap(page, "users-invite");
  await invite.getByRole("button", { name: "Invia invito" }).click();
  await page
    .getByRole("dialog", { name: /Link di accesso/ })
    .getByRole("button", { name: "Fatto" })
    .click();
  const card = page.getByRole("article", { name });
  await card.getByRole("button", { name: `Reimposta password di ${name}` }).click();
  const reset = page.getByRole("dialog", { name: "Reimposta password" });
  await reset.getByLabel("Imposto io la password e gliela comunico").check();
  await reset.getByLabel("Nuova password").fill("corta");
  await reset.getByRole("button", { name: "Reimposta" }).click();
  await expect(reset.getByText(/Password: almeno 12 caratteri/)).toBeVisible();
  await expectAccessible(page);
  await snap(page, "users-reset");
  await reset.getByLabel("Nuova password").fill(PASSWORD);
  await reset.getByRole("button", { name: "Reimposta" }).click();
  await expect(reset).toBeHidden();
  await expect(card.getByText("Attivo", { exact: true })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expectAccessible(page);
  await snap(page, "users-list-after");
});
