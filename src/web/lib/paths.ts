/**
 * Every screen of the web app, once. `routes` holds the patterns the router matches
 * (src/web/app/router.tsx registers exactly these, in this order: a fixed segment such as
 * `new` comes before `:id`); `paths` builds the links to them, so a link cannot point at a route
 * that does not exist. ESLint refuses a hand-written "/admin…", "/client…", "/login…" string
 * anywhere else in src/web (eslint.config.js).
 *
 *   paths.admin.estimate(id)                     → /admin/quotes/<id>
 *   paths.admin.orders({ supplierId })           → /admin/orders?supplierId=<id>
 *   paths.portal.invoices()                      → /client/invoices
 *   paths.login({ role: "client", next })        → /login?role=client&next=…
 *
 * A new screen: add its pattern here, then its page in router.tsx (TypeScript asks for it).
 */
export const routes = {
  landing: "/",
  login: "/login",
  setup: "/setup",
  activate: "/portal/activate",
  /** The back office (docs/domain/screens.md), in the admin frame. */
  admin: {
    home: "/admin",
    dashboard: "/admin/dashboard",
    today: "/admin/oggi",
    clients: "/admin/clients",
    client: "/admin/clients/:id",
    contacts: "/admin/contacts",
    contact: "/admin/contacts/:id",
    surveys: "/admin/surveys",
    survey: "/admin/surveys/:id",
    informationRequests: "/admin/information-requests",
    informationRequest: "/admin/information-requests/:id",
    estimates: "/admin/quotes",
    estimate: "/admin/quotes/:id",
    services: "/admin/services",
    import: "/admin/import",
    sites: "/admin/sites",
    site: "/admin/sites/:id",
    deadlines: "/admin/scadenze",
    contracts: "/admin/contracts",
    contract: "/admin/contracts/:id",
    invoices: "/admin/invoices",
    invoice: "/admin/invoices/:id",
    receivables: "/admin/receivables",
    suppliers: "/admin/suppliers",
    newSupplier: "/admin/suppliers/new",
    editSupplier: "/admin/suppliers/:id/edit",
    supplier: "/admin/suppliers/:id",
    orders: "/admin/orders",
    newOrder: "/admin/orders/new",
    editOrder: "/admin/orders/:id/edit",
    order: "/admin/orders/:id",
    settings: "/admin/settings",
    users: "/admin/settings/users",
    outbox: "/admin/outbox",
    profile: "/admin/profilo",
  },
  /** The client portal, in the portal frame. */
  portal: {
    home: "/client",
    projects: "/client/projects",
    project: "/client/projects/:id",
    estimates: "/client/estimates",
    requests: "/client/richieste",
    estimate: "/client/estimates/:id",
    surveyRequest: "/client/surveys/request",
    invoices: "/client/invoices",
    invoice: "/client/invoices/:id",
    profile: "/client/profilo",
  },
  /** The alternative links of docs/domain/screens.md: the router sends them to the canonical route. */
  aliases: {
    site: "/admin/construction-site/:id",
    supplier: "/admin/supplier/:id",
    order: "/admin/order/:id",
    adminPassword: "/admin/password",
    portalPassword: "/client/password",
  },
} as const;

/** Query parameters of a link; empty values are left out. */
export type Query = Record<string, string | number | boolean | null | undefined>;

/** A pattern with `:id` takes the id; every link takes optional query parameters. */
type PathTo<P extends string> = P extends `${string}:id${string}`
  ? (id: string, query?: Query) => string
  : (query?: Query) => string;
type PathsOf<T> = { readonly [K in keyof T]: T[K] extends string ? PathTo<T[K]> : PathsOf<T[K]> };

export function withQuery(path: string, query: Query = {}) {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== null && v !== undefined && v !== "") qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

function pathTo(pattern: string) {
  return pattern.includes(":id")
    ? (id: string, query?: Query) => withQuery(pattern.replace(":id", encodeURIComponent(id)), query)
    : (query?: Query) => withQuery(pattern, query);
}

function build<T extends object>(table: T): PathsOf<T> {
  return Object.fromEntries(
    Object.entries(table).map(([k, v]) => [k, typeof v === "string" ? pathTo(v) : build(v as object)]),
  ) as PathsOf<T>;
}

export const paths = build(routes);
