import { FileSignature, Plus } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { formatDate } from "@domain/format";
import { contractStatuses, type ContractStatus } from "@domain/statuses";
import { countLabel } from "@domain/wording";
import { ExportCsvButton } from "@web/components/export-csv-button";
import { ListShell, ListTable, listSorting } from "@web/components/list/list-shell";
import { FilterSelect } from "@web/components/list/list-toolbar";
import { RowActions, RowViewAction } from "@web/components/list/row-actions";
import { SortableHead, validSort } from "@web/components/list/sortable-head";
import { Button } from "@web/components/ui/button";
import { TableCell, TableHead, TableRow } from "@web/components/ui/table";
import { useListParams } from "@web/lib/use-list-params";
import { useContracts } from "../api/queries";
import { ContractStatusBadge } from "../components/contract-status-badge";
import { NewContractDialog } from "../components/new-contract-dialog";
import { paths } from "@web/lib/paths";

const SORTABLE = ["number", "signedDate", "status", "createdAt"] as const;
const FILTERS = ["q", "status", "sort"] as const;

export default function ContractsPage() {
  const list = useListParams(FILTERS);
  const { q, status, sort } = list.values;
  const sorting = listSorting(list);
  const query = useContracts({
    q,
    status: (status || undefined) as ContractStatus | undefined,
    sort: validSort(sort, SORTABLE),
    ...list.page,
  });
  const { data } = query;
  const [creating, setCreating] = useState(false);

  return (
    <>
      <ListShell
        title="Contratti"
        description={
          data
            ? countLabel(data.total, "contratto", "contratti", data.capped)
            : "Contratti generati dai preventivi accettati"
        }
        actions={
          <>
            <ExportCsvButton path="/api/contracts/export.csv" query={{ q, status }} />
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden className="size-4" />
              Nuovo Contratto
            </Button>
          </>
        }
        toolbar={{
          searchLabel: "Cerca contratti",
          searchPlaceholder: "Cerca per numero o titolo del preventivo...",
          query: q,
          onSearch: (value) => list.set({ q: value }),
          children: (
            <FilterSelect
              label="Filtra per stato"
              value={status}
              onValueChange={(value) => list.set({ status: value })}
              allLabel="Tutti gli stati"
              options={contractStatuses.options}
              className="sm:w-48"
            />
          ),
        }}
        query={query}
        list={list}
        errorText="Impossibile caricare i contratti. Riprova."
        filtered={list.hasFilters}
        empty={{
          icon: FileSignature,
          title: "Nessun contratto trovato",
          invite: "I contratti vengono generati automaticamente quando un preventivo viene accettato.",
        }}
      >
        {(rows) => (
          <ListTable
            label="Elenco contratti"
            head={
              <>
                <SortableHead column="number" first="desc" {...sorting}>
                  Numero
                </SortableHead>
                <TableHead>Preventivo</TableHead>
                <SortableHead column="signedDate" className="hidden md:table-cell" first="desc" {...sorting}>
                  Data firma
                </SortableHead>
                <SortableHead column="status" {...sorting}>
                  Stato
                </SortableHead>
                <SortableHead column="createdAt" className="hidden lg:table-cell" first="desc" {...sorting}>
                  Creato il
                </SortableHead>
                <TableHead className="text-right">Azioni</TableHead>
              </>
            }
          >
            {rows.map((c) => (
              <TableRow key={c.id}>
                <TableCell>
                  <Link href={paths.admin.contract(c.id)} className="font-medium whitespace-nowrap hover:underline">
                    {c.number}
                  </Link>
                </TableCell>
                <TableCell>
                  <div>{c.estimateTitle}</div>
                  <div className="text-sm text-muted-foreground">{c.clientName}</div>
                </TableCell>
                <TableCell className="hidden text-sm md:table-cell">
                  {c.signedDate ? formatDate(c.signedDate) : <span className="text-muted-foreground">Non firmato</span>}
                </TableCell>
                <TableCell>
                  <ContractStatusBadge status={c.status} />
                </TableCell>
                <TableCell className="hidden text-sm lg:table-cell">{formatDate(c.createdAt)}</TableCell>
                <TableCell>
                  <RowActions>
                    <RowViewAction href={paths.admin.contract(c.id)} label={`Visualizza ${c.number}`} />
                  </RowActions>
                </TableCell>
              </TableRow>
            ))}
          </ListTable>
        )}
      </ListShell>
      <NewContractDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
