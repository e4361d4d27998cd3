import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import type { SessionUser } from "@domain/auth";
import { TWO_FACTOR_SETUP_MESSAGE, TWO_FACTOR_SETUP_REQUIRED } from "@domain/profile";
import type { UserRole } from "@domain/statuses";
import type { Db } from "../db/client";
import { forbidden, HttpError, unauthorized } from "../http/errors";
import { findSessionUser, SESSION_COOKIE } from "./sessions";

/**
 * Who may call a route (docs/domain/roles.md): "public" (anyone), "user" (any logged-in user:
 * the portal's own routes, which take the client from the session), "staff" (admin, ufficio and
 * tecnico), "office" (admin and ufficio) or "admin". Every endpoint must declare it
 * (http/endpoint.ts); an /api route registered any other way is closed ("admin"), and
 * access-matrix.test.ts fails on it.
 */
export type Access = "public" | "user" | "staff" | "office" | "admin";

const ROLES_OF: Record<Exclude<Access, "public" | "user">, readonly UserRole[]> = {
  staff: ["admin", "ufficio", "tecnico"],
  office: ["admin", "ufficio"],
  admin: ["admin"],
};

/** Whether a logged-in user of this role passes a route of this access. */
export function roleMayUse(role: UserRole, access: Access): boolean {
  if (access === "public" || access === "user") return true;
  return ROLES_OF[access].includes(role);
}

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    /** Static files and the API documentation: no session is looked up for them. */
    sessionless?: boolean;
    /**
     * Open to an admin who must still enrol two-factor (company setting): the profile, the
     * enrolment and "who am I". Every other route answers 403 to them until they enrol.
     */
    twoFactorSetup?: boolean;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

/** The 403 of a route the caller's role may not use; the web shows its "Non autorizzato" page. */
export const ROLE_FORBIDDEN = "Non autorizzato: il tuo ruolo non consente questa operazione";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * State-changing requests must come from our own origin (CSRF), on top of SameSite=Lax cookies.
 * The whole origin is compared — scheme, host and port — with the one this request was sent to:
 * `https` behind a TLS proxy (TRUST_PROXY_TLS), the socket's scheme otherwise (issue 26: the host
 * alone let http://host:other-port or http:// pages on the same host through).
 */
function isCrossOrigin(request: FastifyRequest, tls: boolean): boolean {
  const origin = request.headers.origin ?? request.headers.referer;
  if (!origin) return false;
  try {
    const expected = new URL(`${tls ? "https" : request.protocol}://${request.headers.host ?? ""}`).origin;
    return new URL(origin).origin !== expected;
  } catch {
    return true;
  }
}

/**
 * The access a route declares, fixed once when the route is registered. Only our own API
 * routes may hold data; they default to "admin". Routes of plugins that serve no data (the
 * built web app's files, the OpenAPI description and its UI) are public and sessionless.
 */
export function declaredAccess(route: Pick<RouteOptions, "url" | "config">): { access: Access; sessionless: boolean } {
  const config = (route.config ?? {}) as { access?: Access; sessionless?: boolean };
  const isApi = route.url.startsWith("/api/");
  const isDocs = route.url === "/api/docs" || route.url.startsWith("/api/docs/");
  if (isApi && !isDocs) return { access: config.access ?? "admin", sessionless: false };
  return { access: "public", sessionless: true };
}

/**
 * The access check runs on the route the router matched — its declared access — and never on
 * the text of the URL: a percent-encoded or otherwise unusual spelling that the router resolves
 * reaches the same checks, and whatever it does not resolve answers 404 from the not-found
 * handler, which serves no data (see docs/decisions/006-access-by-matched-route.md).
 */
export const authGuard = fp(async (app: FastifyInstance, opts: { db: Db; idleMs: number; tls: boolean }) => {
  app.decorateRequest("user", null);

  app.addHook("onRoute", (route) => {
    route.config = { ...(route.config as object), ...declaredAccess(route) };
  });

  app.addHook("onRequest", async (request) => {
    if (!SAFE_METHODS.has(request.method) && isCrossOrigin(request, opts.tls)) {
      throw forbidden("Richiesta da un'origine non consentita");
    }
    const config = request.routeOptions.config;
    // Unmatched: the not-found handler answers 404 and reaches no handler or data.
    if (!request.routeOptions.url || config.sessionless) return;
    const token = request.cookies[SESSION_COOKIE];
    if (token) request.user = await findSessionUser(opts.db, token, opts.idleMs);
    const access = config.access ?? "admin";
    if (access === "public") return;
    if (!request.user) throw unauthorized();
    if (!roleMayUse(request.user.role, access)) throw forbidden(ROLE_FORBIDDEN);
    if (request.user.twoFactorSetupRequired && !config.twoFactorSetup)
      throw new HttpError(403, TWO_FACTOR_SETUP_MESSAGE, undefined, TWO_FACTOR_SETUP_REQUIRED);
  });

  // Answers that depend on who asks are never kept by browsers or proxies; a route that serves
  // an immutable stored document sets its own Cache-Control (private, with an ETag).
  app.addHook("onSend", async (request, reply) => {
    if (request.routeOptions.config?.sessionless && request.routeOptions.url) return;
    if (!reply.hasHeader("cache-control")) reply.header("Cache-Control", "no-store");
  });
});

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
