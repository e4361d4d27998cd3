import { crudEndpoints } from "../../http/crud";
import type { Endpoint } from "../../http/endpoint";
import { serviceInputSchema, serviceListQuerySchema, serviceSchema, serviceUpdateSchema } from "@domain/services";
import type { AppDeps } from "../../deps";
import { countServices, findService, listServices, serviceKeyset } from "./queries";
import { createService, deleteService, updateService } from "./service";

// The catalogue is the company's price list: the office's (admin and ufficio). The estimate form asks for
// `?status=attivo&q=…` (docs/domain/statuses.md: only active services are offered).
export const serviceEndpoints = ({ db }: AppDeps): Endpoint[] =>
  crudEndpoints({
    base: "/api/services",
    tags: ["servizi"],
    access: { read: "office", write: "office" },
    row: serviceSchema,
    list: {
      summary: "Listino delle lavorazioni",
      query: serviceListQuerySchema,
      keyset: serviceKeyset,
      rows: (query, ks) => listServices(db, query, ks),
      count: (query) => countServices(db, query),
    },
    read: {
      summary: "Una lavorazione del listino",
      response: serviceSchema,
      find: (id) => findService(db, id),
      notFound: "Servizio non trovato",
    },
    create: { summary: "Crea una lavorazione del listino", body: serviceInputSchema, run: (actor, body) => createService(db, actor, body) },
    update: {
      summary: "Modifica una lavorazione del listino",
      body: serviceUpdateSchema,
      run: (actor, id, body) => updateService(db, actor, id, body),
    },
    remove: { summary: "Elimina una lavorazione del listino", run: (actor, id) => deleteService(db, actor, id) },
  });
