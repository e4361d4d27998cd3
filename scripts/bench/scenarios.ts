import { DEMO_LOGINS } from "../../src/server/demo/run";
import type { HttpCall } from "./http-load";

export interface Scenario extends HttpCall {
  name: string;
  /** "offset": a list page by OFFSET, which no screen or export asks for any more: measured, no target. */
  kind: "health" | "list" | "offset" | "detail" | "dashboard" | "pdf" | "write" | "login";
}

/** The lists that page by keyset (path and fixed filters), with the name their deep-page scenario carries. */
export const KEYSET_LIST_NAMES: Record<string, string> = {
  // Scadenze with the completed sites: most of ten years of requirements (docs/decisions/015-deadlines-speed.md).
  "/api/compliance?sites=all": "scadenze, anche completati",
  "/api/contacts": "contatti",
  "/api/surveys": "sopralluoghi",
  "/api/construction-sites": "cantieri",
  "/api/contracts": "contratti",
  "/api/invoices": "fatture",
  "/api/orders": "ordini",
  "/api/order-items": "righe ordine",
};
export const KEYSET_LISTS = Object.keys(KEYSET_LIST_NAMES);

/**
 * The lists whose page 2 is measured, with the name of its scenario: asked for as the screen's
 * "Successiva" asks for it (src/web/lib/api.ts list, list-pagination.tsx): the cursor the first
 * page handed out and X-Total-Count-Known, the first page's total being on screen already.
 */
export const PAGE2_LIST_NAMES: Record<string, string> = {
  "/api/clients": "clienti",
  "/api/contacts": "contatti",
  "/api/surveys": "sopralluoghi",
  "/api/estimates": "preventivi",
  "/api/construction-sites": "cantieri",
  "/api/contracts": "contratti",
  "/api/invoices": "fatture",
  "/api/suppliers": "fornitori",
  "/api/orders": "ordini",
  "/api/order-items": "righe ordine",
};

/** Row of the deep pages: page 200 of 25 rows starts after it. */
const DEEP_ROW = 4975;

export interface ScenarioIds {
  estimateId: string;
  clientId: string;
  login: { username: string; password: string };
  /** The cursor after a deep row of each keyset list, where the data set is that deep. */
  cursors?: Record<string, string>;
  /** The cursor the first page of 25 rows hands out (X-Next-Cursor), by list. */
  page2?: Record<string, string>;
}

/** What the scenarios need from the data set, asked of a running server as the administrator. */
export async function discoverIds(base: string, cookie: string): Promise<ScenarioIds> {
  const headers = { cookie };
  const get = async (p: string) => (await (await fetch(base + p, { headers })).json()) as { id: string }[];
  const nextCursor = async (p: string) => (await fetch(base + p, { headers })).headers.get("x-next-cursor");
  const [estimate] = await get("/api/estimates?status=accettato&limit=1");
  const [client] = await get("/api/clients?limit=1");
  const cursors: Record<string, string> = {};
  for (const path of KEYSET_LISTS) {
    const next = await nextCursor(`${withQuery(path)}limit=1&offset=${DEEP_ROW - 1}`);
    if (next) cursors[path] = next;
  }
  const page2: Record<string, string> = {};
  for (const path of Object.keys(PAGE2_LIST_NAMES)) {
    const next = await nextCursor(`${withQuery(path)}limit=25`);
    if (next) page2[path] = next;
  }
  return { estimateId: estimate!.id, clientId: client!.id, login: DEMO_LOGINS.admin, cursors, page2 };
}

/** Page 2 of a list as the screen asks for it (PAGE2_LIST_NAMES); by OFFSET where the list has no second page. */
function page2Scenario(path: string, cursor: string | undefined): Scenario {
  const name = `${PAGE2_LIST_NAMES[path]}: pagina 2`;
  if (!cursor) return { name, kind: "list", method: "GET", path: `${withQuery(path)}limit=25&offset=25` };
  return {
    name,
    kind: "list",
    method: "GET",
    path: `${withQuery(path)}limit=25&after=${encodeURIComponent(cursor)}`,
    headers: { "X-Total-Count-Known": "true" },
  };
}

/** The API calls the screens make, with ids found in the data set. */
export function scenarios(ids: ScenarioIds): Scenario[] {
  const page2 = (path: string) => page2Scenario(path, ids.page2?.[path]);
  const lines = Array.from({ length: 10 }, (_, i) => ({
    description: `Voce di prova ${i + 1}: rimozione e posa manto`,
    quantity: `${10 + i}.50`,
    unitPrice: `${20 + i}.30`,
    unit: "mq",
  }));
  return [
    // The machine's own pace in this run: the busy-machine targets are read against it.
    { name: "health", kind: "health", method: "GET", path: "/api/health" },
    { name: "clienti: ricerca q", kind: "list", method: "GET", path: "/api/clients?q=Moretti&limit=25" },
    page2("/api/clients"),
    page2("/api/contacts"),
    page2("/api/surveys"),
    { name: "preventivi: stato inviato", kind: "list", method: "GET", path: "/api/estimates?status=inviato&limit=25" },
    page2("/api/estimates"),
    page2("/api/construction-sites"),
    page2("/api/contracts"),
    { name: "fatture: scadute", kind: "list", method: "GET", path: "/api/invoices?status=scaduta&limit=25" },
    page2("/api/invoices"),
    // By OFFSET, as only a link saved before cursors still asks for it (the screens and the CSV
    // exports page by cursor): measured for the record, without a target; the deep page the
    // screen asks for is "fatture: pagina 200 (cursore)" below.
    { name: "fatture: pagina 200 (offset)", kind: "offset", method: "GET", path: "/api/invoices?limit=25&offset=4975" },
    page2("/api/suppliers"),
    page2("/api/orders"),
    // Scadenze (compliance_requirements, docs/decisions/015-deadlines-speed.md): the first page of
    // the open sites, the same with the completed ones (most of ten years) and a state filter (its
    // deep page by cursor is with the keyset lists below); the summary is the dashboard card's and the bell's read.
    { name: "scadenze: prima pagina", kind: "list", method: "GET", path: "/api/compliance?limit=25" },
    { name: "scadenze: anche completati", kind: "list", method: "GET", path: "/api/compliance?sites=all&limit=25" },
    { name: "scadenze: mancanti", kind: "list", method: "GET", path: "/api/compliance?state=mancante&limit=25" },
    { name: "scadenze: riepilogo", kind: "dashboard", method: "GET", path: "/api/compliance/summary" },
    page2("/api/order-items"),
    // Page 200 of each keyset list, by the cursor the page before it hands out.
    ...Object.entries(ids.cursors ?? {}).map(([path, cursor]): Scenario => ({
      name: `${KEYSET_LIST_NAMES[path] ?? path}: pagina 200 (cursore)`,
      kind: "list",
      method: "GET",
      path: `${withQuery(path)}limit=25&after=${encodeURIComponent(cursor)}`,
    })),
    { name: "preventivo: dettaglio con voci", kind: "detail", method: "GET", path: `/api/estimates/${ids.estimateId}` },
    { name: "dashboard", kind: "dashboard", method: "GET", path: "/api/dashboard" },
    { name: "preventivo: PDF", kind: "pdf", method: "GET", path: `/api/estimates/${ids.estimateId}/pdf` },
    {
      name: "preventivo: creazione (10 voci)",
      kind: "write",
      method: "POST",
      path: "/api/estimates",
      body: {
        clientId: ids.clientId,
        title: "Preventivo di prova (benchmark)",
        description: "Rifacimento copertura, misure da sopralluogo.",
        items: lines,
      },
    },
    { name: "login", kind: "login", method: "POST", path: "/api/auth/login", body: ids.login },
  ];
}

/** `path?` or `path?filters&`, ready for more parameters. */
export const withQuery = (path: string) => `${path}${path.includes("?") ? "&" : "?"}`;
