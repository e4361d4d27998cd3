CREATE INDEX "services_list_idx" ON "services" USING btree (lower("name"),"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "clients_list_idx" ON "clients" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "clients_type_list_idx" ON "clients" USING btree ("type","created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_list_idx" ON "contacts" USING btree (lower("name"),"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contracts_list_idx" ON "contracts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contracts_status_list_idx" ON "contracts" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_list_idx" ON "invoices" USING btree ("year","sequence","id");--> statement-breakpoint
CREATE INDEX "invoices_status_list_idx" ON "invoices" USING btree ("status","year","sequence","id");--> statement-breakpoint
CREATE INDEX "estimates_list_idx" ON "estimates" USING btree ("created_at","number");--> statement-breakpoint
CREATE INDEX "estimates_status_list_idx" ON "estimates" USING btree ("status","created_at","number");--> statement-breakpoint
CREATE INDEX "sites_list_idx" ON "construction_sites" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "sites_status_list_idx" ON "construction_sites" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_list_idx" ON "orders" USING btree ("order_date","number");--> statement-breakpoint
CREATE INDEX "orders_status_list_idx" ON "orders" USING btree ("status","order_date","number");--> statement-breakpoint
CREATE INDEX "suppliers_list_idx" ON "suppliers" USING btree (lower("name"),"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "surveys_list_idx" ON "surveys" USING btree ("date" DESC NULLS FIRST,"time" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "surveys_status_list_idx" ON "surveys" USING btree ("status","date" DESC NULLS FIRST,"time" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "outbox_list_idx" ON "outbox" USING btree ("created_at","id");