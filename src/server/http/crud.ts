import type { FastifyRequest } from "fastify";
import { idParams } from "@domain/common";
import { z } from "@domain/zod";
import { actorOf, type Actor } from "../auth/actor";
import type { Access } from "../auth/guard";
import { byRole, seesMoney } from "../auth/shaping";
import type { Keyset } from "../lib/list";
import { endpoint, type Endpoint } from "./endpoint";
import { notFound } from "./errors";
import { sendKeysetPage } from "./page";

// The list / read / create / update / delete endpoints that clients, contacts, services,
// suppliers, sites, orders, estimates, invoices and contracts all declare the same way (issue 29):
// one declaration of the shape, so each module writes only what is its own (path, access, Italian
// summaries, schemas, the query and service functions). What does not fit the shape (a PDF, an
// action, a progress update) stays an `endpoint()` of its own beside these.

type Schema = z.ZodType;
type ListParams = { after?: string | undefined; before?: string | undefined; offset: number; limit: number };

/** A keyset list (lib/list.ts) answered by http/page.ts sendKeysetPage: `GET base`. */
export interface CrudList<Q extends Schema, R extends { cursor: string }> {
  summary: string;
  /** Default: `access.read`. */
  access?: Access;
  query: Q;
  /** Default: an array of `row`. */
  response?: Schema;
  /** The query as the list reads it, when the caller changes it (a technician's own sites, say). */
  prepare?: (query: z.output<Q>, request: FastifyRequest) => z.output<Q>;
  keyset: (query: z.output<Q>) => Keyset;
  rows: (query: z.output<Q>, ks: Keyset) => Promise<R[]>;
  count: (query: z.output<Q>) => Promise<number>;
  /** A technician's row, without money (docs/decisions/009-roles.md); the others get `rows` as they are. */
  forTecnico?(row: NoInfer<Omit<R, "cursor">>): unknown;
}

/** One record: `GET base/:id`, 404 with `notFound` when `find` gives nothing. */
export interface CrudRead<D> {
  summary: string;
  /** Default: `access.read`. */
  access?: Access;
  response: Schema;
  find: (id: string) => Promise<D | null | undefined>;
  notFound: string;
  forTecnico?(detail: NoInfer<D>): unknown;
}

/** `POST base`: 201 with what the service gives back. */
export interface CrudCreate<B extends Schema> {
  summary: string;
  body: B;
  /** Default: `row`. */
  response?: Schema;
  run: (actor: Actor, body: z.output<B>) => Promise<unknown>;
}

/** `PUT base/:id`: 200 with what the service gives back. */
export interface CrudUpdate<B extends Schema> {
  summary: string;
  body: B;
  /** Default: `row`. */
  response?: Schema;
  run: (actor: Actor, id: string, body: z.output<B>) => Promise<unknown>;
}

/** `DELETE base/:id`: 204 once `run` has finished. */
export interface CrudDelete {
  summary: string;
  run: (actor: Actor, id: string) => Promise<unknown>;
}

export interface CrudSpec<Q extends Schema, R extends { cursor: string }, D, C extends Schema, U extends Schema> {
  base: `/api/${string}`;
  tags: string[];
  /** Reads (list, read) and writes (create, update, delete), as auth/guard.ts names them. */
  access: { read: Access; write: Access };
  /** The record as create and update answer it (and, as an array, the list). */
  row: Schema;
  /** The technician's `row`, when staff read the list: the list answers byRole(row, rowTecnico). */
  rowTecnico?: Schema;
  list?: CrudList<Q, R>;
  read?: CrudRead<D>;
  create?: CrudCreate<C>;
  update?: CrudUpdate<U>;
  remove?: CrudDelete;
}

/**
 * The declared endpoints of the operations `spec` names, in the order list, read, create,
 * update, delete. Access, summaries and the derived operationIds are exactly those an
 * `endpoint()` per route would declare (http/register.ts reads them the same way).
 */
export function crudEndpoints<Q extends Schema, R extends { cursor: string }, D, C extends Schema, U extends Schema>(
  spec: CrudSpec<Q, R, D, C, U>,
): Endpoint[] {
  const { base, tags, access, row, list, read, create, update, remove } = spec;
  const item = `${base}/:id` as const;
  const out: Endpoint[] = [];

  if (list) {
    const response = list.response ?? (spec.rowTecnico ? byRole(z.array(row), z.array(spec.rowTecnico)) : z.array(row));
    out.push(
      endpoint({
        method: "GET",
        url: base,
        access: list.access ?? access.read,
        summary: list.summary,
        schema: { tags, querystring: list.query, response: { 200: response } },
        handler: async (request, reply) => {
          const asked = request.query as z.output<Q>;
          const query = list.prepare ? list.prepare(asked, request) : asked;
          const ks = list.keyset(query);
          const params = query as ListParams;
          const rows = await sendKeysetPage(reply, ks, params, list.rows(query, ks), list.count(query));
          return list.forTecnico && !seesMoney(request) ? rows.map(list.forTecnico) : rows;
        },
      }),
    );
  }

  if (read) {
    out.push(
      endpoint({
        method: "GET",
        url: item,
        access: read.access ?? access.read,
        summary: read.summary,
        schema: { tags, params: idParams, response: { 200: read.response } },
        handler: async (request) => {
          const detail = await read.find(request.params.id);
          if (!detail) throw notFound(read.notFound);
          return read.forTecnico && !seesMoney(request) ? read.forTecnico(detail) : detail;
        },
      }),
    );
  }

  if (create) {
    out.push(
      endpoint({
        method: "POST",
        url: base,
        access: access.write,
        summary: create.summary,
        schema: { tags, body: create.body, response: { 201: create.response ?? row } },
        handler: async (request, reply) =>
          reply.status(201).send(await create.run(actorOf(request), request.body as z.output<C>)),
      }),
    );
  }

  if (update) {
    out.push(
      endpoint({
        method: "PUT",
        url: item,
        access: access.write,
        summary: update.summary,
        schema: { tags, params: idParams, body: update.body, response: { 200: update.response ?? row } },
        handler: async (request) => update.run(actorOf(request), request.params.id, request.body as z.output<U>),
      }),
    );
  }

  if (remove) {
    out.push(
      endpoint({
        method: "DELETE",
        url: item,
        access: access.write,
        summary: remove.summary,
        schema: { tags, params: idParams, response: { 204: z.null() } },
        handler: async (request, reply) => {
          await remove.run(actorOf(request), request.params.id);
          return reply.status(204).send(null);
        },
      }),
    );
  }

  return out;
}
