-- The dashboard within its budget at ten years of data (docs/decisions/013-dashboard-speed.md).
-- Estimates by status: a four-row summary kept by statement-level triggers in the writing
-- transaction, instead of a GROUP BY over every estimate ever written on each dashboard read.
CREATE TABLE "estimate_status_totals" (
	"status" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"total_amount" numeric(14, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
INSERT INTO "estimate_status_totals" ("status", "count", "total_amount")
	SELECT "status", count(*), coalesce(sum("total_amount"), 0) FROM "estimates" GROUP BY "status";
--> statement-breakpoint
-- One function for the three events: each branch reads only the transition tables its event has.
-- Rows are upserted in status order (a fixed lock order: two writers cannot deadlock on them);
-- an update that changes neither status nor amount writes nothing.
CREATE FUNCTION "estimate_status_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "estimate_status_totals" AS t ("status", "count", "total_amount")
			SELECT "status", count(*), coalesce(sum("total_amount"), 0) FROM new_rows GROUP BY "status" ORDER BY "status"
			ON CONFLICT ("status") DO UPDATE SET "count" = t."count" + excluded."count", "total_amount" = t."total_amount" + excluded."total_amount";
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "estimate_status_totals" AS t ("status", "count", "total_amount")
			SELECT "status", -count(*), -coalesce(sum("total_amount"), 0) FROM old_rows GROUP BY "status" ORDER BY "status"
			ON CONFLICT ("status") DO UPDATE SET "count" = t."count" + excluded."count", "total_amount" = t."total_amount" + excluded."total_amount";
	ELSE
		INSERT INTO "estimate_status_totals" AS t ("status", "count", "total_amount")
			SELECT "status", sum(n), sum(amount) FROM (
				SELECT "status", 1 AS n, "total_amount" AS amount FROM new_rows
				UNION ALL
				SELECT "status", -1, -"total_amount" FROM old_rows
			) d GROUP BY "status" HAVING sum(n) <> 0 OR sum(amount) <> 0 ORDER BY "status"
			ON CONFLICT ("status") DO UPDATE SET "count" = t."count" + excluded."count", "total_amount" = t."total_amount" + excluded."total_amount";
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "estimate_status_totals_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "estimate_status_totals";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "estimates_status_totals_insert" AFTER INSERT ON "estimates"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "estimate_status_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "estimates_status_totals_update" AFTER UPDATE ON "estimates"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "estimate_status_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "estimates_status_totals_delete" AFTER DELETE ON "estimates"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "estimate_status_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "estimates_status_totals_truncate" AFTER TRUNCATE ON "estimates"
	FOR EACH STATEMENT EXECUTE FUNCTION "estimate_status_totals_reset"();
--> statement-breakpoint
-- Invoiced per month over the last twelve months: an index-only range scan of the window.
CREATE INDEX "invoices_issued_month_idx" ON "invoices" USING btree ("issue_date","amount") WHERE "invoices"."status" <> 'bozza';--> statement-breakpoint
-- Overdue: only the invoices not yet paid (a few per cent of ten years), read from the index alone.
CREATE INDEX "invoices_unpaid_due_idx" ON "invoices" USING btree ("due_date","status","total_amount","net_to_pay","paid_amount","credited_amount") WHERE "invoices"."status" <> 'pagata' and "invoices"."kind" <> 'nota_credito';--> statement-breakpoint
-- Sites by status (and late ones) from the index alone; the "Scadenze" list's open sites by status.
CREATE INDEX "sites_status_end_idx" ON "construction_sites" USING btree ("status","estimated_end_date");
