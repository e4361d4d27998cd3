-- The dashboard's twelve months from summaries kept in the writing transaction
-- (docs/decisions/013-dashboard-speed.md, "Months"): invoiced per issue month and collected per
-- payment month, instead of reading a year of invoices (25k rows at scale 500) and a year of
-- payments on every dashboard read. Same shape as estimate_status_totals (0016): statement-level
-- triggers with transition tables, rows upserted in month order, no write when nothing changes.
CREATE TABLE "invoice_month_totals" (
	"month" date PRIMARY KEY NOT NULL,
	"invoiced" numeric(14, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_month_totals" (
	"month" date PRIMARY KEY NOT NULL,
	"collected" numeric(14, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
INSERT INTO "invoice_month_totals" ("month", "invoiced")
	SELECT date_trunc('month', "issue_date")::date, sum("amount") FROM "invoices"
	WHERE "status" <> 'bozza' AND "issue_date" IS NOT NULL GROUP BY 1;
--> statement-breakpoint
INSERT INTO "payment_month_totals" ("month", "collected")
	SELECT date_trunc('month', "date")::date, sum("amount") FROM "invoice_payments" GROUP BY 1;
--> statement-breakpoint
-- An invoice counts in the month of its issue date once it is not a draft (credit notes carry a
-- negative amount). Each statement's difference is folded in: new rows add, old rows subtract;
-- each branch reads only the transition tables its event has (as in 0016).
CREATE FUNCTION "invoice_month_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "invoice_month_totals" AS t ("month", "invoiced")
			SELECT date_trunc('month', "issue_date")::date, sum("amount") FROM new_rows
			WHERE "status" <> 'bozza' AND "issue_date" IS NOT NULL GROUP BY 1 ORDER BY 1
			ON CONFLICT ("month") DO UPDATE SET "invoiced" = t."invoiced" + excluded."invoiced";
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "invoice_month_totals" AS t ("month", "invoiced")
			SELECT date_trunc('month', "issue_date")::date, -sum("amount") FROM old_rows
			WHERE "status" <> 'bozza' AND "issue_date" IS NOT NULL GROUP BY 1 ORDER BY 1
			ON CONFLICT ("month") DO UPDATE SET "invoiced" = t."invoiced" + excluded."invoiced";
	ELSE
		INSERT INTO "invoice_month_totals" AS t ("month", "invoiced")
			SELECT "month", sum(amount) FROM (
				SELECT date_trunc('month', "issue_date")::date AS "month", "amount" AS amount FROM new_rows
					WHERE "status" <> 'bozza' AND "issue_date" IS NOT NULL
				UNION ALL
				SELECT date_trunc('month', "issue_date")::date, -"amount" FROM old_rows
					WHERE "status" <> 'bozza' AND "issue_date" IS NOT NULL
			) d GROUP BY "month" HAVING sum(amount) <> 0 ORDER BY "month"
			ON CONFLICT ("month") DO UPDATE SET "invoiced" = t."invoiced" + excluded."invoiced";
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Collected: every payment in the month of its date.
CREATE FUNCTION "payment_month_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "payment_month_totals" AS t ("month", "collected")
			SELECT date_trunc('month', "date")::date, sum("amount") FROM new_rows GROUP BY 1 ORDER BY 1
			ON CONFLICT ("month") DO UPDATE SET "collected" = t."collected" + excluded."collected";
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "payment_month_totals" AS t ("month", "collected")
			SELECT date_trunc('month', "date")::date, -sum("amount") FROM old_rows GROUP BY 1 ORDER BY 1
			ON CONFLICT ("month") DO UPDATE SET "collected" = t."collected" + excluded."collected";
	ELSE
		INSERT INTO "payment_month_totals" AS t ("month", "collected")
			SELECT "month", sum(amount) FROM (
				SELECT date_trunc('month', "date")::date AS "month", "amount" AS amount FROM new_rows
				UNION ALL
				SELECT date_trunc('month', "date")::date, -"amount" FROM old_rows
			) d GROUP BY "month" HAVING sum(amount) <> 0 ORDER BY "month"
			ON CONFLICT ("month") DO UPDATE SET "collected" = t."collected" + excluded."collected";
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "invoice_month_totals_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "invoice_month_totals";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "payment_month_totals_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "payment_month_totals";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "invoices_month_totals_insert" AFTER INSERT ON "invoices"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoice_month_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "invoices_month_totals_update" AFTER UPDATE ON "invoices"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoice_month_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "invoices_month_totals_delete" AFTER DELETE ON "invoices"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoice_month_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "invoices_month_totals_truncate" AFTER TRUNCATE ON "invoices"
	FOR EACH STATEMENT EXECUTE FUNCTION "invoice_month_totals_reset"();
--> statement-breakpoint
CREATE TRIGGER "payments_month_totals_insert" AFTER INSERT ON "invoice_payments"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "payment_month_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "payments_month_totals_update" AFTER UPDATE ON "invoice_payments"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "payment_month_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "payments_month_totals_delete" AFTER DELETE ON "invoice_payments"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "payment_month_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "payments_month_totals_truncate" AFTER TRUNCATE ON "invoice_payments"
	FOR EACH STATEMENT EXECUTE FUNCTION "payment_month_totals_reset"();
