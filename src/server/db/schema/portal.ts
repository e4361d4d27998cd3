import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { clients } from "./clients";
import { createdAt, id, timestampTz, version } from "./columns";

/**
 * "Richiedi Informazioni" from the portal (docs/domain/portal.md): the client's question,
 * optionally about one of its records, and the office's reply, which the client reads in
 * "Le mie richieste" and is told of in its bell (and by e-mail when it has an address).
 */
export const informationRequests = pgTable(
  "information_requests",
  {
    id: id(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    subject: text().notNull(),
    message: text().notNull(),
    /** site | estimate | invoice, checked against the client when the request was made. */
    entityType: text(),
    entityId: uuid(),
    /** The record's number or name as it was then (e.g. "PRV-2026-0012"). */
    entityLabel: text(),
    reply: text(),
    repliedAt: timestampTz(),
    repliedById: uuid().references(() => users.id, { onDelete: "set null" }),
    repliedByName: text(),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    index("information_requests_client_created_idx").on(t.clientId, t.createdAt),
    index("information_requests_open_created_idx").on(t.repliedAt, t.createdAt),
    // The office's list: newest first, or by reply date, each then the id (migration 0017).
    index("information_requests_list_idx").on(t.createdAt, t.id),
    index("information_requests_replied_sort_idx").on(t.repliedAt, t.id),
  ],
);
