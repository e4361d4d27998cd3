import { endpoint, type Endpoint } from "../../http/endpoint";
import { idParams } from "@domain/common";
import { contactDetailSchema, contactInputSchema, contactListQuerySchema, contactSchema, contactUpdateSchema } from "@domain/contacts";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import { sendKeysetPage } from "../../http/page";
import { contactKeyset, countContacts, getContactDetail, listContacts } from "./queries";
import { createContact, deleteContact, updateContact } from "./service";
import { actorOf } from "../../auth/actor";

// Contacts are the company's address book: the office keeps it, a technician reads it.
export const contactEndpoints = ({ db }: AppDeps): Endpoint[] => {
  return [
    endpoint({
      method: "GET",
      url: "/api/contacts",
      access: "staff",
      summary: "Elenco dei contatti",
      schema: { tags: ["contatti"], querystring: contactListQuerySchema, response: { 200: z.array(contactSchema) } },
      handler: async (request, reply) => {
        const ks = contactKeyset(request.query);
        const rows = listContacts(db, request.query, ks);
        return sendKeysetPage(reply, ks, request.query, rows, countContacts(db, request.query));
      },
    }),

    endpoint({
      method: "GET",
      url: "/api/contacts/:id",
      access: "staff",
      summary: "Un contatto",
      schema: { tags: ["contatti"], params: idParams, response: { 200: contactDetailSchema } },
      handler: async (request) => {
        const detail = await getContactDetail(db, request.params.id);
        if (!detail) throw notFound("Contatto non trovato");
        return detail;
      },
    }),

    endpoint({
      method: "POST",
      url: "/api/contacts",
      access: "office",
      summary: "Crea un contatto",
      schema: { tags: ["contatti"], body: contactInputSchema, response: { 201: contactSchema } },
      handler: async (request, reply) => reply.status(201).send(await createContact(db, actorOf(request), request.body)),
    }),

    endpoint({
      method: "PUT",
      url: "/api/contacts/:id",
      access: "office",
      summary: "Modifica un contatto",
      schema: { tags: ["contatti"], params: idParams, body: contactUpdateSchema, response: { 200: contactSchema } },
      handler: async (request) => updateContact(db, actorOf(request), request.params.id, request.body),
    }),

    endpoint({
      method: "DELETE",
      url: "/api/contacts/:id",
      access: "office",
      summary: "Elimina un contatto",
      schema: { tags: ["contatti"], params: idParams, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await deleteContact(db, actorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    }),
  ];
};
