-- The "Scadute" filter of the invoices list (issue 27, docs/decisions/018-overdue-invoices.md): the
-- invoices with something left to collect (not pagata, not a credit note, a draft or a remainder
-- above zero) in the list's order (year, sequence, id; read backwards for the newest first), with
-- the due date in the index, so the page walks only the open invoices and stops after its 25
-- overdue ones, and the capped count reads the same few entries, both from the index alone.
-- "Due date past" moves with the day, so it stays out of the predicate; the rest is the row's own.
CREATE INDEX "invoices_open_list_idx" ON "invoices" USING btree ("year","sequence","id","due_date") WHERE "invoices"."status" <> 'pagata' and "invoices"."kind" <> 'nota_credito' and ("invoices"."status" = 'bozza' or greatest("invoices"."net_to_pay" - "invoices"."paid_amount" - "invoices"."credited_amount", 0) > 0);
