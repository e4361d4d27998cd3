-- Issue 26: a one-time link (invitation, password reset) is never readable in "Posta in uscita".
-- `restricted` hides the message from everyone but administrators; `secret_link` holds the link
-- only while an SMTP delivery is pending and is cleared once the message is sent or given up.
ALTER TABLE "outbox" ADD COLUMN "restricted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "secret_link" text;
