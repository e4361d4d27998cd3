-- What is still to collect, by due date, kept in the writing transaction
-- (docs/decisions/013-dashboard-speed.md, "Overdue"): the dashboard's "Fatture scadute" card is the
-- sum of the rows due before today, a few hundred at most (one per due date with something open),
-- instead of an aggregate over every open invoice past due (1,159 index entries and their
-- remainders on each dashboard read at scale 500). An invoice counts while it is open
-- (invoices/queries.ts openSql: not paid, not a credit note, a draft or a remainder above zero),
-- for its whole total while a draft and its remainder once issued. Overdue depends on today, so
-- it is not kept: only the amounts by due date are. Same shape as invoice_month_totals (0019):
-- statement-level triggers with transition tables, rows upserted in date order; a date left with
-- nothing open is deleted, so ten years of paid invoices leave no rows to read.
CREATE TABLE "invoice_due_totals" (
	"due_date" date PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"amount" numeric(16, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
-- An open invoice's row and amount (NULL when it is not open or has no due date).
CREATE FUNCTION "invoice_due_amount"("status" text, "kind" text, "total_amount" numeric, "net_to_pay" numeric,
	"paid_amount" numeric, "credited_amount" numeric) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE
		WHEN "status" = 'pagata' OR "kind" = 'nota_credito' THEN NULL
		WHEN "status" = 'bozza' THEN "total_amount"
		WHEN greatest("net_to_pay" - "paid_amount" - "credited_amount", 0) > 0
			THEN greatest("net_to_pay" - "paid_amount" - "credited_amount", 0)
	END
$$;
--> statement-breakpoint
INSERT INTO "invoice_due_totals" ("due_date", "count", "amount")
	SELECT "due_date", count(*), sum(a) FROM (
		SELECT "due_date", invoice_due_amount("status", "kind", "total_amount", "net_to_pay", "paid_amount", "credited_amount") AS a
		FROM "invoices" WHERE "due_date" IS NOT NULL
	) o WHERE a IS NOT NULL GROUP BY "due_date";
--> statement-breakpoint
CREATE FUNCTION "invoice_due_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "invoice_due_totals" AS t ("due_date", "count", "amount")
			SELECT "due_date", count(*), sum(a) FROM (
				SELECT "due_date", invoice_due_amount("status", "kind", "total_amount", "net_to_pay", "paid_amount", "credited_amount") AS a
				FROM new_rows WHERE "due_date" IS NOT NULL
			) o WHERE a IS NOT NULL GROUP BY "due_date" ORDER BY "due_date"
			ON CONFLICT ("due_date") DO UPDATE SET "count" = t."count" + excluded."count", "amount" = t."amount" + excluded."amount";
		RETURN NULL;
	END IF;
	IF TG_OP = 'DELETE' THEN
		INSERT INTO "invoice_due_totals" AS t ("due_date", "count", "amount")
			SELECT "due_date", -count(*), -sum(a) FROM (
				SELECT "due_date", invoice_due_amount("status", "kind", "total_amount", "net_to_pay", "paid_amount", "credited_amount") AS a
				FROM old_rows WHERE "due_date" IS NOT NULL
			) o WHERE a IS NOT NULL GROUP BY "due_date" ORDER BY "due_date"
			ON CONFLICT ("due_date") DO UPDATE SET "count" = t."count" + excluded."count", "amount" = t."amount" + excluded."amount";
		DELETE FROM "invoice_due_totals" WHERE "count" = 0 AND "due_date" IN (SELECT "due_date" FROM old_rows);
		RETURN NULL;
	END IF;
	INSERT INTO "invoice_due_totals" AS t ("due_date", "count", "amount")
		SELECT "due_date", sum(n), sum(a) FROM (
			SELECT "due_date", 1 AS n,
				invoice_due_amount("status", "kind", "total_amount", "net_to_pay", "paid_amount", "credited_amount") AS a
			FROM new_rows WHERE "due_date" IS NOT NULL
			UNION ALL
			SELECT "due_date", -1,
				-invoice_due_amount("status", "kind", "total_amount", "net_to_pay", "paid_amount", "credited_amount")
			FROM old_rows WHERE "due_date" IS NOT NULL
		) d WHERE a IS NOT NULL GROUP BY "due_date" HAVING sum(n) <> 0 OR sum(a) <> 0 ORDER BY "due_date"
		ON CONFLICT ("due_date") DO UPDATE SET "count" = t."count" + excluded."count", "amount" = t."amount" + excluded."amount";
	DELETE FROM "invoice_due_totals" WHERE "count" = 0 AND "due_date" IN (SELECT "due_date" FROM old_rows);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "invoice_due_totals_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "invoice_due_totals";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "invoices_due_totals_insert" AFTER INSERT ON "invoices"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoice_due_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "invoices_due_totals_update" AFTER UPDATE ON "invoices"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoice_due_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "invoices_due_totals_delete" AFTER DELETE ON "invoices"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoice_due_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "invoices_due_totals_truncate" AFTER TRUNCATE ON "invoices"
	FOR EACH STATEMENT EXECUTE FUNCTION "invoice_due_totals_reset"();
