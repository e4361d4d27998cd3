-- Issue 24: per-line VAT (decisions §8). Additive: the first round's per-document
-- "vat_treatment" columns stay (no code reads them); every existing estimate item gets the rate and
-- natura its estimate's treatment gave it, every invoice gets its lines. Issued invoices keep their
-- stored PDF and FatturaPA bytes and their figures; their lines are copied from their snapshot.
ALTER TABLE "clients" DROP CONSTRAINT "clients_type_check";--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_type_check" CHECK ("clients"."type" in ('privato', 'azienda', 'condominio', 'ente_pubblico'));--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "office_code" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "withholding_agent" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "estimate_items" ALTER COLUMN "quantity" SET DATA TYPE numeric(12, 3);--> statement-breakpoint
ALTER TABLE "estimate_items" ALTER COLUMN "unit_price" SET DATA TYPE numeric(15, 4);--> statement-breakpoint
ALTER TABLE "estimate_items" ADD COLUMN "vat_rate" text DEFAULT '22' NOT NULL;--> statement-breakpoint
ALTER TABLE "estimate_items" ADD COLUMN "natura" text;--> statement-breakpoint
ALTER TABLE "estimate_items" ADD COLUMN "significant_good" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "estimate_items" ADD CONSTRAINT "estimate_items_vat_rate_check" CHECK ("estimate_items"."vat_rate" in ('22', '10', '4', '0'));--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "treatment" text DEFAULT 'ordinary' NOT NULL;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "stamp_duty" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "withholding" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "net_to_pay" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_treatment_check" CHECK ("estimates"."treatment" in ('ordinary', 'reverse_charge', 'split_payment'));--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "cig" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "cup" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "treatment" text DEFAULT 'ordinary' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "withholding" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "net_to_pay" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "sal_phase" integer;--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"unit" text,
	"unit_price" numeric(15, 4) NOT NULL,
	"vat_rate" text NOT NULL,
	"natura" text,
	"significant_good" boolean DEFAULT false NOT NULL,
	"line_total" numeric(10, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_lines_vat_rate_check" CHECK ("invoice_lines"."vat_rate" in ('22', '10', '4', '0'))
);--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
-- Estimate items: the rate of their estimate's treatment; reverse charge is 0 % N6.3.
UPDATE "estimate_items" AS i SET
	"vat_rate" = CASE WHEN e."vat_treatment" = 'rc' THEN '0' ELSE e."vat_treatment" END,
	"natura" = CASE WHEN e."vat_treatment" = 'rc' THEN 'N6.3' ELSE NULL END
FROM "estimates" AS e WHERE e."id" = i."estimate_id";--> statement-breakpoint
-- Estimates: the office's reverse-charge choice, and the condominio's ritenuta 4 % on the
-- imponibile (art. 25-ter DPR 600/73) that the first round forgot; bollo never on reverse charge.
UPDATE "estimates" AS e SET
	"treatment" = CASE WHEN e."vat_treatment" = 'rc' THEN 'reverse_charge' ELSE 'ordinary' END,
	"withholding" = CASE WHEN c."type" = 'condominio' THEN round(e."total_amount" * 4 / 100, 2) ELSE 0 END,
	"net_to_pay" = e."gross_total" - CASE WHEN c."type" = 'condominio' THEN round(e."total_amount" * 4 / 100, 2) ELSE 0 END
FROM "clients" AS c WHERE c."id" = e."client_id";--> statement-breakpoint
-- Issued invoices: their lines as their snapshot froze them (the bollo recharge, N1, is not a
-- line of the document any more: the engine adds it). Their figures do not change.
INSERT INTO "invoice_lines" ("invoice_id", "position", "description", "quantity", "unit", "unit_price", "vat_rate", "natura", "line_total")
SELECT inv."id", l.ord - 1, l.value->>'description', (l.value->>'quantity')::numeric, NULL, (l.value->>'unitPrice')::numeric,
	regexp_replace(l.value->>'rate', '\.0+$', ''), NULLIF(l.value->>'natura', ''), (l.value->>'total')::numeric
FROM "invoices" AS inv, jsonb_array_elements(inv."snapshot"->'lines') WITH ORDINALITY AS l(value, ord)
WHERE inv."status" <> 'bozza' AND jsonb_typeof(inv."snapshot"->'lines') = 'array' AND coalesce(l.value->>'natura', '') <> 'N1';--> statement-breakpoint
-- Every other invoice (drafts, and issued ones never snapshotted): the one line the first round
-- printed, at the rate of its treatment.
INSERT INTO "invoice_lines" ("invoice_id", "position", "description", "quantity", "unit", "unit_price", "vat_rate", "natura", "line_total")
SELECT inv."id", 0,
	CASE inv."kind"
		WHEN 'acconto' THEN 'Acconto sui lavori di cui al '
		WHEN 'sal' THEN 'Stato avanzamento lavori di cui al '
		WHEN 'saldo' THEN 'Saldo dei lavori di cui al '
		ELSE 'Lavori di cui al '
	END || 'contratto ' || ct."number" || ' (preventivo ' || e."number" || ': ' || e."title" || ')'
		|| CASE WHEN inv."kind" = 'saldo' THEN ', dedotti gli acconti e i SAL già fatturati' ELSE '' END,
	1, 'a corpo', inv."amount",
	CASE WHEN inv."vat_treatment" = 'rc' THEN '0' ELSE inv."vat_treatment" END,
	CASE WHEN inv."vat_treatment" = 'rc' THEN 'N6.3' ELSE NULL END,
	inv."amount"
FROM "invoices" AS inv
JOIN "contracts" AS ct ON ct."id" = inv."contract_id"
JOIN "estimates" AS e ON e."id" = ct."estimate_id"
WHERE NOT EXISTS (SELECT 1 FROM "invoice_lines" AS il WHERE il."invoice_id" = inv."id");--> statement-breakpoint
UPDATE "invoices" SET "treatment" = CASE WHEN "vat_treatment" = 'rc' THEN 'reverse_charge' ELSE 'ordinary' END;--> statement-breakpoint
-- Drafts are recomputed as the engine does: no bollo on reverse charge, ritenuta for a condominio.
UPDATE "invoices" SET "stamp_duty" = 0, "total_amount" = "amount" + "vat_amount"
WHERE "status" = 'bozza' AND "vat_treatment" = 'rc';--> statement-breakpoint
UPDATE "invoices" AS inv SET
	"withholding" = CASE WHEN inv."status" = 'bozza' AND c."type" = 'condominio' THEN round(inv."amount" * 4 / 100, 2) ELSE 0 END,
	"net_to_pay" = inv."total_amount" - CASE WHEN inv."status" = 'bozza' AND c."type" = 'condominio' THEN round(inv."amount" * 4 / 100, 2) ELSE 0 END
FROM "contracts" AS ct, "estimates" AS e, "clients" AS c
WHERE ct."id" = inv."contract_id" AND e."id" = ct."estimate_id" AND c."id" = e."client_id";
