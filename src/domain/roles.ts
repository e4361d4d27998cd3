import type { UserRole } from "./statuses";

/**
 * What each role of the firm may use (docs/domain/roles.md, docs/decisions/009-roles.md).
 * This is the ONE table the web app reads to show sections, buttons and money; the server
 * enforces the same rules with each route's declared access and shapes a technician's answers
 * with `can(role, "money")`. A capability missing here is a capability nobody has.
 */
export const capabilities = [
  "dashboard",
  "clients.read",
  "clients.write",
  "contacts.read",
  "contacts.write",
  "surveys",
  "estimates",
  "services",
  "sites.read",
  "sites.write",
  /** Progress, status and notes of a site, and its photos: the technician's share of a site. */
  "sites.progress",
  "contracts",
  "invoices",
  "suppliers",
  "orders.read",
  "orders.write",
  "outbox",
  "notifications",
  "activity",
  "exports",
  /** Prices, totals, budgets, costs, contracts and invoices inside otherwise allowed answers. */
  "money",
  /** Whether a photo or document is shared with the client's portal. */
  "attachments.share",
  "settings",
  "users",
] as const;
export type Capability = (typeof capabilities)[number];

const OFFICE: readonly Capability[] = capabilities.filter((c) => c !== "settings" && c !== "users");

const TECNICO: readonly Capability[] = [
  "dashboard",
  "clients.read",
  "contacts.read",
  "surveys",
  "sites.read",
  "sites.progress",
  "orders.read",
];

export const roleCapabilities: Record<UserRole, readonly Capability[]> = {
  admin: capabilities,
  ufficio: OFFICE,
  tecnico: TECNICO,
  // The portal has its own screens and routes; nothing of the back office.
  client: [],
};

/**
 * The office (admin and ufficio), who decide what a technician may not (issue 26): delete any
 * file, change a survey's client or assignee. The routes' "office" access is the same two roles.
 */
export function isOfficeRole(role: UserRole | null | undefined): boolean {
  return role === "admin" || role === "ufficio";
}

export function can(role: UserRole | null | undefined, capability: Capability): boolean {
  return !!role && roleCapabilities[role].includes(capability);
}

/** The roles that work in the back office (/admin): everyone but the portal's clients. */
export function usesBackOffice(role: UserRole | null | undefined): boolean {
  return !!role && role !== "client";
}

/** The sections of the back office in sidebar order, each with the capability that opens it. */
export const backOfficeSections = [
  { key: "dashboard", path: "/admin/dashboard", capability: "dashboard" },
  { key: "today", path: "/admin/oggi", capability: "surveys" },
  { key: "clients", path: "/admin/clients", capability: "clients.read" },
  { key: "contacts", path: "/admin/contacts", capability: "contacts.read" },
  { key: "surveys", path: "/admin/surveys", capability: "surveys" },
  /** The clients' information requests from the portal, answered by the office (docs/domain/portal.md). */
  { key: "requests", path: "/admin/information-requests", capability: "notifications" },
  { key: "quotes", path: "/admin/quotes", capability: "estimates" },
  { key: "services", path: "/admin/services", capability: "services" },
  { key: "sites", path: "/admin/sites", capability: "sites.read" },
  /** Safety and permit deadlines across sites (site compliance): the office's list. */
  { key: "deadlines", path: "/admin/scadenze", capability: "sites.write" },
  { key: "contracts", path: "/admin/contracts", capability: "contracts" },
  { key: "invoices", path: "/admin/invoices", capability: "invoices" },
  /** The scadenzario, right under Fatture (docs/domain/invoices.md). */
  { key: "receivables", path: "/admin/receivables", capability: "invoices" },
  { key: "suppliers", path: "/admin/suppliers", capability: "suppliers" },
  { key: "orders", path: "/admin/orders", capability: "orders.read" },
  { key: "outbox", path: "/admin/outbox", capability: "outbox" },
  { key: "settings", path: "/admin/settings", capability: "settings" },
] as const satisfies readonly { key: string; path: string; capability: Capability }[];
export type BackOfficeSection = (typeof backOfficeSections)[number]["key"];

/**
 * The capability a back-office page needs, from its route pattern: the section it belongs to,
 * or a stricter one for the pages that change data ("/admin/orders/new" needs orders.write).
 * Pages outside every section (the password page) only need a back-office role.
 */
export function capabilityOfPage(pattern: string): Capability | null {
  if (pattern === "/admin") return "dashboard";
  if (pattern.startsWith("/admin/settings/users")) return "users";
  if (/^\/admin\/orders\/(new|:id\/edit)$/.test(pattern)) return "orders.write";
  if (/^\/admin\/suppliers\/(new|:id\/edit)$/.test(pattern)) return "suppliers";
  // Import of clients, suppliers and services: the office's (the API refuses a technician).
  if (pattern === "/admin/import") return "clients.write";
  const section = backOfficeSections.find((s) => pattern === s.path || pattern.startsWith(`${s.path}/`));
  return section?.capability ?? null;
}
