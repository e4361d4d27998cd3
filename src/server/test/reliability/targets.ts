import { addDays, todayIso } from "@domain/dates";
import type { RouteEntry } from "../../app";
import type { Shared, World } from "./world";

// Where each route of the route table points, for a given client's world: which record its
// :id is, which query scopes a list, and a valid body for the routes a portal client may call
// (a valid body is what lets a request get past validation to the ownership check).

type IdOf = (w: World, s: Shared) => string;
/** Path prefix → the record behind :id; `owned` when the record belongs to the world's client. */
const ids: [prefix: string, idOf: IdOf, owned: boolean][] = [
  ["/api/clients/:id", (w) => w.clientId, true],
  ["/api/contacts/:id", (w) => w.contact.id, true],
  ["/api/surveys/:id", (w) => w.survey.id, true],
  ["/api/attachments/:id", (w) => w.sitePhoto.id, true],
  ["/api/estimates/:id", (w) => w.estimates.sent.id, true],
  ["/api/estimate-items/:id", (w) => w.estimateItemId, true],
  ["/api/construction-sites/:id", (w) => w.sites.running.id, true],
  ["/api/contracts/:id", (w) => w.contract.id, true],
  ["/api/invoices/:id", (w) => w.invoices.pending.id, true],
  ["/api/portal/projects/:id", (w) => w.sites.running.id, true],
  ["/api/portal/estimates/:id", (w) => w.estimates.sent.id, true],
  ["/api/portal/invoices/:id", (w) => w.invoices.pending.id, true],
  ["/api/portal/attachments/:id", (w) => w.sitePhoto.id, true],
  ["/api/portal/notifications/:id", (w) => w.notification.id, true],
  ["/api/notifications/:id", (w) => w.notification.id, true],
  ["/api/services/:id", (_w, s) => s.service.id, false],
  ["/api/suppliers/:id", (_w, s) => s.supplier.id, false],
  ["/api/orders/:id", (_w, s) => s.order.id, false],
  ["/api/order-items/:id", (_w, s) => s.orderItem.id, false],
  ["/api/outbox/:id", (_w, s) => s.outboxId, false],
  ["/api/users/:id", (_w, s) => s.colleagueId, false],
  // A device id that is nobody's: the route only ever looks among the caller's own sessions.
  ["/api/profile/sessions/:id", () => "0".repeat(32), false],
  // A paper that does not exist: the office's routes answer 404 past the access check.
  ["/api/site-documents/:docId", () => "00000000-0000-4000-8000-000000000000", false],
  // An information request that does not exist: the office's routes answer 404 past the access check.
  ["/api/information-requests/:id", () => "00000000-0000-4000-8000-000000000000", false],
];

/** List routes whose query names a record: the list is then owned like that record. */
const scopedQueries: Record<string, (w: World, s: Shared) => string> = {
  "/api/estimate-items": (w) => `estimateId=${w.estimates.sent.id}`,
  "/api/attachments": (w) => `entityType=site&entityId=${w.sites.running.id}`,
  "/api/activity": (w) => `entityType=estimate&entityId=${w.estimates.sent.id}`,
  "/api/order-items": (_w, s) => `orderId=${s.order.id}`,
};

/** Reads that answer only with their own query: the VAT register needs its period. */
const requiredQueries: Record<string, () => string> = {
  "/api/exports/vat-register": () => `from=${addDays(todayIso(), -365)}&to=${todayIso()}`,
};

/** Valid bodies for the routes a portal client may write to. */
const userBodies: Record<string, (w: World) => object> = {
  // Acceptance carries the version the client saw (docs/domain/portal.md).
  "POST /api/portal/estimates/:id/accept": (w) => ({ signedBy: "Mario Rossi", version: w.estimates.sent.version }),
  "POST /api/portal/estimates/:id/request-changes": () => ({ message: "Vorremmo un prezzo diverso" }),
  "POST /api/portal/survey-requests": () => ({ address: "Via Nuova 1", description: "Tegole rotte", preferredDate: addDays(todayIso(), 2) }),
  // A wrong current password: past the access check, without changing the password the other cells log in with.
  "POST /api/auth/password": () => ({ currentPassword: "non-la-password-attuale", newPassword: "Lucernario-Zinco-Q9" }),
  "POST /api/portal/information-requests": (w) => ({ subject: "Domanda", message: "Quando iniziate?", entityType: "estimate", entityId: w.estimates.sent.id }),
};

export interface Target {
  url: string;
  payload?: object;
  /** The request reaches a record of the world's client (by path, query or body). */
  owned: boolean;
  /** A list scoped by the session (no record named): "other" does not apply. */
  sessionScoped: boolean;
}

export function targetFor(route: RouteEntry, w: World, s: Shared): Target {
  let url = route.url;
  let owned = false;
  let named = false;
  const match = ids.find(([prefix]) => url.startsWith(prefix));
  if (match) {
    url = url.replace(/:(id|docId)\b/, match[1](w, s));
    owned = match[2];
    named = true;
  }
  url = url.replace(":index", "0");
  // A payment that does not exist: the office's delete answers 404 past the access check.
  url = url.replace(":paymentId", "00000000-0000-4000-8000-000000000000");
  // The import of clients, with no file: refused as input past the access check.
  url = url.replace(":kind", "clients");
  if (url.includes(":")) throw new Error(`no target for ${route.method} ${route.url}: add it to reliability/targets.ts`);
  const query = scopedQueries[route.url];
  if (route.method === "GET" && query) {
    url += `?${query(w, s)}`;
    owned = !url.includes("order");
    named = true;
  } else if (route.method === "GET" && !named) {
    // A client filter in a list must never widen a portal client's scope.
    url += `?clientId=${w.clientId}`;
    const required = requiredQueries[route.url];
    if (required) url += `&${required()}`;
  }
  const bodyOf = userBodies[`${route.method} ${route.url}`];
  if (bodyOf) {
    const payload = bodyOf(w);
    const namesRecord = "clientId" in payload || "entityId" in payload;
    return { url, payload, owned: owned || namesRecord, sessionScoped: !named && !namesRecord };
  }
  const payload = route.method === "GET" || route.method === "DELETE" ? undefined : {};
  return { url, ...(payload ? { payload } : {}), owned, sessionScoped: !named };
}
