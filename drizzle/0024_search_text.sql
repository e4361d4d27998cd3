-- The search box of the clients and contacts lists (issue 27, docs/decisions/019-list-search-text.md):
-- "q" was an ILIKE on each of name, e-mail and phone, so a page walking the list's index tested
-- three patterns per row (1,400 rows for "Moretti" at scale 500) and a count read three trigram
-- indexes. Now one LIKE on search_text, the three fields lowercased (what ILIKE does to both
-- sides) and joined by U+001F, which no field carries, so a pattern never spans two of them;
-- stored and generated, so no insert or update writes it; one trigram index serves it. The e-mail
-- and phone trigram indexes served nothing else and go; clients_name_trgm stays (the estimates,
-- surveys, sites and contracts lists search the client's name alone), contacts_name_trgm goes
-- (nothing else searches a contact's name).
ALTER TABLE "clients" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("name" || E'\x1f' || coalesce("email", '') || E'\x1f' || coalesce("phone", ''))) STORED;--> statement-breakpoint
CREATE INDEX "clients_search_trgm" ON "clients" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
DROP INDEX "clients_email_trgm";--> statement-breakpoint
DROP INDEX "clients_phone_trgm";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("name" || E'\x1f' || coalesce("email", '') || E'\x1f' || coalesce("phone", ''))) STORED;--> statement-breakpoint
CREATE INDEX "contacts_search_trgm" ON "contacts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
DROP INDEX "contacts_name_trgm";--> statement-breakpoint
DROP INDEX "contacts_email_trgm";--> statement-breakpoint
DROP INDEX "contacts_phone_trgm";--> statement-breakpoint
-- The planner's statistics for the new columns now, not at the next autovacuum: without them it
-- guesses how many rows a search matches, and so whether to walk the list's index or the trigrams.
ANALYZE "clients";--> statement-breakpoint
ANALYZE "contacts";
