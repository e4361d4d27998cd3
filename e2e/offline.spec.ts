import type { APIRequestContext, BrowserContext, Page, Route } from "@playwright/test";
import { request as playwrightRequest } from "@playwright/test";
import { todayIso } from "../src/domain/dates";
import { FIELD_CACHE, FIELD_MARKER, isFieldRead } from "../src/web/lib/offline/field-reads";
import { E2E_ADMIN, E2E_TECNICO } from "../playwright.config";
import { expect, expectAccessible, loginAs, snap, test } from "./support";

// Issue 31 (docs/domain/sites.md): the technician's day on a 390 px phone without
// signal, served by the service worker of the built app, with the writes waiting in IndexedDB.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: "allow" });

/**
 * No signal. setOffline cuts the page's requests; a service worker's own fetches are cut by the
 * route below as well, so nothing the worker serves can come from the network in secret.
 */
const cutWorker = (route: Route) =>
  route.request().serviceWorker() ? route.abort("internetdisconnected") : route.fallback();
async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
  await context.route("**/*", cutWorker);
}
async function goOnline(context: BrowserContext) {
  await context.unroute("**/*", cutWorker);
  await context.setOffline(false);
}

/** The office, signed in through its own API context (another person, another phone). */
async function office(baseURL: string) {
  const api = await playwrightRequest.newContext({ baseURL });
  const res = await api.post("/api/auth/login", { data: E2E_ADMIN });
  expect(res.status()).toBe(200);
  return api;
}

async function json<T>(
  api: APIRequestContext,
  method: "get" | "post" | "put",
  url: string,
  data?: unknown,
): Promise<T> {
  const res = await api[method](url, data === undefined ? undefined : { data: data as object });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

type Survey = { id: string; version: number; notes: string | null; issuesFound: string | null; clientId: string };

/** A survey today and an active site, both assigned to the e2e technician. */
async function seed(api: APIRequestContext, tag: string) {
  const tech = (await json<{ id: string; username: string }[]>(api, "get", "/api/team")).find(
    (u) => u.username === E2E_TECNICO.username,
  )!;
  const client = await json<{ id: string; name: string }>(api, "post", "/api/clients", {
    name: `Famiglia Tegola ${tag}`,
    type: "privato",
    address: "Via Volta 21",
    email: `tegola.${Date.now()}@example.it`,
  });
  const survey = await json<Survey>(api, "post", "/api/surveys", {
    clientId: client.id,
    date: todayIso(),
    time: "09:00",
    address: "Via dei Coppi 4, Monza",
    description: "Infiltrazione sotto il colmo",
    assignedUserId: tech.id,
  });
  const estimate = await json<{ id: string }>(api, "post", "/api/estimates", {
    clientId: client.id,
    title: `Tetto ${tag}`,
    description: "Rifacimento del manto di copertura",
    items: [{ description: "Rifacimento manto", quantity: "10", unitPrice: "50", unit: "mq" }],
  });
  const sent = await json<{ version: number }>(api, "post", `/api/estimates/${estimate.id}/send`, {});
  await json(api, "post", `/api/estimates/${estimate.id}/accept`, { signedBy: "Anna Tegola", version: sent.version });
  const site = await json<{ id: string; name: string; version: number }>(api, "post", "/api/construction-sites", {
    estimateId: estimate.id,
    name: `Cantiere Tegola ${tag}`,
    address: "Via Glicine 7, Lecco",
    status: "in_corso",
    progress: 30,
    assignedUserId: tech.id,
    // Its safety papers are not the subject here: the office opens it with a reason (docs/domain/sites.md).
    force: true,
    reason: "Documenti in arrivo",
  });
  return { survey, site, clientName: client.name, tech };
}

/** The technician signs in, the worker takes the page, and the day is read once through it. */
async function openDayWithWorker(page: Page, surveyId: string) {
  await loginAs(page, "admin", E2E_TECNICO);
  await expect(page).toHaveURL(/\/admin\/oggi$/);
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await page.reload();
  await expect(page.getByRole("heading", { name: "La mia giornata", level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // The day, who he is, and today's survey (read ahead for the roof) are in the worker's cache.
  await expect
    .poll(async () => (await cachedUrls(page)).map((u) => new URL(u).pathname).sort())
    .toEqual(expect.arrayContaining(["/api/auth/me", "/api/my-day", `/api/surveys/${surveyId}`]));
}

const cachedUrls = (page: Page) =>
  page.evaluate(
    async (name) => ((await caches.has(name)) ? (await (await caches.open(name)).keys()).map((r) => r.url) : []),
    FIELD_CACHE,
  );

/** A camera-sized photo (2400 × 1800) drawn in the browser: the phone must shrink it. */
async function cameraPhoto(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const c = document.createElement("canvas");
    c.width = 2400;
    c.height = 1800;
    const g = c.getContext("2d")!;
    g.fillStyle = "#a0522d";
    g.fillRect(0, 0, 2400, 1800);
    g.fillStyle = "#1e4e79";
    g.fillRect(300, 300, 1200, 600);
    return c.toDataURL("image/png");
  });
  return Buffer.from(dataUrl.split(",")[1]!, "base64");
}

/** How many writes the queue's IndexedDB store holds, whoever they belong to. */
const queuedWrites = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open("colmo-offline");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction("writes").objectStore("writes").count();
          req.onsuccess = () => (resolve(req.result), open.result.close());
        };
      }),
  );

const pendingHeading = (page: Page) =>
  page.getByRole("heading", { name: /modific(a|he) da inviare|Tutte le modifiche/ });

test("the manifest and the service worker make an installable app", async ({ page, context, baseURL }) => {
  await page.goto("/login");
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(manifestHref).toBe("/manifest.webmanifest");
  const res = await page.request.get(manifestHref!);
  expect(res.headers()["content-type"]).toMatch(/manifest\+json|json/);
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: "Colmo",
    short_name: "Colmo",
    start_url: "/admin/oggi",
    display: "standalone",
    theme_color: "#1e4e79",
  });
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#1e4e79");
  for (const size of [192, 512])
    expect(manifest.icons.some((i) => i.sizes === `${size}x${size}` && i.type === "image/png")).toBe(true);
  expect(manifest.icons.some((i) => i.purpose === "maskable")).toBe(true);
  // Every icon is served, is a PNG, and has the size it claims.
  for (const icon of manifest.icons) {
    const png = await page.request.get(icon.src);
    expect(png.status(), icon.src).toBe(200);
    const bytes = await png.body();
    expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(icon.sizes);
  }
  // The worker is registered, active, and controls the page after a reload.
  const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(scriptUrl).toBe(`${baseURL}/sw.js`);
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${baseURL}/sw.js`);
  // A new deployment is found: the worker script is always revalidated.
  const sw = await page.request.get("/sw.js");
  expect(sw.headers()["cache-control"]).toBe("no-cache");
  expect(sw.headers()["content-type"]).toMatch(/javascript/);
  // What Chromium itself says about installing it (the check behind Lighthouse's "installable").
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
    installabilityErrors: { errorId: string }[];
  };
  // Playwright's contexts are incognito profiles, where Chromium never offers installation: that
  // one reason is about the test browser, any other would be about the app.
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== "in-incognito")).toEqual([]);
  // An office user's answers are never cached: no marker, no field cache.
  await loginAs(page, "admin");
  await page.goto("/admin/surveys");
  await expect(page.getByRole("heading", { name: "Sopralluoghi", level: 1 })).toBeVisible();
  expect(
    await page.evaluate(([a, b]) => Promise.all([caches.has(a!), caches.has(b!)]), [FIELD_CACHE, FIELD_MARKER]),
  ).toEqual([false, false]);
});

test("offline: results, note, progress and photo wait on the phone, survive a reload, and reach the server once", async ({
  page,
  context,
  baseURL,
}) => {
  const api = await office(baseURL!);
  const tag = `Off ${Date.now() % 100000}`;
  const { survey, site, clientName } = await seed(api, tag);
  const subject = `sopralluogo ${clientName} delle 09:00`;
  await openDayWithWorker(page, survey.id);
  const photo = await cameraPhoto(page);

  await goOffline(context);
  // Proof that the page has no network, and the worker has none either (an uncached read fails).
  expect(
    await page.evaluate(() =>
      fetch("/api/health").then(
        (r) => r.status,
        () => "offline",
      ),
    ),
  ).toBe("offline");
  expect(
    await page.evaluate(() =>
      fetch("/api/surveys/00000000-0000-4000-8000-000000000000").then(
        (r) => r.status,
        () => "offline",
      ),
    ),
  ).toBe("offline");

  const card = page.getByRole("list", { name: "Oggi" }).getByRole("listitem").filter({ hasText: clientName });
  // Esito: the survey's results.
  await card.getByRole("button", { name: `Esito per ${subject}` }).click();
  const results = page.getByRole("dialog", { name: "Esito del sopralluogo" });
  await results.getByLabel("Problemi riscontrati").fill("Coppi rotti sul lato nord");
  await results.getByLabel("Misurazioni").fill("Falda 8 × 5 m");
  await expectAccessible(page);
  await results.getByRole("button", { name: "Salva esito" }).click();
  await expect(results).toBeHidden();
  await expect(page.getByText("Salvata sul telefono").first()).toBeVisible();
  // A note.
  await card.getByRole("button", { name: `Nota per ${subject}` }).click();
  const note = page.getByRole("dialog", { name: "Nuova nota" });
  await note.getByLabel("Nota").fill("Scossalina da rifare");
  await note.getByRole("button", { name: "Aggiungi nota" }).click();
  await expect(note).toBeHidden();
  // Progress of the site.
  const siteCard = page
    .getByRole("list", { name: "Cantieri attivi" })
    .getByRole("listitem")
    .filter({ hasText: site.name });
  await siteCard.getByRole("button", { name: "Aumenta avanzamento di 5%" }).click();
  await siteCard.getByRole("button", { name: "Salva avanzamento (35%)" }).click();
  await expect(siteCard.getByText("Avanzamento 35% in attesa di invio")).toBeVisible();
  // A camera photo.
  await card
    .getByLabel(`Foto per ${subject}`)
    .setInputFiles({ name: "tetto.png", mimeType: "image/png", buffer: photo });
  await expect(pendingHeading(page)).toHaveText("4 modifiche da inviare");
  await expect(page.getByText("Senza rete")).toBeVisible();

  // Reload without signal: the shell comes from the worker, the queue from IndexedDB.
  await page.reload();
  await expect(page.getByRole("heading", { name: "La mia giornata", level: 1 })).toBeVisible();
  await expect(pendingHeading(page)).toHaveText("4 modifiche da inviare");
  await page.getByRole("button", { name: "Dettagli" }).click();
  const list = page.getByRole("list", { name: "Modifiche sul telefono" });
  await expect(list.getByRole("listitem")).toHaveCount(4);
  await expect(list.getByText("In attesa", { exact: true })).toHaveCount(4);
  await expect(list.getByText(`Esito — ${subject}`)).toBeVisible();
  await expect(list.getByText(`Foto tetto.jpg — ${subject}`)).toBeVisible();
  await expectAccessible(page);
  await snap(page, "offline-queue");

  // Leaving without signal is refused: the server could not end the session, and nothing is lost.
  await page.getByRole("button", { name: "Esci" }).click();
  await page
    .getByRole("alertdialog", { name: "Modifiche non inviate" })
    .getByRole("button", { name: "Esci e cancella" })
    .click();
  await expect(page.getByText(/Senza rete non puoi uscire/)).toBeVisible();
  await expect(pendingHeading(page)).toHaveText("4 modifiche da inviare");
  expect(await queuedWrites(page)).toBe(4);

  // Signal back: everything goes, in order, once.
  await goOnline(context);
  await expect(pendingHeading(page)).toHaveText("Tutte le modifiche sono state inviate");
  await expect(list.getByText("Inviata", { exact: true })).toHaveCount(4);
  await snap(page, "offline-queue-sent");
  await page.setViewportSize({ width: 1366, height: 900 });
  await expectAccessible(page);
  await snap(page, "offline-queue-sent-1366");
  await page.setViewportSize({ width: 390, height: 844 });
  const stored = await json<Survey & { measurements: string }>(api, "get", `/api/surveys/${survey.id}`);
  expect(stored.issuesFound).toBe("Coppi rotti sul lato nord");
  expect(stored.measurements).toBe("Falda 8 × 5 m");
  expect(stored.notes!.match(/Scossalina da rifare/g)).toHaveLength(1);
  // The results were made on the version before the note; the note was the technician's own, so no conflict.
  expect(stored.version).toBe(survey.version + 2);
  const storedSite = await json<{ progress: number; version: number }>(
    api,
    "get",
    `/api/construction-sites/${site.id}`,
  );
  expect(storedSite).toMatchObject({ progress: 35, version: site.version + 1 });
  const files = await json<{ fileName: string; mimeType: string; size: number }[]>(
    api,
    "get",
    `/api/attachments?entityType=survey&entityId=${survey.id}`,
  );
  expect(files).toHaveLength(1);
  expect(files[0]).toMatchObject({ fileName: "tetto.jpg", mimeType: "image/jpeg" });
  expect(files[0]!.size).toBeLessThan(photo.length);
  // A second run sends nothing again.
  await page.getByRole("button", { name: "Nascondi" }).click();
  await page.reload();
  await expect(page.getByRole("heading", { name: "La mia giornata", level: 1 })).toBeVisible();
  expect((await json<Survey>(api, "get", `/api/surveys/${survey.id}`)).version).toBe(survey.version + 2);
  expect(await json<unknown[]>(api, "get", `/api/attachments?entityType=survey&entityId=${survey.id}`)).toHaveLength(1);
  // What the worker keeps: only the technician's reads, none of them with money.
  const urls = await cachedUrls(page);
  expect(urls.length).toBeGreaterThan(0);
  for (const u of urls) expect(isFieldRead(new URL(u).pathname, new URL(u).search), u).toBe(true);
  await api.dispose();
});

test("a conflict with the office shows both versions and lets the technician choose; logout empties the phone", async ({
  page,
  context,
  baseURL,
}) => {
  const api = await office(baseURL!);
  const tag = `Conf ${Date.now() % 100000}`;
  const { survey, clientName } = await seed(api, tag);
  const subject = `sopralluogo ${clientName} delle 09:00`;
  await openDayWithWorker(page, survey.id);

  await goOffline(context);
  const card = page.getByRole("list", { name: "Oggi" }).getByRole("listitem").filter({ hasText: clientName });
  await card.getByRole("button", { name: `Esito per ${subject}` }).click();
  const results = page.getByRole("dialog", { name: "Esito del sopralluogo" });
  await results.getByLabel("Problemi riscontrati").fill("Coppi rotti sul lato nord");
  await results.getByRole("button", { name: "Salva esito" }).click();
  await expect(pendingHeading(page)).toHaveText("1 modifica da inviare");

  // Meanwhile the office edits the same survey.
  const current = await json<Survey & Record<string, unknown>>(api, "get", `/api/surveys/${survey.id}`);
  const officeBody = Object.fromEntries(
    Object.entries(current)
      .filter(
        ([k]) =>
          !["id", "createdAt", "updatedAt", "client", "contact", "clientName", "assignedUser", "estimates"].includes(k),
      )
      .map(([k, v]) => [k, v ?? ""]),
  );
  await json(api, "put", `/api/surveys/${survey.id}`, { ...officeBody, issuesFound: "Grondaia da sostituire" });

  await goOnline(context);
  const list = page.getByRole("list", { name: "Modifiche sul telefono" });
  await expect(list.getByText("Conflitto", { exact: true })).toBeVisible();
  await expect(pendingHeading(page)).toHaveText("1 modifica da inviare");
  // Nothing was overwritten: the office's text is on the server.
  expect((await json<Survey>(api, "get", `/api/surveys/${survey.id}`)).issuesFound).toBe("Grondaia da sostituire");
  await list.getByRole("button", { name: `Confronta le versioni: Esito — ${subject}` }).click();
  const dialog = page.getByRole("dialog", { name: "Conflitto con l'ufficio" });
  const row = dialog.getByRole("row", { name: /Problemi riscontrati/ });
  await expect(row.getByRole("cell").nth(0)).toHaveText("Coppi rotti sul lato nord");
  await expect(row.getByRole("cell").nth(1)).toHaveText("Grondaia da sostituire");
  await expectAccessible(page);
  await snap(page, "offline-conflict");
  await dialog.getByRole("button", { name: "Tieni la mia" }).click();
  await expect(pendingHeading(page)).toHaveText("Tutte le modifiche sono state inviate");
  const kept = await json<Survey>(api, "get", `/api/surveys/${survey.id}`);
  expect(kept.issuesFound).toBe("Coppi rotti sul lato nord");
  expect(kept.version).toBe(current.version + 2);

  // A write the server cannot take now (503) waits: leaving warns that it would be lost.
  await page.route("**/api/surveys/*/notes", (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      body: '{"message":"Database temporaneamente non disponibile. Riprova tra poco."}',
    }),
  );
  await card.getByRole("button", { name: `Nota per ${subject}` }).click();
  const note = page.getByRole("dialog", { name: "Nuova nota" });
  await note.getByLabel("Nota").fill("Da non perdere");
  await note.getByRole("button", { name: "Aggiungi nota" }).click();
  await expect(pendingHeading(page)).toHaveText("1 modifica da inviare");
  expect(await queuedWrites(page)).toBe(2);
  await page.getByRole("button", { name: "Esci" }).click();
  const warn = page.getByRole("alertdialog", { name: "Modifiche non inviate" });
  await expect(warn).toContainText("1 modifica da inviare");
  await expectAccessible(page);
  await warn.getByRole("button", { name: "Esci e cancella" }).click();
  await expect(page).toHaveURL(/\/$|\/login/);
  // Nothing of his is left: no cached answer, no queued write; only the app's own code remains.
  const left = await page.evaluate(async () => {
    const names = await caches.keys();
    const apiEntries: string[] = [];
    for (const n of names)
      for (const r of await (await caches.open(n)).keys())
        if (new URL(r.url).pathname.startsWith("/api/")) apiEntries.push(r.url);
    return { names, apiEntries };
  });
  expect(await queuedWrites(page)).toBe(0);
  expect(left.apiEntries).toEqual([]);
  expect(left.names.every((n) => n.startsWith("workbox-precache"))).toBe(true);
  expect((await page.request.get("/api/auth/me")).status()).toBe(401);
  await api.dispose();
});
