CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"date" date NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"method" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_amount_check" CHECK ("invoice_payments"."amount" > 0),
	CONSTRAINT "invoice_payments_method_check" CHECK ("invoice_payments"."method" in ('bonifico', 'contanti', 'assegno', 'carta', 'riba', 'compensazione', 'altro'))
);
--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id","date");--> statement-breakpoint
CREATE INDEX "invoice_payments_date_idx" ON "invoice_payments" USING btree ("date");--> statement-breakpoint
CREATE TABLE "invoice_sdi_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"event" text NOT NULL,
	"transmission" integer NOT NULL,
	"file_name" text,
	"code" text,
	"message" text,
	"date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_sdi_events_event_check" CHECK ("invoice_sdi_events"."event" in ('trasmessa', 'consegnata', 'mancata_consegna', 'scartata'))
);
--> statement-breakpoint
ALTER TABLE "invoice_sdi_events" ADD CONSTRAINT "invoice_sdi_events_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_sdi_events_invoice_idx" ON "invoice_sdi_events" USING btree ("invoice_id","created_at");--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "paid_amount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credited_amount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credited_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credit_reason" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "sdi_status" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "transmission" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "reminders_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "last_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credited_invoice_id_invoices_id_fk" FOREIGN KEY ("credited_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_kind_check";--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('acconto', 'sal', 'saldo', 'libera', 'nota_credito'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_sdi_status_check" CHECK ("invoices"."sdi_status" is null or "invoices"."sdi_status" in ('consegnata', 'mancata_consegna', 'scartata'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credit_note_check" CHECK (("invoices"."kind" = 'nota_credito') = ("invoices"."credited_invoice_id" is not null));--> statement-breakpoint
CREATE INDEX "invoices_credited_idx" ON "invoices" USING btree ("credited_invoice_id") WHERE "invoices"."credited_invoice_id" is not null;--> statement-breakpoint
CREATE INDEX "invoices_open_due_idx" ON "invoices" USING btree ("due_date","id") WHERE "invoices"."status" = 'inviata' and "invoices"."kind" <> 'nota_credito';--> statement-breakpoint
CREATE INDEX "invoices_issue_list_idx" ON "invoices" USING btree ("issue_date","id") WHERE "invoices"."status" <> 'bozza';--> statement-breakpoint
-- Invoices paid before partial payments existed: one payment of what the client paid (the net
-- to pay that 0005 set: total less ritenuta and split-payment VAT) on their paid date.
INSERT INTO "invoice_payments" ("invoice_id", "date", "amount", "method")
	SELECT "id", coalesce("paid_date", "issue_date"), "net_to_pay", 'bonifico' FROM "invoices"
	WHERE "status" = 'pagata' AND "net_to_pay" > 0;--> statement-breakpoint
UPDATE "invoices" SET "paid_amount" = "net_to_pay" WHERE "status" = 'pagata';
