-- The estimate lines' service picker searches the catalogue on the server (issue 27): name or
-- description by ILIKE, as every other list's search, through trigram indexes like theirs.
CREATE INDEX "services_name_trgm" ON "services" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "services_description_trgm" ON "services" USING gin ("description" gin_trgm_ops);
