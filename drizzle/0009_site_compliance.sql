ALTER TABLE "suppliers" ADD COLUMN "is_subcontractor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "construction_sites" ADD COLUMN "uses_scaffolding" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "compliance_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"construction_site_id" uuid,
	"supplier_id" uuid,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"issued_at" date,
	"expires_at" date,
	"valid_until" date,
	"notes" text,
	"file_key" text,
	"file_name" text,
	"file_mime" text,
	"file_size" integer,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "compliance_documents_kind_check" CHECK ("compliance_documents"."kind" in ('pos', 'psc', 'pimus', 'notifica_preliminare', 'cila', 'scia', 'permesso_costruire', 'durc', 'idoneita_tecnico_professionale', 'assicurazione', 'formazione', 'altro')),
	CONSTRAINT "compliance_documents_owner_check" CHECK ("compliance_documents"."construction_site_id" is not null or "compliance_documents"."supplier_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "compliance_documents" ADD CONSTRAINT "compliance_documents_construction_site_id_construction_sites_id_fk" FOREIGN KEY ("construction_site_id") REFERENCES "public"."construction_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_documents" ADD CONSTRAINT "compliance_documents_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_documents" ADD CONSTRAINT "compliance_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compliance_site_kind_idx" ON "compliance_documents" USING btree ("construction_site_id","kind","valid_until");--> statement-breakpoint
CREATE INDEX "compliance_supplier_kind_idx" ON "compliance_documents" USING btree ("supplier_id","kind","valid_until");--> statement-breakpoint
CREATE INDEX "compliance_valid_until_idx" ON "compliance_documents" USING btree ("valid_until");--> statement-breakpoint
CREATE INDEX "orders_site_supplier_idx" ON "orders" USING btree ("construction_site_id","supplier_id");--> statement-breakpoint
CREATE TABLE "daily_job_runs" (
	"job" text NOT NULL,
	"day" date NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_job_runs_pk" PRIMARY KEY("job","day")
);
