-- The "Scadenze" list fast at ten years of data (docs/decisions/015-deadlines-speed.md).
-- compliance_requirements holds, for every site, each required paper (POS; PSC and notifica
-- preliminare with a subcontractor; DURC and idoneità of each subcontractor; PIMUS with
-- scaffolding) with the best document covering it, and every other paper on file — what
-- src/server/modules/compliance/queries.ts derived on each read. It stores no state: mancante /
-- scaduto / in scadenza / valido are derived from valid_until and today's date when it is read.
-- Triggers on sites, orders, suppliers and compliance documents recompute the rows of the sites a
-- statement touches, in the writing transaction.
CREATE TABLE "compliance_requirements" (
	"site_id" uuid NOT NULL,
	"site_name" text NOT NULL,
	"site_sort" text NOT NULL,
	"site_status" text NOT NULL,
	"kind" text NOT NULL,
	"kind_rank" integer NOT NULL,
	"supplier_id" uuid,
	"supplier_name" text,
	"required" boolean NOT NULL,
	"document_id" uuid,
	"title" text,
	"valid_until" date,
	"sort_date" date
);
--> statement-breakpoint
-- The list's order is (state, expiry, site, kind, firm, document). Papers on file: scaduto before
-- today, then in scadenza and valido by expiry, undated ones last (sort_date 'infinity'); the
-- missing ones (no document) by site. One index per half, for the open sites and for all sites.
CREATE INDEX "compliance_requirements_docs_idx" ON "compliance_requirements" USING btree ("sort_date","site_sort","site_id","kind_rank","supplier_name" NULLS FIRST,"document_id") WHERE "document_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "compliance_requirements_docs_open_idx" ON "compliance_requirements" USING btree ("sort_date","site_sort","site_id","kind_rank","supplier_name" NULLS FIRST,"document_id") WHERE "document_id" IS NOT NULL AND "site_status" <> 'completato';--> statement-breakpoint
CREATE INDEX "compliance_requirements_missing_idx" ON "compliance_requirements" USING btree ("site_sort","site_id","kind_rank","supplier_name" NULLS FIRST) WHERE "document_id" IS NULL;--> statement-breakpoint
CREATE INDEX "compliance_requirements_missing_open_idx" ON "compliance_requirements" USING btree ("site_sort","site_id","kind_rank","supplier_name" NULLS FIRST) WHERE "document_id" IS NULL AND "site_status" <> 'completato';--> statement-breakpoint
CREATE INDEX "compliance_requirements_site_idx" ON "compliance_requirements" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "compliance_requirements_supplier_idx" ON "compliance_requirements" USING btree ("supplier_id");--> statement-breakpoint
-- Recomputes the rows of the given sites. The sites are locked in id order first (two writers
-- touching the same sites wait for each other in the same order: no deadlock), and each statement
-- of a volatile function sees what committed before it, so the second writer recomputes with the
-- first one's papers. The derivation is the one queries.ts had (complianceSql), site by site.
CREATE FUNCTION "compliance_requirements_refresh"("site_ids" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF "site_ids" IS NULL OR cardinality("site_ids") = 0 THEN
		RETURN;
	END IF;
	PERFORM 1 FROM "construction_sites" WHERE "id" = ANY("site_ids") ORDER BY "id" FOR NO KEY UPDATE;
	DELETE FROM "compliance_requirements" WHERE "site_id" = ANY("site_ids");
	INSERT INTO "compliance_requirements" ("site_id", "site_name", "site_sort", "site_status", "kind", "kind_rank",
		"supplier_id", "supplier_name", "required", "document_id", "title", "valid_until", "sort_date")
	WITH site AS (
		SELECT s.id, s.name, s.status, s.uses_scaffolding, s.special_equipment
		FROM construction_sites s WHERE s.id = ANY("site_ids")
	),
	firms AS (
		SELECT DISTINCT o.construction_site_id AS site_id, o.supplier_id
		FROM orders o JOIN suppliers f ON f.id = o.supplier_id
		WHERE f.is_subcontractor AND o.status <> 'annullato' AND o.construction_site_id = ANY("site_ids")
	),
	req AS (
		SELECT s.id AS site_id, NULL::uuid AS supplier_id, 'pos'::text AS kind FROM site s
		UNION ALL
		SELECT f.site_id, NULL::uuid, k.kind FROM (SELECT DISTINCT site_id FROM firms) f
			CROSS JOIN (VALUES ('psc'::text), ('notifica_preliminare'::text)) k(kind)
		UNION ALL
		SELECT f.site_id, f.supplier_id, k.kind FROM firms f
			CROSS JOIN (VALUES ('durc'::text), ('idoneita_tecnico_professionale'::text)) k(kind)
		UNION ALL
		-- SCAFFOLDING_PATTERN of src/domain/compliance.ts
		SELECT s.id, NULL::uuid, 'pimus'::text FROM site s
			WHERE s.uses_scaffolding OR coalesce(s.special_equipment, '') ~* 'ponteggi|ponteggio|trabattell'
	),
	rows AS (
		SELECT r.site_id, r.supplier_id, r.kind, true AS required, b.id AS document_id, b.title, b.valid_until
		FROM req r
		LEFT JOIN LATERAL (
			SELECT cd.id, cd.title, cd.valid_until
			FROM compliance_documents cd
			WHERE cd.kind = r.kind
				AND (
					(r.supplier_id IS NULL AND cd.construction_site_id = r.site_id)
					OR (r.supplier_id IS NOT NULL AND cd.supplier_id = r.supplier_id
						AND (cd.construction_site_id IS NULL OR cd.construction_site_id = r.site_id))
				)
			ORDER BY cd.valid_until DESC NULLS FIRST, cd.created_at DESC, cd.id DESC
			LIMIT 1
		) b ON true
		UNION ALL
		SELECT cd.construction_site_id, cd.supplier_id, cd.kind, false, cd.id, cd.title, cd.valid_until
		FROM compliance_documents cd
		WHERE cd.construction_site_id = ANY("site_ids")
			AND NOT EXISTS (
				SELECT 1 FROM req r
				WHERE r.site_id = cd.construction_site_id AND r.kind = cd.kind AND r.supplier_id IS NOT DISTINCT FROM cd.supplier_id
			)
	)
	SELECT rows.site_id, s.name, lower(s.name), s.status, rows.kind,
		array_position(ARRAY['pos','psc','notifica_preliminare','pimus','durc','idoneita_tecnico_professionale','cila','scia','permesso_costruire','assicurazione','formazione','altro'], rows.kind),
		rows.supplier_id, f.name, rows.required, rows.document_id, rows.title, rows.valid_until,
		CASE WHEN rows.document_id IS NULL THEN NULL ELSE coalesce(rows.valid_until, 'infinity'::date) END
	FROM rows
	JOIN site s ON s.id = rows.site_id
	LEFT JOIN suppliers f ON f.id = rows.supplier_id;
END
$$;
--> statement-breakpoint
-- Sites: a new site needs its POS; a change of name, status or scaffolding recomputes it.
CREATE FUNCTION "compliance_requirements_sites"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM compliance_requirements_refresh(ARRAY(SELECT id FROM new_rows));
	ELSIF TG_OP = 'DELETE' THEN
		DELETE FROM compliance_requirements WHERE site_id IN (SELECT id FROM old_rows);
	ELSE
		PERFORM compliance_requirements_refresh(ARRAY(
			SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
			WHERE (n.name, n.status, n.uses_scaffolding, n.special_equipment)
				IS DISTINCT FROM (o.name, o.status, o.uses_scaffolding, o.special_equipment)));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Orders: a subcontractor on a site (or no longer, cancelled or moved) changes its firms.
CREATE FUNCTION "compliance_requirements_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM compliance_requirements_refresh(ARRAY(
			SELECT DISTINCT construction_site_id FROM new_rows WHERE construction_site_id IS NOT NULL));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM compliance_requirements_refresh(ARRAY(
			SELECT DISTINCT construction_site_id FROM old_rows WHERE construction_site_id IS NOT NULL));
	ELSE
		PERFORM compliance_requirements_refresh(ARRAY(
			SELECT DISTINCT v.site_id FROM (
				SELECT o.construction_site_id AS before, n.construction_site_id AS after
				FROM new_rows n JOIN old_rows o ON o.id = n.id
				WHERE (n.supplier_id, n.construction_site_id, n.status = 'annullato')
					IS DISTINCT FROM (o.supplier_id, o.construction_site_id, o.status = 'annullato')
			) c, LATERAL (VALUES (c.before), (c.after)) v(site_id)
			WHERE v.site_id IS NOT NULL));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Suppliers: becoming (or no longer being) a subcontractor, or a new name, on every site of its
-- orders and every site paper that names it.
CREATE FUNCTION "compliance_requirements_suppliers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM compliance_requirements_refresh(ARRAY(
		WITH changed AS (
			SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
			WHERE (n.is_subcontractor, n.name) IS DISTINCT FROM (o.is_subcontractor, o.name)
		)
		SELECT od.construction_site_id FROM changed c JOIN orders od ON od.supplier_id = c.id
		WHERE od.construction_site_id IS NOT NULL
		UNION
		SELECT cd.construction_site_id FROM changed c JOIN compliance_documents cd ON cd.supplier_id = c.id
		WHERE cd.construction_site_id IS NOT NULL));
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Documents: a site's paper changes that site; a supplier's own paper every site of its orders.
CREATE FUNCTION "compliance_requirements_documents"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM compliance_requirements_refresh(ARRAY(
			SELECT construction_site_id FROM new_rows WHERE construction_site_id IS NOT NULL
			UNION
			SELECT od.construction_site_id FROM new_rows n JOIN orders od ON od.supplier_id = n.supplier_id
			WHERE n.construction_site_id IS NULL AND od.construction_site_id IS NOT NULL));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM compliance_requirements_refresh(ARRAY(
			SELECT construction_site_id FROM old_rows WHERE construction_site_id IS NOT NULL
			UNION
			SELECT od.construction_site_id FROM old_rows n JOIN orders od ON od.supplier_id = n.supplier_id
			WHERE n.construction_site_id IS NULL AND od.construction_site_id IS NOT NULL));
	ELSE
		PERFORM compliance_requirements_refresh(ARRAY(
			WITH changed AS (
				SELECT o.construction_site_id AS site_id, o.supplier_id FROM new_rows n JOIN old_rows o ON o.id = n.id
				WHERE (n.construction_site_id, n.supplier_id, n.kind, n.title, n.valid_until, n.created_at)
					IS DISTINCT FROM (o.construction_site_id, o.supplier_id, o.kind, o.title, o.valid_until, o.created_at)
				UNION ALL
				SELECT n.construction_site_id, n.supplier_id FROM new_rows n JOIN old_rows o ON o.id = n.id
				WHERE (n.construction_site_id, n.supplier_id, n.kind, n.title, n.valid_until, n.created_at)
					IS DISTINCT FROM (o.construction_site_id, o.supplier_id, o.kind, o.title, o.valid_until, o.created_at)
			)
			SELECT site_id FROM changed WHERE site_id IS NOT NULL
			UNION
			SELECT od.construction_site_id FROM changed c JOIN orders od ON od.supplier_id = c.supplier_id
			WHERE c.site_id IS NULL AND od.construction_site_id IS NOT NULL));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "compliance_requirements_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "compliance_requirements";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "construction_sites_compliance_insert" AFTER INSERT ON "construction_sites"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "compliance_requirements_sites"();
--> statement-breakpoint
CREATE TRIGGER "construction_sites_compliance_update" AFTER UPDATE ON "construction_sites"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "compliance_requirements_sites"();
--> statement-breakpoint
CREATE TRIGGER "construction_sites_compliance_delete" AFTER DELETE ON "construction_sites"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "compliance_requirements_sites"();
--> statement-breakpoint
CREATE TRIGGER "construction_sites_compliance_truncate" AFTER TRUNCATE ON "construction_sites"
	FOR EACH STATEMENT EXECUTE FUNCTION "compliance_requirements_reset"();
--> statement-breakpoint
CREATE TRIGGER "orders_compliance_insert" AFTER INSERT ON "orders"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "compliance_requirements_orders"();
--> statement-breakpoint
CREATE TRIGGER "orders_compliance_update" AFTER UPDATE ON "orders"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "compliance_requirements_orders"();
--> statement-breakpoint
CREATE TRIGGER "orders_compliance_delete" AFTER DELETE ON "orders"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "compliance_requirements_orders"();
--> statement-breakpoint
CREATE TRIGGER "suppliers_compliance_update" AFTER UPDATE ON "suppliers"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "compliance_requirements_suppliers"();
--> statement-breakpoint
CREATE TRIGGER "compliance_documents_requirements_insert" AFTER INSERT ON "compliance_documents"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "compliance_requirements_documents"();
--> statement-breakpoint
CREATE TRIGGER "compliance_documents_requirements_update" AFTER UPDATE ON "compliance_documents"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "compliance_requirements_documents"();
--> statement-breakpoint
CREATE TRIGGER "compliance_documents_requirements_delete" AFTER DELETE ON "compliance_documents"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "compliance_requirements_documents"();
--> statement-breakpoint
SELECT "compliance_requirements_refresh"(ARRAY(SELECT "id" FROM "construction_sites"));
--> statement-breakpoint
ANALYZE "compliance_requirements";
