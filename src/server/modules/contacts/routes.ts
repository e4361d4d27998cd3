import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "@domain/common";
import { contactDetailSchema, contactInputSchema, contactListQuerySchema, contactSchema, contactUpdateSchema } from "@domain/contacts";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import { sendKeysetPage } from "../../lib/list";
import { contactKeyset, countContacts, getContactDetail, listContacts } from "./queries";
import { createContact, deleteContact, updateContact } from "./service";
import { actorOf } from "../../auth/actor";

// Contacts are the company's address book: the office keeps it, a technician reads it.
export const contactRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    "/api/contacts",
    { config: { access: "staff" }, schema: { tags: ["contatti"], querystring: contactListQuerySchema, response: { 200: z.array(contactSchema) } } },
    async (request, reply) => {
      const ks = contactKeyset(request.query);
      const rows = listContacts(db, request.query, ks);
      return sendKeysetPage(reply, ks, request.query, rows, countContacts(db, request.query));
    },
  );

  app.get(
    "/api/contacts/:id",
    { config: { access: "staff" }, schema: { tags: ["contatti"], params: idParams, response: { 200: contactDetailSchema } } },
    async (request) => {
      const detail = await getContactDetail(db, request.params.id);
      if (!detail) throw notFound("Contatto non trovato");
      return detail;
    },
  );

  app.post(
    "/api/contacts",
    { config: { access: "office" }, schema: { tags: ["contatti"], body: contactInputSchema, response: { 201: contactSchema } } },
    async (request, reply) => reply.status(201).send(await createContact(db, actorOf(request), request.body)),
  );

  app.put(
    "/api/contacts/:id",
    { config: { access: "office" }, schema: { tags: ["contatti"], params: idParams, body: contactUpdateSchema, response: { 200: contactSchema } } },
    async (request) => updateContact(db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    "/api/contacts/:id",
    { config: { access: "office" }, schema: { tags: ["contatti"], params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteContact(db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
