-- The dashboard's last counts of whole tables from summaries kept in the writing transaction
-- (docs/decisions/013-dashboard-speed.md, "Counts"): the clients card and the sites by status
-- (the "Cantieri attivi" card is the in_corso row), instead of a count(*) of every client and a
-- GROUP BY of every site on each dashboard read. Same shape as estimate_status_totals (0016):
-- statement-level triggers with transition tables, rows upserted in a fixed order, no write when
-- a statement changes nothing they count, TRUNCATE resets them.
CREATE TABLE "client_totals" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "client_totals_one_row" CHECK ("client_totals"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "site_status_totals" (
	"status" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "client_totals" ("id", "count") SELECT 1, count(*) FROM "clients";
--> statement-breakpoint
INSERT INTO "site_status_totals" ("status", "count")
	SELECT "status", count(*) FROM "construction_sites" GROUP BY "status";
--> statement-breakpoint
-- Clients: an insert adds its rows, a delete subtracts them; an update changes no count.
CREATE FUNCTION "client_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	delta integer;
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT count(*) INTO delta FROM new_rows;
	ELSE
		SELECT -count(*) INTO delta FROM old_rows;
	END IF;
	IF delta <> 0 THEN
		INSERT INTO "client_totals" AS t ("id", "count") VALUES (1, delta)
			ON CONFLICT ("id") DO UPDATE SET "count" = t."count" + excluded."count";
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Sites by status: each branch reads only the transition tables its event has (as in 0016).
CREATE FUNCTION "site_status_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "site_status_totals" AS t ("status", "count")
			SELECT "status", count(*) FROM new_rows GROUP BY "status" ORDER BY "status"
			ON CONFLICT ("status") DO UPDATE SET "count" = t."count" + excluded."count";
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "site_status_totals" AS t ("status", "count")
			SELECT "status", -count(*) FROM old_rows GROUP BY "status" ORDER BY "status"
			ON CONFLICT ("status") DO UPDATE SET "count" = t."count" + excluded."count";
	ELSE
		INSERT INTO "site_status_totals" AS t ("status", "count")
			SELECT "status", sum(n) FROM (
				SELECT "status", 1 AS n FROM new_rows
				UNION ALL
				SELECT "status", -1 FROM old_rows
			) d GROUP BY "status" HAVING sum(n) <> 0 ORDER BY "status"
			ON CONFLICT ("status") DO UPDATE SET "count" = t."count" + excluded."count";
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "client_totals_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "client_totals" SET "count" = 0;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "site_status_totals_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "site_status_totals";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "clients_totals_insert" AFTER INSERT ON "clients"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "client_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "clients_totals_delete" AFTER DELETE ON "clients"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "client_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "clients_totals_truncate" AFTER TRUNCATE ON "clients"
	FOR EACH STATEMENT EXECUTE FUNCTION "client_totals_reset"();
--> statement-breakpoint
CREATE TRIGGER "construction_sites_status_totals_insert" AFTER INSERT ON "construction_sites"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "site_status_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "construction_sites_status_totals_update" AFTER UPDATE ON "construction_sites"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "site_status_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "construction_sites_status_totals_delete" AFTER DELETE ON "construction_sites"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "site_status_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "construction_sites_status_totals_truncate" AFTER TRUNCATE ON "construction_sites"
	FOR EACH STATEMENT EXECUTE FUNCTION "site_status_totals_reset"();
