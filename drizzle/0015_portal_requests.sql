ALTER TABLE "surveys" ADD COLUMN "portal_request" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "surveys" SET "portal_request" = true WHERE "id" IN (SELECT "entity_id" FROM "activity_log" WHERE "action" = 'request' AND "entity_type" = 'survey');
--> statement-breakpoint
CREATE INDEX "surveys_portal_client_date_idx" ON "surveys" USING btree ("client_id","date") WHERE "portal_request";
--> statement-breakpoint
CREATE TABLE "information_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"entity_type" text,
	"entity_id" uuid,
	"entity_label" text,
	"reply" text,
	"replied_at" timestamp with time zone,
	"replied_by_id" uuid,
	"replied_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "information_requests" ADD CONSTRAINT "information_requests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "information_requests" ADD CONSTRAINT "information_requests_replied_by_id_users_id_fk" FOREIGN KEY ("replied_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "information_requests_client_created_idx" ON "information_requests" USING btree ("client_id","created_at");
--> statement-breakpoint
CREATE INDEX "information_requests_open_created_idx" ON "information_requests" USING btree ("replied_at","created_at");
