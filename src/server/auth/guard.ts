import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { SessionUser } from "@domain/auth";
import type { Db } from "../db/client";
import { forbidden, unauthorized } from "../http/errors";
import { findSessionUser, SESSION_COOKIE } from "./sessions";

/**
 * Who may call a route: "public" (anyone), "user" (any logged-in user; the route scopes
 * the data with clientScope) or "admin". Routes default to "admin", so a new route is
 * closed unless it says otherwise.
 */
export type Access = "public" | "user" | "admin";

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** State-changing requests must come from our own origin (CSRF), on top of SameSite=Lax cookies. */
function isCrossOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin ?? request.headers.referer;
  if (!origin) return false;
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}

export const authGuard = fp(async (app: FastifyInstance, opts: { db: Db; idleMs: number }) => {
  app.decorateRequest("user", null);
  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/api/")) return;
    if (!SAFE_METHODS.has(request.method) && isCrossOrigin(request)) {
      throw forbidden("Richiesta da un'origine non consentita");
    }
    const token = request.cookies[SESSION_COOKIE];
    if (token) request.user = await findSessionUser(opts.db, token, opts.idleMs);
    // The OpenAPI description and its UI are documentation, not data.
    const isDocs = request.url === "/api/docs" || request.url.startsWith("/api/docs/");
    const access = isDocs ? "public" : (request.routeOptions.config?.access ?? "admin");
    if (access === "public" || !request.routeOptions.url) return;
    if (!request.user) throw unauthorized();
    if (access === "admin" && request.user.role !== "admin") throw forbidden();
  });
});

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * The client whose records this request may reach: null for an administrator (all),
 * the user's own client for a portal user. Every query of a "user" route filters with it.
 */
export function clientScope(request: FastifyRequest): string | null {
  const user = requireUser(request);
  return user.role === "admin" ? null : user.clientId;
}
