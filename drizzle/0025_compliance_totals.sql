-- How many Scadenze rows each site status has, kept in the writing transaction
-- (docs/decisions/015-deadlines-speed.md, "The count"). A list that wants every state of every
-- paper (the Scadenze first page, "anche completati") counts every row of compliance_requirements
-- of the chosen sites: the state only splits them (a paper on file has a sort date, a missing one
-- has none). That count read 3,300 index entries of three ranges on every first page at ten years
-- of data; it is now a sum over at most four rows. Same shape as site_status_totals (0022):
-- statement-level triggers with transition tables, rows upserted in a fixed order, no write when
-- a statement changes nothing they count, TRUNCATE resets them.
CREATE TABLE "compliance_requirement_totals" (
	"site_status" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "compliance_requirement_totals" ("site_status", "count")
	SELECT "site_status", count(*) FROM "compliance_requirements" GROUP BY "site_status";
--> statement-breakpoint
-- Each branch reads only the transition tables its event has (as in 0016 and 0022). The refresh
-- of a site deletes and inserts its rows (0018): two statements, each adding its own delta.
CREATE FUNCTION "compliance_requirement_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "compliance_requirement_totals" AS t ("site_status", "count")
			SELECT "site_status", count(*) FROM new_rows GROUP BY "site_status" ORDER BY "site_status"
			ON CONFLICT ("site_status") DO UPDATE SET "count" = t."count" + excluded."count";
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "compliance_requirement_totals" AS t ("site_status", "count")
			SELECT "site_status", -count(*) FROM old_rows GROUP BY "site_status" ORDER BY "site_status"
			ON CONFLICT ("site_status") DO UPDATE SET "count" = t."count" + excluded."count";
	ELSE
		INSERT INTO "compliance_requirement_totals" AS t ("site_status", "count")
			SELECT "site_status", sum(n) FROM (
				SELECT "site_status", 1 AS n FROM new_rows
				UNION ALL
				SELECT "site_status", -1 FROM old_rows
			) d GROUP BY "site_status" HAVING sum(n) <> 0 ORDER BY "site_status"
			ON CONFLICT ("site_status") DO UPDATE SET "count" = t."count" + excluded."count";
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "compliance_requirement_totals_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "compliance_requirement_totals";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "compliance_requirements_totals_insert" AFTER INSERT ON "compliance_requirements"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "compliance_requirement_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "compliance_requirements_totals_update" AFTER UPDATE ON "compliance_requirements"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "compliance_requirement_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "compliance_requirements_totals_delete" AFTER DELETE ON "compliance_requirements"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "compliance_requirement_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "compliance_requirements_totals_truncate" AFTER TRUNCATE ON "compliance_requirements"
	FOR EACH STATEMENT EXECUTE FUNCTION "compliance_requirement_totals_reset"();
