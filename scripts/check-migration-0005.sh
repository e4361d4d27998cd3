#!/usr/bin/env bash
# Migration 0005 (issue 24) on a copy of demo data loaded by the code before it:
#   scripts/check-migration-0005.sh <database at 0004 with demo data>
# Copies the database, applies drizzle/0005_invoice_lines.sql to the copy and checks that every
# estimate item has the rate and natura of its estimate's old treatment, every invoice has lines
# adding up to its imponibile, drafts lost the reverse-charge bollo, and issued invoices kept their
# figures and stored documents. Exits non-zero on the first failed check.
set -euo pipefail
SRC=${1:?database with demo data at migration 0004}
COPY=${SRC}_0005_copy
PSQL="psql -h ${PGHOST:-127.0.0.1} -U ${PGUSER:-postgres} -v ON_ERROR_STOP=1 -qtA"
$PSQL -d postgres -c "drop database if exists $COPY" -c "create database $COPY template $SRC"
q() { $PSQL -d "$COPY" -c "$1"; }
check() { local got; got=$(q "$2"); if [ "$got" != "$3" ]; then echo "FALLITO: $1 (atteso $3, trovato $got)"; exit 1; fi; echo "ok: $1 ($got)"; }

q "create table mig_before as select id, status, amount, vat_amount, stamp_duty, total_amount, pdf_sha256, xml_sha256 from invoices"
q "create table mig_docs as select id, sha256 from documents"
q "create table mig_items as select i.id, e.vat_treatment from estimate_items i join estimates e on e.id = i.estimate_id"
sed 's/--> statement-breakpoint//' drizzle/0005_invoice_lines.sql | $PSQL -d "$COPY" -f -

check "invoices at 0004" "select (count(*) > 0)::text from mig_before" "true"
check "estimate items with the rate of their estimate's treatment" \
  "select count(*) from estimate_items i join mig_items m on m.id = i.id where i.vat_rate <> case when m.vat_treatment = 'rc' then '0' else m.vat_treatment end or (i.natura is not null) <> (m.vat_treatment = 'rc')" "0"
check "reverse-charge estimates marked reverse_charge" "select count(*) from estimates where (vat_treatment = 'rc') <> (treatment = 'reverse_charge')" "0"
check "every invoice has lines" "select count(*) from invoices v where not exists (select 1 from invoice_lines l where l.invoice_id = v.id)" "0"
check "lines add up to the imponibile" "select count(*) from invoices v where v.amount <> (select sum(line_total) from invoice_lines l where l.invoice_id = v.id)" "0"
check "issued invoices keep their figures and document hashes" \
  "select count(*) from invoices v join mig_before b on b.id = v.id where v.status <> 'bozza' and (v.amount, v.vat_amount, v.stamp_duty, v.total_amount, coalesce(v.pdf_sha256, ''), coalesce(v.xml_sha256, '')) <> (b.amount, b.vat_amount, b.stamp_duty, b.total_amount, coalesce(b.pdf_sha256, ''), coalesce(b.xml_sha256, ''))" "0"
check "stored documents untouched" "select (select count(*) from documents) = (select count(*) from mig_docs)" "t"
check "no draft under reverse charge carries a bollo" "select count(*) from invoices where status = 'bozza' and treatment = 'reverse_charge' and stamp_duty <> 0" "0"
check "condominio drafts: net to pay = total - 4 % ritenuta" \
  "select count(*) from invoices v join contracts c on c.id = v.contract_id join estimates e on e.id = c.estimate_id join clients k on k.id = e.client_id where v.status = 'bozza' and k.type = 'condominio' and v.net_to_pay <> v.total_amount - round(v.amount * 0.04, 2)" "0"
check "issued invoices: net to pay = total" "select count(*) from invoices where status <> 'bozza' and net_to_pay <> total_amount" "0"
$PSQL -d postgres -c "drop database $COPY"
echo "Migrazione 0005 verificata su una copia di $SRC."
