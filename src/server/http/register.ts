import multipart from "@fastify/multipart";
import type { FastifyInstance, RouteOptions } from "fastify";
import type { Endpoint } from "./endpoint";
import { operationIdOf } from "./openapi";

/** The Fastify route of a declared endpoint: access in its config, summary and operationId in its schema. */
export function routeOf(e: Endpoint): RouteOptions {
  return {
    method: e.method,
    url: e.url,
    config: { access: e.access, ...(e.twoFactorSetup ? { twoFactorSetup: true } : {}) },
    schema: { ...e.schema, summary: e.summary, operationId: e.operationId ?? operationIdOf(e.method, e.url) },
    handler: e.handler as RouteOptions["handler"],
  };
}

/**
 * The one place API routes are registered (issue 29). A route that reads multipart/form-data gets
 * the parser in a scope of its own, so no other route accepts multipart bodies.
 */
export async function registerEndpoints(app: FastifyInstance, endpoints: readonly Endpoint[]): Promise<void> {
  for (const e of endpoints) {
    const options = e.multipart;
    if (!options) {
      app.route(routeOf(e));
      continue;
    }
    await app.register(async (scope) => {
      await scope.register(multipart, options);
      scope.route(routeOf(e));
    });
  }
}
