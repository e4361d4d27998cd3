-- The clients search's page picks its rows from the list's index alone (issue 27,
-- docs/decisions/019-list-search-text.md, "The page reads the index first"): a search such as
-- "Moretti" (404 of 20,000 clients at scale 500) walks clients_list_idx in the list's order and
-- drops ~1,400 rows before it has 25, and each dropped row was a heap fetch of the whole client.
-- With search_text carried in the index (INCLUDE: not a key, it orders nothing) the walk is an
-- index-only scan that tests the pattern on the index entry; only the 25 rows of the page are then
-- read from the table (clients/queries.ts listClients). The unfiltered pages walk the same index.
-- clients_created_idx (created_at alone) goes: clients_list_idx starts with the same column and
-- serves whatever it served, and the planner, seeing a narrower index, walked it with an
-- incremental sort and a heap fetch per row instead of the covering one.
DROP INDEX "clients_created_idx";--> statement-breakpoint
DROP INDEX "clients_list_idx";--> statement-breakpoint
CREATE INDEX "clients_list_idx" ON "clients" USING btree ("created_at", "id") INCLUDE ("search_text");
