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
import { authGuard } from "./auth/guard";
import type { AppDeps } from "./deps";
import { errorHandler } from "./http/errors";
import { moduleRoutes } from "./modules";

// WEB_DIR lets parallel test runs each serve their own build.
const webRoot = process.env.WEB_DIR ? path.resolve(process.env.WEB_DIR) : fileURLToPath(new URL("../../dist/web", import.meta.url));

/** Anything pino can write JSON lines to. */
export interface DestinationStream {
  write(line: string): void;
}

/** Query parameters whose value is a secret (activation, setup, reset and invite links). */
const SECRET_PARAMS = /^(token|code|key|password|secret|invite|reset)$/i;
/** Paths whose whole query string is secret, whatever the parameter is called. */
const SECRET_PATHS = /^\/(portal\/activate|setup|reset|invite|activate)(\/|$)/i;

/** The request URL as the log may show it: secrets in the query string replaced (decisions §1). */
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
    // Structured JSON logs with nothing secret in them (decisions §1).
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]', "body.password", "password"],
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
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);

  // The route table, so tests can check every route the server registers (none is forgotten).
  const routeTable: RouteEntry[] = [];
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === "HEAD" || !route.url.startsWith("/api/") || route.url.startsWith("/api/docs")) continue;
      routeTable.push({ method, url: route.url, access: route.config?.access ?? "admin", schema: route.schema });
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
  await app.register(cookie);
  await app.register(swagger, {
    openapi: { info: { title: "Colmo API", version: "1.0.0", description: "API del gestionale Colmo" } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
  await app.register(authGuard, { db: deps.db, idleMs: config.sessionIdleMs });

  for (const routes of moduleRoutes) await app.register(routes, deps);

  const hasWeb = fs.existsSync(path.join(webRoot, "index.html"));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webRoot, wildcard: false, index: ["index.html"], maxAge: 0 });
    // Hashed assets never change: let browsers keep them.
    app.addHook("onSend", async (request, reply) => {
      if (request.url.startsWith("/assets/")) reply.header("Cache-Control", "public, max-age=31536000, immutable");
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith("/api/") || request.method !== "GET" || !hasWeb) {
      return reply.status(404).send({ message: "Risorsa non trovata" });
    }
    // Client-side routes: the SPA decides, including its own 404 page.
    return reply.type("text/html").sendFile("index.html");
  });

  return app;
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
