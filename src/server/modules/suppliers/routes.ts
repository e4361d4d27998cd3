import { endpoint, type Endpoint } from "../../http/endpoint";
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
import { sendKeysetPage } from "../../http/page";
import { countSuppliers, getSupplierDetail, listSuppliers, supplierKeyset } from "./queries";
import { createSupplier, deleteSupplier, SUPPLIER_NOT_FOUND, updateSupplier } from "./service";
import { actorOf } from "../../auth/actor";

// Suppliers are company data: the office's (admin and ufficio), never a technician.
export const supplierEndpoints = ({ db }: AppDeps): Endpoint[] => {
  const tags = ["fornitori"];
  return [
    endpoint({
      method: "GET",
      url: "/api/suppliers",
      access: "office",
      summary: "Elenco dei fornitori",
      schema: { tags, querystring: supplierListQuerySchema, response: { 200: z.array(supplierSchema) } },
      handler: async (request, reply) => {
        const ks = supplierKeyset(request.query);
        const rows = listSuppliers(db, request.query, ks);
        return sendKeysetPage(reply, ks, request.query, rows, countSuppliers(db, request.query));
      },
    }),

    endpoint({
      method: "GET",
      url: "/api/suppliers/:id",
      access: "office",
      summary: "Un fornitore",
      schema: { tags, params: idParams, response: { 200: supplierDetailSchema } },
      handler: async (request) => {
        const detail = await getSupplierDetail(db, request.params.id);
        if (!detail) throw notFound(SUPPLIER_NOT_FOUND);
        return detail;
      },
    }),

    endpoint({
      method: "POST",
      url: "/api/suppliers",
      access: "office",
      summary: "Crea un fornitore",
      schema: { tags, body: supplierInputSchema, response: { 201: supplierSchema } },
      handler: async (request, reply) => reply.status(201).send(await createSupplier(db, actorOf(request), request.body)),
    }),

    endpoint({
      method: "PUT",
      url: "/api/suppliers/:id",
      access: "office",
      summary: "Modifica un fornitore",
      schema: { tags, params: idParams, body: supplierUpdateSchema, response: { 200: supplierSchema } },
      handler: async (request) => updateSupplier(db, actorOf(request), request.params.id, request.body),
    }),

    endpoint({
      method: "DELETE",
      url: "/api/suppliers/:id",
      access: "office",
      summary: "Elimina un fornitore",
      schema: { tags, params: idParams, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await deleteSupplier(db, actorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    }),
  ];
};
