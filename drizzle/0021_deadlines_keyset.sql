-- Keyset pagination of the "Scadenze" list (issue 27, docs/decisions/015-deadlines-speed.md): its
-- order ends with the firm's id, so that a cursor names one row even when two firms of the same
-- name miss the same paper on one site. The missing papers' indexes gain that column (the papers
-- on file are already unique by their document), so each branch of the list still reads its
-- index in the list's order from the cursor.
DROP INDEX "compliance_requirements_missing_idx";--> statement-breakpoint
CREATE INDEX "compliance_requirements_missing_idx" ON "compliance_requirements" USING btree ("site_sort","site_id","kind_rank","supplier_name" NULLS FIRST,"supplier_id") WHERE "document_id" IS NULL;--> statement-breakpoint
DROP INDEX "compliance_requirements_missing_open_idx";--> statement-breakpoint
CREATE INDEX "compliance_requirements_missing_open_idx" ON "compliance_requirements" USING btree ("site_sort","site_id","kind_rank","supplier_name" NULLS FIRST,"supplier_id") WHERE "document_id" IS NULL AND "site_status" <> 'completato';
