import { sql } from "drizzle-orm";
import { boolean, check, date, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { surveyStatuses } from "@domain/statuses";
import { users } from "./accounts";
import { clients, contacts } from "./clients";
import { createdAt, id, oneOf, trigramIndex, updatedAt, version } from "./columns";

export const surveys = pgTable(
  "surveys",
  {
    id: id(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: "restrict" }),
    contactId: uuid().references(() => contacts.id, { onDelete: "set null" }),
    date: date({ mode: "string" }).notNull(),
    time: text(),
    address: text().notNull(),
    description: text(),
    notes: text(),
    status: text({ enum: surveyStatuses.values }).notNull().default("programmato"),
    surveyType: text(),
    estimatedDuration: text(),
    requiredEquipment: text(),
    accessConditions: text(),
    issuesFound: text(),
    measurements: text(),
    photosNotes: text(),
    urgencyLevel: text(),
    weatherConditions: text(),
    ownerPresent: boolean().notNull().default(false),
    safetyNotes: text(),
    followUpRequired: boolean().notNull().default(false),
    followUpDate: date({ mode: "string" }),
    /** The technician who goes on the roof. */
    assignedUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    /** Asked by the client in the portal ("Le mie richieste" lists these, docs/domain/portal.md). */
    portalRequest: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    check("surveys_status_check", oneOf(t.status, surveyStatuses.values)),
    index("surveys_client_idx").on(t.clientId),
    index("surveys_contact_idx").on(t.contactId),
    index("surveys_status_date_idx").on(t.status, t.date),
    index("surveys_date_idx").on(t.date),
    index("surveys_assigned_date_idx").on(t.assignedUserId, t.date),
    index("surveys_portal_client_date_idx").on(t.clientId, t.date).where(sql`${t.portalRequest}`),
    index("surveys_address_idx").on(sql`lower(${t.address})`),
    trigramIndex("surveys_address_trgm", t.address),
    trigramIndex("surveys_description_trgm", t.description),
    // The list's order (date, time nulls last, id) both ways: newest first, or a calendar range in day order.
    index("surveys_list_idx").on(t.date.desc().nullsFirst(), t.time.desc().nullsLast(), t.id.desc().nullsFirst()),
    // A chosen sort, then the id in its direction (migration 0017).
    index("surveys_created_sort_idx").on(t.createdAt, t.id),
    index("surveys_status_sort_idx").on(t.status, t.id),
    index("surveys_status_list_idx").on(t.status, t.date.desc().nullsFirst(), t.time.desc().nullsLast(), t.id.desc().nullsFirst()),
  ],
);
