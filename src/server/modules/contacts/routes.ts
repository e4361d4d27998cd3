import { crudEndpoints } from "../../http/crud";
import type { Endpoint } from "../../http/endpoint";
import { contactDetailSchema, contactInputSchema, contactListQuerySchema, contactSchema, contactUpdateSchema } from "@domain/contacts";
import type { AppDeps } from "../../deps";
import { contactKeyset, countContacts, getContactDetail, listContacts } from "./queries";
import { createContact, deleteContact, updateContact } from "./service";

// Contacts are the company's address book: the office keeps it, a technician reads it.
export const contactEndpoints = ({ db }: AppDeps): Endpoint[] =>
  crudEndpoints({
    base: "/api/contacts",
    tags: ["contatti"],
    access: { read: "staff", write: "office" },
    row: contactSchema,
    list: {
      summary: "Elenco dei contatti",
      query: contactListQuerySchema,
      keyset: contactKeyset,
      rows: (query, ks) => listContacts(db, query, ks),
      count: (query) => countContacts(db, query),
    },
    read: {
      summary: "Un contatto con il suo cliente e i sopralluoghi",
      response: contactDetailSchema,
      find: (id) => getContactDetail(db, id),
      notFound: "Contatto non trovato",
    },
    create: { summary: "Crea un contatto", body: contactInputSchema, run: (actor, body) => createContact(db, actor, body) },
    update: { summary: "Modifica un contatto", body: contactUpdateSchema, run: (actor, id, body) => updateContact(db, actor, id, body) },
    remove: { summary: "Elimina un contatto", run: (actor, id) => deleteContact(db, actor, id) },
  });
