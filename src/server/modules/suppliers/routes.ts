import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "@domain/common";
import {
  supplierDetailSchema,
  supplierInputSchema,
  supplierListQuerySchema,
  supplierSchema,
  supplierUpdateSchema,
} from "@domain/suppliers";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import { sendKeysetPage } from "../../lib/list";
import { countSuppliers, getSupplierDetail, listSuppliers, supplierKeyset } from "./queries";
import { createSupplier, deleteSupplier, SUPPLIER_NOT_FOUND, updateSupplier } from "./service";
import { actorOf } from "../../auth/actor";

// Suppliers are company data: the office's (admin and ufficio), never a technician.
export const supplierRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const tags = ["fornitori"];

  app.get(
    "/api/suppliers",
    { config: { access: "office" }, schema: { tags, querystring: supplierListQuerySchema, response: { 200: z.array(supplierSchema) } } },
    async (request, reply) => {
      const ks = supplierKeyset(request.query);
      const rows = listSuppliers(db, request.query, ks);
      return sendKeysetPage(reply, ks, request.query, rows, countSuppliers(db, request.query));
    },
  );

  app.get(
    "/api/suppliers/:id",
    { config: { access: "office" }, schema: { tags, params: idParams, response: { 200: supplierDetailSchema } } },
    async (request) => {
      const detail = await getSupplierDetail(db, request.params.id);
      if (!detail) throw notFound(SUPPLIER_NOT_FOUND);
      return detail;
    },
  );

  app.post(
    "/api/suppliers",
    { config: { access: "office" }, schema: { tags, body: supplierInputSchema, response: { 201: supplierSchema } } },
    async (request, reply) => reply.status(201).send(await createSupplier(db, actorOf(request), request.body)),
  );

  app.put(
    "/api/suppliers/:id",
    { config: { access: "office" }, schema: { tags, params: idParams, body: supplierUpdateSchema, response: { 200: supplierSchema } } },
    async (request) => updateSupplier(db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    "/api/suppliers/:id",
    { config: { access: "office" }, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteSupplier(db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
