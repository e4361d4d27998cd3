-- Keyset pagination on the remaining lists (issue 27): every sort a screen offers is followed by
-- the id in its own direction (lib/list.ts sortKeys' tieBreak), so one (column, id) index serves
-- it read forwards or backwards, and a cursor starts the page's index scan where the last ended.
CREATE INDEX "contacts_name_sort_idx" ON "contacts" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "contacts_created_sort_idx" ON "contacts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "surveys_created_sort_idx" ON "surveys" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "surveys_status_sort_idx" ON "surveys" USING btree ("status","id");--> statement-breakpoint
DROP INDEX "orders_total_sort_idx";--> statement-breakpoint
CREATE INDEX "orders_total_sort_idx" ON "orders" USING btree ("total_amount","id");--> statement-breakpoint
DROP INDEX "orders_title_sort_idx";--> statement-breakpoint
CREATE INDEX "orders_title_sort_idx" ON "orders" USING btree (lower("title"),"id");--> statement-breakpoint
CREATE INDEX "orders_status_sort_idx" ON "orders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "orders_created_sort_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
DROP INDEX "order_items_order_idx";--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id","position","created_at","id");--> statement-breakpoint
CREATE INDEX "sites_name_sort_idx" ON "construction_sites" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "sites_start_sort_idx" ON "construction_sites" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "sites_end_sort_idx" ON "construction_sites" USING btree ("estimated_end_date","id");--> statement-breakpoint
CREATE INDEX "sites_progress_sort_idx" ON "construction_sites" USING btree ("progress","id");--> statement-breakpoint
DROP INDEX "contracts_signed_sort_idx";--> statement-breakpoint
CREATE INDEX "contracts_signed_sort_idx" ON "contracts" USING btree ("signed_date","id");--> statement-breakpoint
CREATE INDEX "contracts_status_sort_idx" ON "contracts" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "suppliers_name_sort_idx" ON "suppliers" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "suppliers_city_sort_idx" ON "suppliers" USING btree (lower("city"),"id");--> statement-breakpoint
CREATE INDEX "suppliers_created_sort_idx" ON "suppliers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "suppliers_status_sort_idx" ON "suppliers" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "services_name_sort_idx" ON "services" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "services_price_sort_idx" ON "services" USING btree ("unit_price","id");--> statement-breakpoint
CREATE INDEX "services_category_sort_idx" ON "services" USING btree ("category","id");--> statement-breakpoint
CREATE INDEX "services_created_sort_idx" ON "services" USING btree ("created_at","id");--> statement-breakpoint
DROP INDEX "outbox_subject_sort_idx";--> statement-breakpoint
CREATE INDEX "outbox_subject_sort_idx" ON "outbox" USING btree (lower("subject"),"id");--> statement-breakpoint
DROP INDEX "outbox_to_sort_idx";--> statement-breakpoint
CREATE INDEX "outbox_to_sort_idx" ON "outbox" USING btree (lower("to"),"id");--> statement-breakpoint
CREATE INDEX "information_requests_list_idx" ON "information_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "information_requests_replied_sort_idx" ON "information_requests" USING btree ("replied_at","id");
