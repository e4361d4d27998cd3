CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_owner_type_check" CHECK ("documents"."owner_type" in ('invoice', 'estimate', 'contract')),
	CONSTRAINT "documents_kind_check" CHECK ("documents"."kind" in ('pdf', 'xml'))
);
--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "year" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "sequence" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "pdf_sha256" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "xml_sha256" text;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_owner_kind_sha_unique" ON "documents" USING btree ("owner_type","owner_id","kind","sha256");--> statement-breakpoint
CREATE INDEX "documents_owner_idx" ON "documents" USING btree ("owner_type","owner_id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_issued_numbered_check" CHECK ("invoices"."status" = 'bozza' or ("invoices"."number" is not null and "invoices"."year" is not null and "invoices"."sequence" is not null));