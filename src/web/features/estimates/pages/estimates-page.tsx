import { FileDown, FileText, Plus } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { canApplyEstimateAction, estimateSortKeys, type Estimate } from "@domain/estimates";
import { formatDate, formatEuro } from "@domain/format";
import { estimateStatuses, type EstimateStatus } from "@domain/statuses";
import { countLabel } from "@domain/wording";
import { ExportCsvButton } from "@web/components/export-csv-button";
import { ListShell, ListTable, listSorting } from "@web/components/list/list-shell";
import { FilterSelect } from "@web/components/list/list-toolbar";
import { RowActions, RowDeleteAction, RowEditAction, RowViewAction } from "@web/components/list/row-actions";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { SortableHead } from "@web/components/list/sortable-head";
import { TableCell, TableHead, TableRow } from "@web/components/ui/table";
import { toastError, toastSuccess } from "@web/components/ui/toast";
import { isApiError } from "@web/lib/api";
import { useCreateIntent } from "@web/lib/create-intent";
import { useListParams } from "@web/lib/use-list-params";
import { useDeleteEstimate } from "../api/delete-estimate";
import { estimatePdfUrl } from "../api/get-estimate";
import { useEstimates } from "../api/list-estimates";
import { EstimateExpiryBadge, EstimateStatusBadge } from "../components/estimate-badges";
import { EstimateFormDialog } from "../components/estimate-form-dialog";
import { paths } from "@web/lib/paths";

const FILTERS = ["q", "status", "sort"] as const;
const PREFILL = ["clientId", "surveyId"] as const;
const sortOptions = [
  { value: "", label: "Più recenti" },
  { value: "createdAt", label: "Meno recenti" },
  { value: "-number", label: "Numero (decrescente)" },
  { value: "number", label: "Numero (crescente)" },
  { value: "-totalAmount", label: "Importo (dal più alto)" },
  { value: "totalAmount", label: "Importo (dal più basso)" },
  { value: "clientName", label: "Cliente (A-Z)" },
  { value: "expiresAt", label: "Scadenza" },
] as const;

export default function EstimatesPage() {
  const list = useListParams(FILTERS);
  const { q, status, sort } = list.values;
  const sorting = listSorting(list);
  const validSort = (estimateSortKeys as readonly string[]).includes(sort.replace(/^-/, "")) ? sort : undefined;
  const query = useEstimates({
    q,
    status: (status || undefined) as EstimateStatus | undefined,
    sort: validSort,
    ...list.page,
  });
  const { data } = query;
  const [editing, setEditing] = useState<Estimate | "new" | null>(null);
  // "Crea preventivo" on a survey or a client opens the form here, prefilled.
  const intent = useCreateIntent(PREFILL);
  const [deleting, setDeleting] = useState<Estimate | null>(null);
  const remove = useDeleteEstimate();

  return (
    <>
      <ListShell
        title="Preventivi"
        description={data ? countLabel(data.total, "preventivo", "preventivi", data.capped) : "Preventivi ai clienti"}
        actions={
          <>
            <ExportCsvButton path="/api/estimates/export.csv" query={{ q, status, sort }} />
            <Button onClick={() => setEditing("new")}>
              <Plus aria-hidden className="size-4" />
              Nuovo Preventivo
            </Button>
          </>
        }
        toolbar={{
          searchLabel: "Cerca preventivi",
          searchPlaceholder: "Cerca per titolo, numero o cliente...",
          query: q,
          onSearch: (value) => list.set({ q: value }),
          children: (
            <>
              <FilterSelect
                label="Filtra per stato"
                value={status}
                onValueChange={(value) => list.set({ status: value })}
                allLabel="Tutti gli stati"
                options={estimateStatuses.options}
                className="sm:w-48"
              />
              <FilterSelect
                label="Ordina per"
                value={sort}
                onValueChange={(value) => list.set({ sort: value })}
                options={sortOptions}
                className="sm:w-56"
              />
            </>
          ),
        }}
        list={list}
        query={query}
        errorText="Impossibile caricare i preventivi. Riprova."
        filtered={list.hasFilters}
        empty={{
          icon: FileText,
          title: "Nessun preventivo trovato",
          invite: "Inizia creando il tuo primo preventivo",
          action: (
            <Button onClick={() => setEditing("new")}>
              <Plus aria-hidden className="size-4" />
              Nuovo Preventivo
            </Button>
          ),
        }}
      >
        {(rows) => (
          <ListTable
            label="Elenco preventivi"
            head={
              <>
                <SortableHead column="number" className="hidden sm:table-cell" first="desc" {...sorting}>
                  Numero
                </SortableHead>
                <SortableHead column="clientName" className="hidden md:table-cell" {...sorting}>
                  Cliente
                </SortableHead>
                <SortableHead column="title" {...sorting}>
                  Titolo
                </SortableHead>
                <SortableHead
                  column="totalAmount"
                  className="hidden text-right sm:table-cell"
                  first="desc"
                  {...sorting}
                >
                  Importo
                </SortableHead>
                <SortableHead column="status" className="hidden sm:table-cell" {...sorting}>
                  Stato
                </SortableHead>
                <SortableHead column="createdAt" className="hidden lg:table-cell" first="desc" {...sorting}>
                  Data
                </SortableHead>
                <TableHead className="text-right">Azioni</TableHead>
              </>
            }
          >
            {rows.map((e) => (
              <TableRow key={e.id}>
                <TableCell className="hidden font-medium whitespace-nowrap sm:table-cell">
                  <Link href={paths.admin.estimate(e.id)} className="hover:underline">
                    {e.number}
                  </Link>
                </TableCell>
                <TableCell className="hidden md:table-cell">{e.clientName}</TableCell>
                {/* Takes the width left by the other columns, so the table fits its card. */}
                <TableCell className="w-full max-w-0">
                  <div className="text-sm font-medium sm:hidden">{e.number}</div>
                  <div className="truncate" title={e.title}>
                    {e.title}
                  </div>
                  <div className="text-sm text-muted-foreground md:hidden">{e.clientName}</div>
                  <div className="text-sm tabular-nums sm:hidden">{formatEuro(e.totalAmount)}</div>
                  <div className="mt-1 flex flex-wrap gap-1 sm:hidden">
                    <EstimateStatusBadge status={e.status} />
                    <EstimateExpiryBadge status={e.status} expiresAt={e.expiresAt} />
                  </div>
                </TableCell>
                <TableCell className="hidden text-right tabular-nums whitespace-nowrap sm:table-cell">
                  {formatEuro(e.totalAmount)}
                  <div className="text-xs text-muted-foreground">IVA incl. {formatEuro(e.grossTotal)}</div>
                </TableCell>
                <TableCell className="hidden sm:table-cell">
                  <div className="flex flex-wrap gap-1">
                    <EstimateStatusBadge status={e.status} />
                    <EstimateExpiryBadge status={e.status} expiresAt={e.expiresAt} />
                  </div>
                </TableCell>
                <TableCell className="hidden text-sm lg:table-cell">{formatDate(e.createdAt)}</TableCell>
                <TableCell>
                  <RowActions>
                    <RowViewAction href={paths.admin.estimate(e.id)} label={`Visualizza ${e.number}`} />
                    <Button asChild variant="ghost" size="icon">
                      <a
                        href={estimatePdfUrl(e.id)}
                        target="_blank"
                        rel="noreferrer"
                        aria-label={`PDF del preventivo ${e.number}`}
                      >
                        <FileDown aria-hidden className="size-4" />
                      </a>
                    </Button>
                    {canApplyEstimateAction(e.status, "edit") ? (
                      <RowEditAction
                        label={`Modifica ${e.number}`}
                        onClick={() => setEditing(e)}
                        className="hidden sm:inline-flex"
                      />
                    ) : null}
                    {canApplyEstimateAction(e.status, "delete") ? (
                      <RowDeleteAction
                        label={`Elimina ${e.number}`}
                        onClick={() => setDeleting(e)}
                        className="hidden sm:inline-flex"
                      />
                    ) : null}
                  </RowActions>
                </TableCell>
              </TableRow>
            ))}
          </ListTable>
        )}
      </ListShell>

      <EstimateFormDialog
        open={editing !== null || intent.open}
        onOpenChange={(open) => {
          if (open) return;
          setEditing(null);
          if (intent.open) intent.clear();
        }}
        estimateId={editing === "new" || editing === null ? undefined : editing.id}
        prefill={intent.open ? intent.values : undefined}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Eliminare il preventivo?"
        description={`Sei sicuro di voler eliminare questo preventivo${deleting ? ` (${deleting.number})` : ""}?`}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            toastSuccess("Preventivo eliminato con successo");
          } catch (error) {
            toastError(isApiError(error) ? error.message : "Errore nell'eliminazione del preventivo");
          }
        }}
      />
    </>
  );
}
