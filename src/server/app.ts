import fs from "node:fs";
import path from "node:path";
import cookie from "@fastify/cookie";
import helmet from "helmet";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { authGuard, declaredAccess } from "./auth/guard";
import type { AppDeps } from "./deps";
import { idempotency } from "./http/idempotency";
import { openapiDocument, openapiDocumentTransform, openapiRouteTransform } from "./http/openapi";
import { errorHandler } from "./http/errors";
import { registerEndpoints } from "./http/register";
import { declaredEndpoints } from "./modules";
import { runtimePaths } from "./paths";

// WEB_DIR lets parallel test runs each serve their own build.
const webRoot = process.env.WEB_DIR ? path.resolve(process.env.WEB_DIR) : runtimePaths.web;

/** Anything pino can write JSON lines to. */
export interface DestinationStream {
  write(line: string): void;
}

/** Query parameters whose value is a secret (activation, setup, reset and invite links). */
const SECRET_PARAMS = /^(token|code|key|password|secret|invite|reset)$/i;
/** Paths whose whole query string is secret, whatever the parameter is called. */
const SECRET_PATHS = /^\/(portal\/activate|setup|reset|invite|activate)(\/|$)/i;

/** The request URL as the log may show it: secrets in the query string replaced (docs/domain/operations.md). */
export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const path = url.slice(0, q);
  const hash = url.indexOf("#", q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  let pathname = path;
  try {
    pathname = decodeURIComponent(path);
  } catch {
    // A malformed escape: judge the raw text.
  }
  if (SECRET_PATHS.test(pathname)) return `${path}?[nascosto]`;
  const parts = query.split("&").map((pair) => {
    const eq = pair.indexOf("=");
    const rawName = eq < 0 ? pair : pair.slice(0, eq);
    let name = rawName;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, " "));
    } catch {
      // keep the raw name
    }
    return eq >= 0 && SECRET_PARAMS.test(name.trim()) ? `${rawName}=[nascosto]` : pair;
  });
  return `${path}?${parts.join("&")}`;
}

export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions["logger"] {
  if (level === "silent") return false;
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      // Fastify's default request fields, with the query string's secrets hidden.
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    // Structured JSON logs with nothing secret in them (docs/domain/operations.md).
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers.authorization",
        'res.headers["set-cookie"]',
        "body.password",
        "password",
      ],
      censor: "[nascosto]",
    },
  };
}

/** `logStream`: where the JSON log goes instead of stdout (tests read it). */
export async function buildApp(deps: AppDeps, options: { logStream?: DestinationStream } = {}) {
  const { config } = deps;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    bodyLimit: 1024 * 1024,
    // A fixed number of proxy hops, never "any X-Forwarded-For" (TLS alone trusts nothing).
    // (proxy-addr's "trust the first n hops"; Fastify's types do not list the number form).
    trustProxy: config.trustProxyHops > 0 ? (_address: string, hop: number) => hop < config.trustProxyHops : false,
    return503OnClosing: true,
    // The router's own refusals (a URL that does not decode) in Italian, like every other answer.
    frameworkErrors: (_error, _request, reply) => {
      void (reply as unknown as FastifyReply)
        .status(400)
        .header("Cache-Control", "no-store")
        .send({ message: "Indirizzo della richiesta non valido" });
    },
    // A readable terminal (issue 28): no two lines per request at the default level; the one line
    // below appears at LOG_LEVEL=debug, warnings and errors always.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  app.addHook("onResponse", async (request, reply) => {
    request.log.debug(
      { req: request, res: { statusCode: reply.statusCode }, responseTime: Math.round(reply.elapsedTime) },
      "richiesta",
    );
  });
  // Shared by every plugin (same object): main.ts sets draining on SIGTERM, /api/health/ready reads it.
  app.decorate("lifecycle", { draining: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  // Security headers first: their hook must run even when the guard refuses the request. The
  // middleware is built once here (its policy parsed once), not at every request.
  const securityHeaders = helmet({
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
  app.addHook("onRequest", (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
  await app.register(cookie);
  // First, so that every route registered after it carries its declared access.
  await app.register(authGuard, { db: deps.db, idleMs: config.sessionIdleMs, tls: config.tls });
  // After the guard (it needs the user); before the routes, so every write honours the key.
  await app.register(idempotency, { db: deps.db });

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

  await app.register(swagger, {
    openapi: openapiDocument,
    // operationId, summary, security, error answers and file bodies added centrally (http/openapi.ts).
    transform: openapiRouteTransform as unknown as typeof jsonSchemaTransform,
    transformObject: openapiDocumentTransform as never,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
  // Every API route, declared in its module (http/endpoint.ts) and registered by this one loop.
  await registerEndpoints(app, declaredEndpoints(deps));

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
    lifecycle: { draining: boolean };
  }
}
