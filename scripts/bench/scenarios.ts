import type { HttpCall } from "./http-load";

export interface Scenario extends HttpCall {
  name: string;
  kind: "health" | "list" | "detail" | "dashboard" | "pdf" | "write" | "login";
}

/** The lists that page by keyset (path and fixed filters), with the name their deep-page scenario carries. */
export const KEYSET_LIST_NAMES: Record<string, string> = {
  // Scadenze with the completed sites: most of ten years of requirements (docs/decisions/015-deadlines-speed.md).
  "/api/compliance?sites=all": "scadenze, anche completati",
  "/api/contacts": "contatti",
  "/api/surveys": "sopralluoghi",
  "/api/construction-sites": "cantieri",
  "/api/contracts": "contratti",
  "/api/orders": "ordini",
  "/api/order-items": "righe ordine",
};
export const KEYSET_LISTS = Object.keys(KEYSET_LIST_NAMES);

/** The API calls the screens make, with ids found in the data set. */
export function scenarios(ids: {
  estimateId: string;
  clientId: string;
  login: { username: string; password: string };
  /** The cursor after a deep row of each keyset list, where the data set is that deep. */
  cursors?: Record<string, string>;
}): Scenario[] {
  const page2 = "limit=25&offset=25";
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
    { name: "clienti: pagina 2", kind: "list", method: "GET", path: `/api/clients?${page2}` },
    { name: "contatti: pagina 2", kind: "list", method: "GET", path: `/api/contacts?${page2}` },
    { name: "sopralluoghi: pagina 2", kind: "list", method: "GET", path: `/api/surveys?${page2}` },
    { name: "preventivi: stato inviato", kind: "list", method: "GET", path: "/api/estimates?status=inviato&limit=25" },
    { name: "preventivi: pagina 2", kind: "list", method: "GET", path: `/api/estimates?${page2}` },
    { name: "cantieri: pagina 2", kind: "list", method: "GET", path: `/api/construction-sites?${page2}` },
    { name: "contratti: pagina 2", kind: "list", method: "GET", path: `/api/contracts?${page2}` },
    { name: "fatture: scadute", kind: "list", method: "GET", path: "/api/invoices?status=scaduta&limit=25" },
    { name: "fatture: pagina 2", kind: "list", method: "GET", path: `/api/invoices?${page2}` },
    { name: "fatture: pagina 200", kind: "list", method: "GET", path: "/api/invoices?limit=25&offset=4975" },
    { name: "fornitori: pagina 2", kind: "list", method: "GET", path: `/api/suppliers?${page2}` },
    { name: "ordini: pagina 2", kind: "list", method: "GET", path: `/api/orders?${page2}` },
    // Scadenze (compliance_requirements, docs/decisions/015-deadlines-speed.md): the first page of
    // the open sites, the same with the completed ones (most of ten years) and a state filter (its
    // deep page by cursor is with the keyset lists below); the summary is the dashboard card's and the bell's read.
    { name: "scadenze: prima pagina", kind: "list", method: "GET", path: "/api/compliance?limit=25" },
    { name: "scadenze: anche completati", kind: "list", method: "GET", path: "/api/compliance?sites=all&limit=25" },
    { name: "scadenze: mancanti", kind: "list", method: "GET", path: "/api/compliance?state=mancante&limit=25" },
    { name: "scadenze: riepilogo", kind: "dashboard", method: "GET", path: "/api/compliance/summary" },
    { name: "righe ordine: pagina 2", kind: "list", method: "GET", path: `/api/order-items?${page2}` },
    // Page 200 of each keyset list, by the cursor the page before it hands out.
    ...Object.entries(ids.cursors ?? {}).map(
      ([path, cursor]): Scenario => ({
        name: `${KEYSET_LIST_NAMES[path] ?? path}: pagina 200 (cursore)`,
        kind: "list",
        method: "GET",
        path: `${withQuery(path)}limit=25&after=${encodeURIComponent(cursor)}`,
      }),
    ),
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
