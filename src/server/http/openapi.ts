import type { RouteOptions } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { declaredAccess } from "../auth/guard";
import { SESSION_COOKIE } from "../auth/sessions";

// The OpenAPI description at /api/docs/json, made acceptable to outside tools (Redocly's
// recommended rules, openapi-typescript) in one place instead of in every route. Each operation's
// summary and operationId come from its declaration (http/endpoint.ts, put in the schema by
// http/register.ts); added here: the cookie session as its security (none on public routes), the
// error answers it can give, and a binary body for the files it serves. Checked by
// src/server/openapi.test.ts.

type JsonSchema = Record<string, unknown>;
type TransformArgs = Parameters<typeof jsonSchemaTransform>[0] & { route: RouteOptions };

export const SECURITY_SCHEME = "sessionCookie";

/** `{message, errors?}` in Italian: every refusal of the API (src/server/http/errors.ts). */
const errorSchema: JsonSchema = {
  type: "object",
  required: ["message"],
  properties: {
    message: { type: "string" },
    errors: { type: "object", additionalProperties: { type: "string" } },
  },
};
const errorAnswer = (description: string) => ({
  description,
  content: { "application/json": { schema: errorSchema } },
});

const words = (s: string) => s.split(/[^A-Za-z0-9]+/).filter(Boolean);
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The operationId of an endpoint that gives none (http/register.ts): getClientsById, postInvoicesByIdCreditNote, getClientsExportCsv; unique as method + path are. */
export function operationIdOf(method: string, url: string): string {
  const parts = url
    .split("/")
    .filter((seg) => seg && seg !== "api")
    .map((seg) => (seg.startsWith(":") ? `By${cap(seg.slice(1))}` : words(seg).map(cap).join("")));
  return `${method.toLowerCase()}${parts.join("")}`;
}

/** What a route serves that is not JSON, from its path (CSV exports, PDFs, stored files). */
function fileTypeOf(url: string): string | null {
  if (url.endsWith(".csv") || url.endsWith("/vat-register")) return "text/csv";
  if (url.endsWith("/pdf")) return "application/pdf";
  if (url.endsWith("/file") || url.endsWith("/logo") || /\/attachments\/:index$/.test(url))
    return "application/octet-stream";
  return null;
}

/** The per-route transform given to @fastify/swagger: zod → JSON schema, then the additions above. */
export function openapiRouteTransform(args: TransformArgs) {
  const out = jsonSchemaTransform(args) as { schema: JsonSchema; url: string };
  const schema = { ...out.schema };
  const method = String(Array.isArray(args.route.method) ? args.route.method[0] : args.route.method);
  const url = args.route.url;
  const { access } = declaredAccess(args.route);

  schema.security = access === "public" ? [] : [{ [SECURITY_SCHEME]: [] }];

  const responses = { ...((schema.response as Record<string, JsonSchema> | undefined) ?? {}) };
  const hasInput = Boolean(args.schema.body || args.schema.querystring || args.schema.params);
  const add = (code: string, description: string) => {
    if (!responses[code]) responses[code] = errorAnswer(description) as unknown as JsonSchema;
  };
  if (hasInput) add("400", "Dati non validi: il messaggio e gli errori per campo, in italiano");
  if (access !== "public") add("401", "Accesso richiesto: nessuna sessione valida");
  if (access !== "public") add("403", "Non autorizzato: il ruolo non può usare questa rotta");
  if (url.includes(":")) add("404", "Non trovato (anche ciò che il chiamante non può vedere)");
  const fileType = fileTypeOf(url);
  if (method === "GET" && fileType && !responses["200"]) {
    responses["200"] = {
      description: "Il file",
      content: { [fileType]: { schema: { type: "string", format: "binary" } } },
    } as unknown as JsonSchema;
  }
  schema.response = responses;
  return { ...out, schema };
}

/** `nullable` needs a `type` beside it (OpenAPI 3.0): moved into each branch of an anyOf/oneOf. */
function fixNullable(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(fixNullable);
  if (!node || typeof node !== "object") return;
  const o = node as JsonSchema;
  if (o.nullable === true && o.type === undefined) {
    const branches = (o.anyOf ?? o.oneOf) as JsonSchema[] | undefined;
    if (branches) for (const b of branches) if (b.type !== undefined || b.enum !== undefined) b.nullable = true;
    delete o.nullable;
  }
  for (const value of Object.values(o)) fixNullable(value);
}

/** The document's own fields: servers, license, the cookie session as the security scheme. */
export const openapiDocument = {
  info: {
    title: "Colmo API",
    version: "1.0.0",
    description: "API del gestionale Colmo",
    license: { name: "Proprietaria: uso riservato all'impresa" },
  },
  servers: [{ url: "/", description: "Il server che serve questa descrizione" }],
  components: {
    securitySchemes: {
      [SECURITY_SCHEME]: {
        type: "apiKey" as const,
        in: "cookie",
        name: SESSION_COOKIE,
        description: "La sessione (POST /api/auth/login), cookie HttpOnly",
      },
    },
  },
  security: [{ [SECURITY_SCHEME]: [] }],
};

/** The whole document once built: `nullable` fixed everywhere. */
export function openapiDocumentTransform({ openapiObject }: { openapiObject: Partial<Record<string, unknown>> }) {
  fixNullable(openapiObject.paths);
  fixNullable(openapiObject.components);
  return openapiObject;
}
