import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { E2E_ADMIN } from "../playwright.config";
import { completeCompanyFiscalData } from "./billing-support";
import { expect, test } from "./support";

// Every admin and portal screen fits a 390 px phone and a 1366 px laptop: the page never
// scrolls sideways, and the actions at the end of a table's rows are on screen (a table may
// scroll inside its card, its last column stays in view). The data is made to hurt: long
// names, an e-mail address without spaces, long notes, long line descriptions.

async function post<T>(request: APIRequestContext, url: string, data: object): Promise<T> {
  const res = await request.post(url, { data });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const LONG_WORD = "Impermeabilizzazioneconguainaardesiataedoppiostratotermosaldato";
const LONG_NOTES =
  "Accesso dal cortile interno, chiave presso il portiere dalle 8 alle 12. " +
  `${LONG_WORD} ${LONG_WORD}. Attenzione ai pannelli solari sul lato sud e alla linea vita esistente. `.repeat(3);

type Ids = Record<string, string>;

/** One of each record, through the API; returns their ids and the portal user's credentials. */
async function seed(api: APIRequestContext, tag: string) {
  const stamp = Date.now().toString(36);
  const client = await post<{ id: string }>(api, "/api/clients", {
    // The longest name FatturaPA takes (80 characters), on purpose.
    name: `Condominio Residenza Panoramica dei Colli Brianzoli ${tag} ${stamp} Amministrazione`.slice(0, 80),
    type: "condominio",
    address: "Via Giuseppe Garibaldi Eroe dei Due Mondi 144/B scala C int 12",
    city: "Monza",
    province: "MB",
    zipCode: "20900",
    // A condominium's numeric codice fiscale: issuing the invoice validates its FatturaPA.
    fiscalCode: "46917440383",
    email: `amministrazione.condominio.residenza.panoramica.${stamp}@studiobrambillaamministrazioni.example.it`,
    phone: "+39 039 1234567",
    notes: LONG_NOTES,
  });
  const contact = await post<{ id: string }>(api, "/api/contacts", {
    clientId: client.id,
    name: `Geometra Massimiliano Bartolomeo Castiglioni ${tag}`,
    role: "Amministratore di condominio e referente tecnico",
    email: `massimiliano.bartolomeo.castiglioni.${stamp}@studiobrambillaamministrazioni.example.it`,
    phone: "+39 333 1234567",
    notes: LONG_NOTES,
  });
  const survey = await post<{ id: string }>(api, "/api/surveys", {
    clientId: client.id,
    contactId: contact.id,
    date: isoDay(3),
    time: "09:30",
    address: "Via Giuseppe Garibaldi Eroe dei Due Mondi 144/B, Monza",
    description: LONG_NOTES,
    notes: LONG_NOTES,
  });
  const estimate = (title: string) =>
    post<{ id: string; version?: number }>(api, "/api/estimates", {
      clientId: client.id,
      title,
      description: LONG_NOTES,
      notes: LONG_NOTES,
      items: [
        {
          description: `Rimozione del manto esistente ${LONG_WORD}`,
          quantity: "1250.5",
          unitPrice: "18.50",
          unit: "mq",
        },
        {
          description: "Posa tegole portoghesi con listellatura ventilata",
          quantity: "1250.5",
          unitPrice: "42.00",
          unit: "mq",
        },
      ],
    });
  const draft = await estimate(`Rifacimento completo della copertura condominiale ${tag} ${LONG_WORD}`);
  const accepted = await estimate(`Rifacimento tetto e lattonerie ${tag}`);
  await post(api, `/api/estimates/${accepted.id}/send`, {});
  const sent = (await (await api.get(`/api/estimates/${accepted.id}`)).json()) as { version: number };
  const acceptance = await post<{ contract: { id: string } }>(api, `/api/estimates/${accepted.id}/accept`, {
    signedBy: "Geometra Massimiliano Bartolomeo Castiglioni",
    version: sent.version,
  });
  await post(api, `/api/contracts/${acceptance.contract.id}/sign`, { signedDate: isoDay(0) });
  const invoice = await post<{ id: string }>(api, "/api/invoices", {
    contractId: acceptance.contract.id,
    kind: "acconto",
    percent: "30",
  });
  await completeCompanyFiscalData(api);
  await post(api, `/api/invoices/${invoice.id}/send`, {});
  const site = await post<{ id: string }>(api, "/api/construction-sites", {
    estimateId: accepted.id,
    name: `Cantiere Residenza Panoramica dei Colli Brianzoli ${tag} ${LONG_WORD}`,
    address: "Via Giuseppe Garibaldi Eroe dei Due Mondi 144/B scala C, 20900 Monza (MB)",
    status: "in_corso",
    // Opened before its safety papers are on file (the compliance guard asks for a reason).
    force: true,
    reason: "Documenti in arrivo",
    progress: 40,
    startDate: isoDay(-10),
    estimatedEndDate: isoDay(20),
    notes: LONG_NOTES,
  });
  const supplier = await post<{ id: string }>(api, "/api/suppliers", {
    name: `Forniture Edili Coperture e Lattonerie della Brianza Orientale ${tag} S.r.l.`,
    city: "Vimercate",
    email: `ordini.forniture.coperture.${stamp}@fornitureedilibrianzaorientale.example.it`,
    notes: LONG_NOTES,
  });
  const order = await post<{ id: string }>(api, "/api/orders", {
    supplierId: supplier.id,
    constructionSiteId: site.id,
    title: `Materiali per la copertura ${tag} ${LONG_WORD}`,
    orderDate: isoDay(0),
    notes: LONG_NOTES,
    items: [{ description: `Tegole portoghesi ${LONG_WORD}`, quantity: "1250", unit: "pz", unitPrice: "1.35" }],
  });
  const username = `panoramica.${tag.toLowerCase()}.${stamp}`;
  const password = "Tegole-Portoghesi-Brianza-2026";
  await post(api, `/api/clients/${client.id}/portal-access`, { username, password });
  const ids: Ids = {
    client: client.id,
    contact: contact.id,
    survey: survey.id,
    draft: draft.id,
    accepted: accepted.id,
    contract: acceptance.contract.id,
    invoice: invoice.id,
    site: site.id,
    supplier: supplier.id,
    order: order.id,
  };
  return { ids, portal: { username, password } };
}

function adminRoutes(ids: Ids) {
  return [
    "/admin",
    "/admin/clients",
    `/admin/clients/${ids.client}`,
    "/admin/contacts",
    `/admin/contacts/${ids.contact}`,
    "/admin/surveys",
    "/admin/surveys?view=calendar",
    `/admin/surveys/${ids.survey}`,
    "/admin/quotes",
    `/admin/quotes/${ids.draft}`,
    `/admin/quotes/${ids.accepted}`,
    "/admin/services",
    "/admin/sites",
    `/admin/sites/${ids.site}`,
    "/admin/contracts",
    `/admin/contracts/${ids.contract}`,
    "/admin/invoices",
    `/admin/invoices/${ids.invoice}`,
    "/admin/suppliers",
    "/admin/suppliers/new",
    `/admin/suppliers/${ids.supplier}`,
    `/admin/suppliers/${ids.supplier}/edit`,
    "/admin/orders",
    "/admin/orders/new",
    `/admin/orders/${ids.order}`,
    `/admin/orders/${ids.order}/edit`,
    "/admin/settings",
    "/admin/outbox",
    "/admin/profilo",
    "/admin/pagina-che-non-esiste",
  ];
}

function portalRoutes(ids: Ids) {
  return [
    "/client",
    `/client/projects/${ids.site}`,
    `/client/estimates/${ids.accepted}`,
    "/client/surveys/request",
    "/client/invoices",
    `/client/invoices/${ids.invoice}`,
    "/client/profilo",
  ];
}

/** What does not fit: the page's extra width and the row actions that are off screen. */
async function measure(page: Page) {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const overflow = document.documentElement.scrollWidth - viewport;
    const hiddenActions: string[] = [];
    for (const table of document.querySelectorAll("table")) {
      const box = table.parentElement!.getBoundingClientRect();
      for (const row of table.querySelectorAll("tbody tr")) {
        for (const action of row.lastElementChild?.querySelectorAll("a, button") ?? []) {
          const r = action.getBoundingClientRect();
          if (r.width === 0 && r.height === 0) continue; // hidden on purpose at this width
          if (r.left < Math.max(0, box.left) - 1 || r.right > Math.min(viewport, box.right) + 1) {
            hiddenActions.push(action.getAttribute("aria-label") || action.textContent?.trim() || action.tagName);
          }
        }
      }
    }
    // The widest offenders, to say where the cause is.
    const tooWide = (e: Element) =>
      e.getBoundingClientRect().right > viewport + 1 && getComputedStyle(e).position !== "fixed";
    const wide = [...document.querySelectorAll("body *")]
      .filter((e) => !(e instanceof SVGElement) && tooWide(e) && !(e.parentElement && tooWide(e.parentElement)))
      .slice(0, 3)
      .map((e) => `${e.tagName.toLowerCase()}.${String(e.getAttribute("class") ?? "").slice(0, 60)}`);
    return { overflow, hiddenActions: hiddenActions.slice(0, 5), wide };
  });
}

async function checkRoutes(
  browser: Browser,
  width: number,
  login: { username: string; password: string },
  routes: string[],
) {
  const phone = width < 600;
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: "it-IT",
    timezoneId: "Europe/Rome",
    viewport: { width, height: phone ? 844 : 768 },
    isMobile: phone,
    hasTouch: phone,
  });
  const res = await context.request.post("/api/auth/login", { data: login });
  expect(res.status()).toBe(200);
  const page = await context.newPage();
  const problems: string[] = [];
  for (const route of routes) {
    await page.goto(route);
    await expect(page.locator("main h1, h1").first()).toBeVisible();
    // Lists and details load after the frame: wait until nothing is loading any more.
    await page.waitForLoadState("networkidle");
    await expect(page.locator('[aria-busy="true"], [role="status"] svg.animate-spin')).toHaveCount(0);
    const { overflow, hiddenActions, wide } = await measure(page);
    if (overflow > 0) problems.push(`${width}px ${route}: ${overflow} px wider than the screen (${wide.join(" › ")})`);
    if (hiddenActions.length) problems.push(`${width}px ${route}: row actions off screen: ${hiddenActions.join(", ")}`);
  }
  await context.close();
  return problems;
}

test("every admin and portal screen fits 390 px and 1366 px", async ({ page, browser }) => {
  test.setTimeout(300_000);
  // Not "Tel"/"Desk": the other specs search their own records by those tags.
  const tag = "Impaginazione";
  const login = await page.request.post("/api/auth/login", { data: E2E_ADMIN });
  expect(login.status()).toBe(200);
  const { ids, portal } = await seed(page.request, tag);

  const problems: string[] = [];
  for (const width of [390, 1366]) {
    problems.push(...(await checkRoutes(browser, width, E2E_ADMIN, adminRoutes(ids))));
    problems.push(...(await checkRoutes(browser, width, portal, portalRoutes(ids))));
  }
  expect(problems).toEqual([]);
});
