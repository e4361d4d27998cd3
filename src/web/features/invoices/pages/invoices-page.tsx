import { BookOpenText, CalendarClock, Eye, Plus, Receipt } from "lucide-react";
import { useState } from "react";
import { Link, useSearch } from "wouter";
import { formatDate, formatEuro } from "@domain/format";
import { invoiceStatusFilters, type InvoiceListParams } from "@domain/invoices";
import { documentTypeLabels, documentTypes, sdiStatusFilterLabels, sdiStatusFilters } from "@domain/payments";
import { countLabel } from "@domain/wording";
import { DateRangeFilter } from "@web/components/list/date-range-filter";
import { ListShell, ListTable, listSorting } from "@web/components/list/list-shell";
import { FilterSelect } from "@web/components/list/list-toolbar";
import { ClientFilter } from "@web/components/pickers/client-filter";
import { Badge } from "@web/components/ui/badge";
import { ExportCsvButton } from "@web/components/export-csv-button";
import { Button } from "@web/components/ui/button";
import { SortableHead, validSort } from "@web/components/list/sortable-head";
import { TableCell, TableHead, TableRow } from "@web/components/ui/table";
import { cn } from "@web/lib/cn";
import { useListParams } from "@web/lib/use-list-params";
import { useInvoices, useInvoiceTotals } from "../api/queries";
import { DueBadge, InvoiceStatusBadge } from "../components/invoice-status-badge";
import { NewInvoiceDialog } from "../components/new-invoice-dialog";
import { VatRegisterDialog } from "../components/vat-register-dialog";
import { useCan } from "@web/lib/use-can";
import { paths } from "@web/lib/paths";

const SORTABLE = ["number", "totalAmount", "issueDate", "dueDate", "status"] as const;
const FILTERS = ["q", "status", "clientId", "from", "to", "sdiStatus", "type", "sort"] as const;

export default function InvoicesPage() {
  const list = useListParams(FILTERS);
  const { q, status, clientId, from, to, sdiStatus, type, sort } = list.values;
  const sorting = listSorting(list);
  const filters = {
    q,
    status: (status || undefined) as InvoiceListParams["status"],
    clientId: clientId || undefined,
    from: from || undefined,
    to: to || undefined,
    sdiStatus: (sdiStatus || undefined) as InvoiceListParams["sdiStatus"],
    type: (type || undefined) as InvoiceListParams["type"],
  };
  const query = useInvoices({
    ...filters,
    sort: validSort(sort, SORTABLE),
    ...list.page,
  });
  const { data } = query;
  const totals = useInvoiceTotals(filters);
  // A contract page links here with ?new=1&contractId=… to open the dialog on that contract.
  const params = new URLSearchParams(useSearch());
  const [creating, setCreating] = useState(params.get("new") === "1");
  const contractId = params.get("contractId") ?? "";
  const [register, setRegister] = useState(false);
  const can = useCan();

  return (
    <>
      <ListShell
        title="Fatture"
        description={data ? countLabel(data.total, "fattura", "fatture", data.capped) : "Fatturazione dei contratti"}
        actions={
          <>
            <Button asChild variant="outline">
              <Link href={paths.admin.receivables()}>
                <CalendarClock aria-hidden className="size-4" />
                Scadenzario
              </Link>
            </Button>
            <ExportCsvButton path="/api/invoices/export.csv" query={filters} />
            {can("exports") ? (
              <Button variant="outline" onClick={() => setRegister(true)}>
                <BookOpenText aria-hidden className="size-4" />
                Registro IVA
              </Button>
            ) : null}
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden className="size-4" />
              Nuova Fattura
            </Button>
          </>
        }
        toolbar={{
          searchLabel: "Cerca fatture",
          searchPlaceholder: "Cerca per numero fattura o contratto...",
          query: q,
          onSearch: (value) => list.set({ q: value }),
          children: (
            <>
              <FilterSelect
                label="Filtra per stato"
                value={status}
                onValueChange={(value) => list.set({ status: value })}
                allLabel="Tutti gli stati"
                options={invoiceStatusFilters}
                className="sm:w-48"
              />
              <FilterSelect
                label="Filtra per tipo"
                value={type}
                onValueChange={(value) => list.set({ type: value })}
                allLabel="Fatture e note di credito"
                options={documentTypes.map((value) => ({ value, label: documentTypeLabels[value] }))}
                className="sm:w-56"
              />
            </>
          ),
        }}
        aboveBody={
          <>
            <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
              <ClientFilter value={clientId} onChange={(id) => list.set({ clientId: id })} />
              <FilterSelect
                label="Filtra per stato SdI"
                value={sdiStatus}
                onValueChange={(value) => list.set({ sdiStatus: value })}
                allLabel="Tutti gli esiti SdI"
                options={sdiStatusFilters.map((value) => ({ value, label: sdiStatusFilterLabels[value] }))}
                className="sm:w-56"
              />
              <DateRangeFilter label="Emissione" from={from} to={to} onChange={(changes) => list.set(changes)} />
            </div>
            {totals.data && totals.data.count > 0 ? (
              <p className="mb-3 text-sm" aria-live="polite">
                {countLabel(totals.data.count, "documento", "documenti")}: totale{" "}
                <strong className="tabular-nums">{formatEuro(totals.data.totalAmount)}</strong> (imponibile{" "}
                {formatEuro(totals.data.amount)}), da incassare{" "}
                <strong className="tabular-nums">{formatEuro(totals.data.remainder)}</strong>
              </p>
            ) : null}
          </>
        }
        query={query}
        list={list}
        errorText="Impossibile caricare le fatture. Riprova."
        filtered={list.hasFilters}
        empty={{
          icon: Receipt,
          title: "Nessuna fattura trovata",
          invite: "Le fatture si emettono dai contratti firmati",
        }}
      >
        {(rows) => (
          <ListTable
            label="Elenco fatture"
            head={
              <>
                <SortableHead column="number" first="desc" {...sorting}>
                  Numero
                </SortableHead>
                <TableHead className="hidden sm:table-cell">Contratto</TableHead>
                <SortableHead column="totalAmount" className="text-right" first="desc" {...sorting}>
                  Importo
                </SortableHead>
                <SortableHead column="issueDate" className="hidden md:table-cell" first="desc" {...sorting}>
                  Emissione
                </SortableHead>
                <SortableHead column="dueDate" className="hidden sm:table-cell" {...sorting}>
                  Scadenza
                </SortableHead>
                <SortableHead column="status" className="hidden sm:table-cell" {...sorting}>
                  Stato
                </SortableHead>
                <TableHead className="text-right">
                  <span className="sr-only">Azioni</span>
                </TableHead>
              </>
            }
          >
            {rows.map((inv) => {
              const overdue = inv.dueState === "overdue";
              return (
                <TableRow key={inv.id} className={cn(overdue && "bg-destructive-soft/60")}>
                  <TableCell>
                    <Link href={paths.admin.invoice(inv.id)} className="font-medium whitespace-nowrap hover:underline">
                      {inv.number ?? "Bozza"}
                    </Link>
                    {inv.kind === "nota_credito" ? (
                      <Badge variant="outline" className="ml-1">
                        Nota di credito
                      </Badge>
                    ) : null}
                    <div className="text-sm text-muted-foreground">{inv.clientName}</div>
                    {/* On phones the status rides under the number instead of a column of its own. */}
                    <div className="mt-1 flex flex-wrap items-center gap-1 sm:hidden">
                      <InvoiceStatusBadge status={inv.status} />
                      <DueBadge state={inv.dueState} />
                      {inv.kind !== "nota_credito" ? (
                        <span
                          className={cn(
                            "text-xs",
                            overdue ? "font-semibold text-destructive" : "text-muted-foreground",
                          )}
                        >
                          Scad. {formatDate(inv.dueDate)}
                        </span>
                      ) : null}
                    </div>
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap sm:table-cell">{inv.contractNumber}</TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">
                    {formatEuro(inv.totalAmount)}
                    {inv.status !== "bozza" && inv.remainder !== "0.00" && inv.remainder !== inv.totalAmount ? (
                      <div className="text-xs text-muted-foreground">residuo {formatEuro(inv.remainder)}</div>
                    ) : null}
                  </TableCell>
                  <TableCell className="hidden text-sm md:table-cell">{formatDate(inv.issueDate)}</TableCell>
                  <TableCell
                    className={cn(
                      "hidden text-sm whitespace-nowrap sm:table-cell",
                      overdue && "font-semibold text-destructive",
                    )}
                  >
                    {formatDate(inv.dueDate)}
                  </TableCell>
                  <TableCell className="hidden sm:table-cell">
                    <div className="flex flex-wrap gap-1">
                      <InvoiceStatusBadge status={inv.status} />
                      <DueBadge state={inv.dueState} />
                    </div>
                  </TableCell>
                  <TableCell>
                    <div className="flex justify-end">
                      <Button asChild variant="ghost" size="icon">
                        <Link
                          href={paths.admin.invoice(inv.id)}
                          aria-label={`Visualizza ${inv.number ?? `bozza di ${inv.clientName}`}`}
                        >
                          <Eye aria-hidden className="size-4" />
                        </Link>
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              );
            })}
          </ListTable>
        )}
      </ListShell>
      <NewInvoiceDialog open={creating} onOpenChange={setCreating} contractId={contractId} />
      <VatRegisterDialog open={register} onOpenChange={setRegister} />
    </>
  );
}
