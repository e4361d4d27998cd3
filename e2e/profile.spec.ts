import { generate } from "otplib";
import { E2E_ADMIN } from "../playwright.config";
import { expect, expectAccessible, loginAs, snap, test } from "./support";

// "Il mio profilo" (issue 19): name and e-mail, password, devices, and two-factor sign-in with an
// authenticator app — the code is computed here from the key the page shows, as the phone would.
// The run's admin is used and left as found (name cleared, two-factor off, same password): the
// other specs log in with it.

/** A code of the step `offset` steps from now. The enrolment spends the current step, and a
 * spent step is refused (replay), so the login uses the next one (accepted: one step of drift). */
const codeAt = (secret: string, offset = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

test("admin changes name and password on the profile and sees this device @phone", async ({ adminPage: page }) => {
  const phone = test.info().project.name === "phone";
  const temporary = phone ? "Colmo-Abbaino-Grigio-83" : "Lamiera-Verde-Onda-64";
  await page.goto("/admin");
  await page.getByRole("link", { name: "Il mio profilo" }).click();
  await expect(page).toHaveURL(/\/admin\/profilo$/);
  await expect(page.getByRole("heading", { name: "Il mio profilo", level: 1 })).toBeVisible();
  await expect(page.getByText("questo dispositivo")).toBeVisible();
  await expect(page.getByText(/^Chrome su (Linux|Windows)/).first()).toBeVisible();
  await expectAccessible(page);
  await snap(page, "profile");

  const personal = page.getByRole("form", { name: "Dati personali" });
  await personal.getByLabel("E-mail").fill("non-una-mail");
  await personal.getByRole("button", { name: "Salva" }).click();
  await expect(personal.getByText("Indirizzo e-mail non valido")).toBeVisible();
  await personal.getByLabel("Nome e cognome").fill("Giulia Ferri");
  await personal.getByLabel("E-mail").fill("giulia.ferri@example.it");
  await personal.getByRole("button", { name: "Salva" }).click();
  await expect(page.getByText("Profilo aggiornato")).toBeVisible();
  await page.reload();
  await expect(personal.getByLabel("Nome e cognome")).toHaveValue("Giulia Ferri");

  const password = page.getByRole("form", { name: "Cambia password" });
  await password.getByLabel("Password attuale").fill(E2E_ADMIN.password);
  await password.getByRole("textbox", { name: "Nuova password", exact: true }).fill(temporary);
  await password.getByLabel("Conferma nuova password").fill(temporary);
  await password.getByRole("button", { name: "Cambia password" }).click();
  await expect(page.getByText("Password cambiata")).toBeVisible();
  // And back, so the rest of the run logs in as before.
  await password.getByLabel("Password attuale").fill(temporary);
  await password.getByRole("textbox", { name: "Nuova password", exact: true }).fill(E2E_ADMIN.password);
  await password.getByLabel("Conferma nuova password").fill(E2E_ADMIN.password);
  await password.getByRole("button", { name: "Cambia password" }).click();
  await expect(page.getByText("Password cambiata").first()).toBeVisible();

  await personal.getByLabel("Nome e cognome").fill("");
  await personal.getByLabel("E-mail").fill("");
  await personal.getByRole("button", { name: "Salva" }).click();
  await expect(page.getByText("Profilo aggiornato").first()).toBeVisible();
});

test("admin enrols two-factor, signs in with a code and with a recovery code, then turns it off @phone", async ({
  adminPage: page,
}) => {
  await page.goto("/admin/profilo");
  const card = page.getByRole("region", { name: "Verifica in due passaggi" });
  let recovery: string[] = [];
  try {
    await card.getByRole("button", { name: "Attiva la verifica in due passaggi" }).click();
    const confirm = page.getByRole("form", { name: "Conferma la password" });
    await confirm.getByLabel("La tua password").fill("sbagliata");
    await confirm.getByRole("button", { name: "Continua" }).click();
    await expect(confirm.getByText("Password non corretta")).toBeVisible();
    await confirm.getByLabel("La tua password").fill(E2E_ADMIN.password);
    await confirm.getByRole("button", { name: "Continua" }).click();

    const qr = page.getByRole("img", { name: /Codice QR da inquadrare/ });
    await expect(qr).toBeVisible();
    const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s+/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const codeForm = page.getByRole("form", { name: "Conferma il codice" });
    const codeInput = codeForm.getByLabel("Codice dell'app di autenticazione");
    await expect(codeInput).toHaveAttribute("inputmode", "numeric");
    await expect(codeInput).toHaveAttribute("autocomplete", "one-time-code");
    await expectAccessible(page);
    await snap(page, "profile-2fa-scan");

    await codeInput.fill("12345");
    await codeForm.getByRole("button", { name: "Attiva" }).click();
    await expect(codeForm.getByText("Codice: inserisci le 6 cifre mostrate dall'app")).toBeVisible();
    await codeInput.fill(await codeAt(secret));
    await codeForm.getByRole("button", { name: "Attiva" }).click();
    await expect(page.getByText("Verifica in due passaggi attivata")).toBeVisible();
    const list = page.getByRole("list", { name: "Codici di recupero" });
    await expect(list.getByRole("listitem")).toHaveCount(10);
    recovery = (await list.getByRole("listitem").allInnerTexts()).map((s) => s.trim());
    await expect(page.getByRole("button", { name: "Copia" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Scarica" })).toBeVisible();
    await expectAccessible(page);
    await snap(page, "profile-2fa-codes");
    await page.getByRole("button", { name: "Ho salvato i codici" }).click();
    await expect(list).toHaveCount(0);
    await expect(page.getByText("10 codici di recupero rimasti")).toBeVisible();

    // Out, and in again: the password, then the code of the app.
    await page.getByRole("button", { name: "Esci", exact: true }).click();
    await page.goto("/login?role=admin");
    await page.getByLabel("Nome utente").fill(E2E_ADMIN.username);
    await page.getByLabel("Password").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Accedi" }).click();
    await expect(page.getByRole("heading", { name: "Verifica in due passaggi", level: 1 })).toBeVisible();
    const step = page.getByRole("form", { name: "Codice di verifica" });
    await expect(step.getByLabel("Codice dell'app di autenticazione")).toBeFocused();
    await step.getByLabel("Codice dell'app di autenticazione").fill("000000");
    await step.getByRole("button", { name: "Verifica" }).click();
    await expect(step.getByText("Codice non valido o già usato")).toBeVisible();
    await expectAccessible(page);
    await snap(page, "login-2fa");
    await step.getByLabel("Codice dell'app di autenticazione").fill(await codeAt(secret, 1));
    await step.getByRole("button", { name: "Verifica" }).click();
    await expect(page).toHaveURL(/\/admin/);
    await expect(page.getByRole("link", { name: "Il mio profilo" })).toBeVisible();

    // Once more with a recovery code.
    await page.getByRole("button", { name: "Esci", exact: true }).click();
    await page.goto("/login?role=admin");
    await page.getByLabel("Nome utente").fill(E2E_ADMIN.username);
    await page.getByLabel("Password").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Accedi" }).click();
    await page.getByRole("button", { name: "Usa un codice di recupero" }).click();
    const rec = page.getByRole("form", { name: "Codice di recupero" });
    await rec.getByLabel("Codice di recupero").fill(recovery[0]!);
    await rec.getByRole("button", { name: "Accedi" }).click();
    await expect(page).toHaveURL(/\/admin/);

    await page.getByRole("link", { name: "Il mio profilo" }).click();
    await expect(page.getByText("9 codici di recupero rimasti")).toBeVisible();
    await expectAccessible(page);
    await snap(page, "profile-2fa-on");
    await page.getByRole("button", { name: "Disattiva" }).click();
    const off = page.getByRole("form", { name: "Disattiva la verifica in due passaggi" });
    // A code is needed, not the password (issue 26): here a recovery code.
    await off.getByLabel("Codice dell'app o codice di recupero").fill(recovery[1]!);
    await off.getByRole("button", { name: "Disattiva" }).click();
    await expect(page.getByText("Verifica in due passaggi disattivata")).toBeVisible();
    await expect(card.getByRole("button", { name: "Attiva la verifica in due passaggi" })).toBeVisible();
  } finally {
    // Whatever failed above, the run's admin must sign in with the password alone afterwards.
    await page.request
      .post("/api/auth/totp/disable", { data: { recoveryCode: recovery[2] ?? "" } })
      .catch(() => undefined);
  }
  await page.getByRole("button", { name: "Esci", exact: true }).click();
  await loginAs(page, "admin");
});
