-- Indexes for the list columns that sort on a header click and had none (issue 28).
CREATE INDEX IF NOT EXISTS "estimates_total_sort_idx" ON "estimates" USING btree ("total_amount");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "estimates_expires_sort_idx" ON "estimates" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contracts_signed_sort_idx" ON "contracts" USING btree ("signed_date");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_due_sort_idx" ON "invoices" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_total_sort_idx" ON "invoices" USING btree ("total_amount");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_total_sort_idx" ON "orders" USING btree ("total_amount");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_title_sort_idx" ON "orders" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outbox_subject_sort_idx" ON "outbox" USING btree (lower("subject"));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outbox_to_sort_idx" ON "outbox" USING btree (lower("to"));--> statement-breakpoint
-- Contract signed online (decisions §9): who signed, when the client accepted in the portal.
ALTER TABLE "contracts" ADD COLUMN IF NOT EXISTS "signed_by" text;
