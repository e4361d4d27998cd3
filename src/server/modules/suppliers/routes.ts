import { crudEndpoints } from "../../http/crud";
import type { Endpoint } from "../../http/endpoint";
import {
  supplierDetailSchema,
  supplierInputSchema,
  supplierListQuerySchema,
  supplierSchema,
  supplierUpdateSchema,
} from "@domain/suppliers";
import type { AppDeps } from "../../deps";
import { countSuppliers, getSupplierDetail, listSuppliers, supplierKeyset } from "./queries";
import { createSupplier, deleteSupplier, SUPPLIER_NOT_FOUND, updateSupplier } from "./service";

// Suppliers are company data: the office's (admin and ufficio), never a technician.
export const supplierEndpoints = ({ db }: AppDeps): Endpoint[] =>
  crudEndpoints({
    base: "/api/suppliers",
    tags: ["fornitori"],
    access: { read: "office", write: "office" },
    row: supplierSchema,
    list: {
      summary: "Elenco dei fornitori",
      query: supplierListQuerySchema,
      keyset: supplierKeyset,
      rows: (query, ks) => listSuppliers(db, query, ks),
      count: (query) => countSuppliers(db, query),
    },
    read: {
      summary: "Un fornitore con i totali e gli ultimi ordini",
      response: supplierDetailSchema,
      find: (id) => getSupplierDetail(db, id),
      notFound: SUPPLIER_NOT_FOUND,
    },
    create: { summary: "Crea un fornitore", body: supplierInputSchema, run: (actor, body) => createSupplier(db, actor, body) },
    update: { summary: "Modifica un fornitore", body: supplierUpdateSchema, run: (actor, id, body) => updateSupplier(db, actor, id, body) },
    remove: { summary: "Elimina un fornitore", run: (actor, id) => deleteSupplier(db, actor, id) },
  });
