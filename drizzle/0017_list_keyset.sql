-- Keyset pagination on the remaining lists (issue 27): every sort a screen offers is followed by
-- the id in its own direction (lib/list.ts sortKeys' tieBreak), so one (column, id) index serves
-- it read forwards or backwards, and a cursor starts the page's index scan where the last ended.
CREATE INDEX "contacts_name_sort_idx" ON "contacts" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "contacts_created_sort_idx" ON "contacts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "surveys_created_sort_idx" ON "surveys" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "surveys_status_sort_idx" ON "surveys" USING btree ("status","id");
