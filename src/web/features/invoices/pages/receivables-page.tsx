import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { CalendarClock, Eye } from "lucide-react";
import { Link } from "wouter";
import { formatDate, formatEuro } from "@domain/format";
import { agingBucketLabels, type Receivables } from "@domain/payments";
import { countLabel } from "@domain/wording";
import { ExportCsvButton } from "@web/components/export-csv-button";
import { DateRangeFilter } from "@web/components/list/date-range-filter";
import { ListShell, ListTable, listSorting } from "@web/components/list/list-shell";
import { SortableHead, validSort } from "@web/components/list/sortable-head";
import { ClientFilter } from "@web/components/pickers/client-filter";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent } from "@web/components/ui/card";
import { TableCell, TableHead, TableRow } from "@web/components/ui/table";
import { api, withQuery } from "@web/lib/api";
import { cn } from "@web/lib/cn";
import { useListParams } from "@web/lib/use-list-params";
import { paths } from "@web/lib/paths";
import { receivableKeys } from "@web/lib/query-keys";

const FILTERS = ["clientId", "from", "to", "sort"] as const;
const SORTABLE = ["daysPastDue"] as const;

/** "Scadenzario" (docs/domain/invoices.md): what clients owe, aged by days past due. */
export default function ReceivablesPage() {
  const list = useListParams(FILTERS, 50);
  const { clientId, from, to, sort } = list.values;
  const filters = {
    clientId: clientId || undefined,
    from: from || undefined,
    to: to || undefined,
    sort: validSort(sort, SORTABLE),
  };
  const query = useQuery({
    queryKey: receivableKeys.list(filters, list.offset),
    queryFn: () =>
      api.get<Receivables>(withQuery("/api/receivables", { ...filters, limit: list.limit, offset: list.offset })),
    placeholderData: keepPreviousData,
  });
  const { data } = query;
  const sorting = listSorting(list);

  return (
    <ListShell
      title="Scadenzario"
      description="Fatture emesse con un importo da incassare, per giorni di ritardo"
      actions={<ExportCsvButton path="/api/receivables/export.csv" query={filters} />}
      aboveBody={
        <>
          <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <ClientFilter value={clientId} onChange={(id) => list.set({ clientId: id })} />
            <DateRangeFilter label="Scadenza" from={from} to={to} onChange={(changes) => list.set(changes)} />
          </div>
          {data ? <AgingTotals data={data} /> : null}
        </>
      }
      list={list}
      cursors={false}
      query={query}
      errorText="Impossibile caricare lo scadenzario. Riprova."
      filtered={list.hasFilters}
      empty={{
        icon: CalendarClock,
        title: "Nessun importo da incassare",
        invite: "Tutte le fatture emesse sono saldate",
      }}
    >
      {(rows) => (
        <ListTable
          label="Scadenzario"
          head={
            <>
              <TableHead>Fattura</TableHead>
              <TableHead className="hidden md:table-cell">Emissione</TableHead>
              <TableHead>Scadenza</TableHead>
              <TableHead className="text-right">Residuo</TableHead>
              <SortableHead column="daysPastDue" first="desc" className="hidden sm:table-cell" {...sorting}>
                Ritardo
              </SortableHead>
              <TableHead className="text-right">
                <span className="sr-only">Azioni</span>
              </TableHead>
            </>
          }
        >
          {rows.map((r) => (
            <TableRow key={r.id} className={cn(r.daysPastDue > 0 && "bg-destructive-soft/40")}>
              <TableCell>
                <Link href={paths.admin.invoice(r.id)} className="font-medium whitespace-nowrap hover:underline">
                  {r.number}
                </Link>
                <div className="text-sm text-muted-foreground">{r.clientName}</div>
              </TableCell>
              <TableCell className="hidden text-sm md:table-cell">{formatDate(r.issueDate)}</TableCell>
              <TableCell className="text-sm whitespace-nowrap">
                {formatDate(r.dueDate)}
                <div className="sm:hidden">
                  <Badge variant={r.daysPastDue > 0 ? "destructive" : "outline"}>{agingBucketLabels[r.bucket]}</Badge>
                </div>
              </TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">
                {formatEuro(r.remainder)}
                <div className="text-xs text-muted-foreground">su {formatEuro(r.totalAmount)}</div>
              </TableCell>
              <TableCell className="hidden sm:table-cell">
                <Badge variant={r.daysPastDue > 0 ? "destructive" : "outline"}>
                  {r.daysPastDue > 0 ? countLabel(r.daysPastDue, "giorno", "giorni") : "Non scaduta"}
                </Badge>
                {r.remindersSent ? (
                  <div className="text-xs text-muted-foreground">
                    {countLabel(r.remindersSent, "sollecito", "solleciti")}
                  </div>
                ) : null}
              </TableCell>
              <TableCell>
                <div className="flex justify-end">
                  <Button asChild variant="ghost" size="icon">
                    <Link href={paths.admin.invoice(r.id)} aria-label={`Apri la fattura ${r.number}`}>
                      <Eye aria-hidden className="size-4" />
                    </Link>
                  </Button>
                </div>
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
      )}
    </ListShell>
  );
}

/** What is owed in each age bucket, and in all. */
function AgingTotals({ data }: { data: Receivables }) {
  return (
    <section aria-label="Totali per fascia" className="mb-4 grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-6">
      {data.buckets.map((b) => (
        <Card key={b.bucket}>
          <CardContent className="p-3">
            <p className="text-xs text-muted-foreground">{agingBucketLabels[b.bucket]}</p>
            <p
              className={cn(
                "text-lg font-semibold tabular-nums",
                b.bucket === "oltre_90" && b.count > 0 && "text-destructive",
              )}
            >
              {formatEuro(b.amount)}
            </p>
            <p className="text-xs text-muted-foreground">{countLabel(b.count, "fattura", "fatture")}</p>
          </CardContent>
        </Card>
      ))}
      <Card>
        <CardContent className="p-3">
          <p className="text-xs text-muted-foreground">Totale da incassare</p>
          <p className="text-lg font-semibold tabular-nums">{formatEuro(data.totalAmount)}</p>
          <p className="text-xs text-muted-foreground">{countLabel(data.total, "fattura", "fatture")}</p>
        </CardContent>
      </Card>
    </section>
  );
}
