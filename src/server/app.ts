import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyRequest, type FastifyServerOptions } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { authGuard, declaredAccess } from "./auth/guard";
import type { AppDeps } from "./deps";
import { errorHandler } from "./http/errors";
import { moduleRoutes } from "./modules";

// WEB_DIR lets parallel test runs each serve their own build.
const webRoot = process.env.WEB_DIR ? path.resolve(process.env.WEB_DIR) : fileURLToPath(new URL("../../dist/web", import.meta.url));

function loggerOptions(level: string): FastifyServerOptions["logger"] {
  if (level === "silent") return false;
  return {
    level,
    // Structured JSON logs with nothing secret in them (decisions §1).
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]', "body.password", "password"],
      censor: "[nascosto]",
    },
  };
}

export async function buildApp(deps: AppDeps) {
  const { config } = deps;
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    bodyLimit: 1024 * 1024,
    trustProxy: config.tls,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  await app.register(cookie);
  // First, so that every route registered after it carries its declared access.
  await app.register(authGuard, { db: deps.db, idleMs: config.sessionIdleMs });

  // The route table, so tests can check every route the server registers (none is forgotten).
  const routeTable: RouteEntry[] = [];
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const { access, sessionless } = declaredAccess(route);
      if (method === "HEAD" || sessionless) continue;
      routeTable.push({ method, url: route.url, access, schema: route.schema });
    }
  });
  app.decorate("routeTable", routeTable);

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.tls ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Over plain http on a LAN address HSTS would lock the browser out; only behind TLS.
    strictTransportSecurity: config.tls,
    referrerPolicy: { policy: "same-origin" },
  });
  await app.register(swagger, {
    openapi: { info: { title: "Colmo API", version: "1.0.0", description: "API del gestionale Colmo" } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
  for (const routes of moduleRoutes) await app.register(routes, deps);

  const hasWeb = fs.existsSync(path.join(webRoot, "index.html"));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: ["index.html"],
      cacheControl: false,
      // Hashed assets never change: let browsers keep them; everything else is revalidated.
      setHeaders: (reply, filePath) => {
        const immutable = path.relative(webRoot, filePath).startsWith(`assets${path.sep}`);
        reply.header("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.method !== "GET" || !hasWeb || !wantsPage(request)) {
      return reply.status(404).send({ message: "Risorsa non trovata" });
    }
    // Client-side routes: the SPA decides, including its own 404 page.
    return reply.type("text/html").sendFile("index.html");
  });

  return app;
}

/**
 * A browser navigating to a client-side route gets the SPA; anything else unmatched (API calls,
 * however spelled) gets a JSON 404. This only picks the shape of a 404: access never depends on it.
 */
function wantsPage(request: FastifyRequest): boolean {
  if (!request.headers.accept?.includes("text/html")) return false;
  let path = request.url.split("?")[0]!;
  try {
    path = decodeURIComponent(path);
  } catch {
    return false;
  }
  return !/^\/+api(\/|$)/i.test(path);
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/** One registered /api route; the schema (zod) lets the reliability tests fuzz its query and body. */
export interface RouteEntry {
  method: string;
  url: string;
  access: string;
  schema?: { querystring?: unknown; body?: unknown; params?: unknown; consumes?: readonly string[] } | undefined;
}

declare module "fastify" {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}
