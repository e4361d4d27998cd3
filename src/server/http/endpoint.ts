import type { FastifyMultipartOptions } from "@fastify/multipart";
import type {
  ContextConfigDefault,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Access } from "../auth/guard";

// An endpoint is a declared value (issue 29): method, path, access, summary, schemas and handler
// in one object. Each module lists its endpoints (`(deps) => Endpoint[]`), modules/index.ts lists
// the modules, and http/register.ts is the one loop that gives them to Fastify. The access
// manifest, the OpenAPI summaries and the permission tests read the same declarations.

export type EndpointMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The route's schemas (zod, through the type provider) and its OpenAPI tags. */
export interface EndpointSchema extends FastifySchema {
  tags: string[];
  consumes?: string[];
}

/** The handler Fastify would get: request.params/query/body and the reply typed from the schemas. */
export type EndpointHandler<S extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;

export interface EndpointSpec<S extends EndpointSchema> {
  method: EndpointMethod;
  url: `/api/${string}`;
  /** Who may call it (auth/guard.ts): required, there is no default. */
  access: Access;
  /** One Italian line: the OpenAPI summary. */
  summary: string;
  /** When the one derived from method and path (http/openapi.ts operationIdOf) will not do. */
  operationId?: string;
  schema: S;
  /** Open to an admin who must still enrol two-factor (auth/guard.ts). */
  twoFactorSetup?: boolean;
  /** Parses multipart/form-data for this route only, with these limits. */
  multipart?: FastifyMultipartOptions;
  handler: EndpointHandler<S>;
}

/** A declared endpoint, its schema types erased so that lists of them can be held together. */
export interface Endpoint extends Omit<EndpointSpec<EndpointSchema>, "handler"> {
  handler: EndpointHandler<EndpointSchema>;
}

/** Declares one endpoint; the type of `schema` types the handler's request and reply. */
export function endpoint<S extends EndpointSchema>(spec: EndpointSpec<S>): Endpoint {
  return spec as unknown as Endpoint;
}

export const endpointKey = (e: { method: string; url: string }) => `${e.method} ${e.url}`;
