import { crudEndpoints } from "../../http/crud";
import type { Endpoint } from "../../http/endpoint";
import {
  clientDetailForTecnico,
  clientDetailSchema,
  clientDetailTecnicoSchema,
  clientInputSchema,
  clientListQuerySchema,
  clientSchema,
  clientUpdateSchema,
} from "@domain/clients";
import type { AppDeps } from "../../deps";
import { byRole } from "../../auth/shaping";
import { portalAccessEndpoints } from "./portal-access-routes";
import { clientKeyset, countClients, getClientDetail, listClients } from "./queries";
import { createClient, deleteClient, updateClient } from "./service";

export const clientEndpoints = (deps: AppDeps): Endpoint[] => {
  const { db } = deps;
  return [
    // Portal accounts of a client and the one-time activation link (portal-access-routes.ts).
    ...portalAccessEndpoints(deps),

    ...crudEndpoints({
      base: "/api/clients",
      tags: ["clienti"],
      access: { read: "staff", write: "office" },
      row: clientSchema,
      list: {
        summary: "Elenco dei clienti",
        query: clientListQuerySchema,
        keyset: clientKeyset,
        rows: (query, ks) => listClients(db, query, ks),
        count: (query) => countClients(db, query),
      },
      read: {
        summary: "Un cliente con contatti, ultimi preventivi e accesso al portale",
        response: byRole(clientDetailSchema, clientDetailTecnicoSchema),
        find: (id) => getClientDetail(db, id),
        notFound: "Cliente non trovato",
        forTecnico: clientDetailForTecnico,
      },
      create: { summary: "Crea un cliente", body: clientInputSchema, run: (actor, body) => createClient(db, actor, body) },
      update: { summary: "Modifica un cliente", body: clientUpdateSchema, run: (actor, id, body) => updateClient(db, actor, id, body) },
      remove: { summary: "Elimina un cliente", run: (actor, id) => deleteClient(db, actor, id) },
    }),
  ];
};
