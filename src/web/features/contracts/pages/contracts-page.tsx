import { Eye, FileSignature, Plus } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { formatDate } from "@domain/format";
import { contractStatuses, type ContractStatus } from "@domain/statuses";
import { countLabel } from "@domain/wording";
import { ExportCsvButton } from "@web/components/export-csv-button";
import { Button } from "@web/components/ui/button";
import { Card, CardContent } from "@web/components/ui/card";
import { EmptyState } from "@web/components/ui/empty-state";
import { PageHeader } from "@web/components/ui/page-header";
import { ListPagination } from "@web/components/list/list-pagination";
import { SearchInput } from "@web/components/ui/search-input";
import { Select } from "@web/components/ui/select";
import { Skeleton } from "@web/components/ui/skeleton";
import { SortableHead, validSort } from "@web/components/list/sortable-head";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@web/components/ui/table";
import { useListParams } from "@web/lib/use-list-params";
import { useContracts } from "../api/queries";
import { ContractStatusBadge } from "../components/contract-status-badge";
import { NewContractDialog } from "../components/new-contract-dialog";

const SORTABLE = ["number", "signedDate", "status", "createdAt"] as const;
const FILTERS = ["q", "status", "sort"] as const;

export default function ContractsPage() {
  const list = useListParams(FILTERS);
  const { q, status, sort } = list.values;
  const sorting = { sort, onSort: (next: string) => list.set({ sort: next }) };
  const { data, isPending, isError } = useContracts({
    q,
    status: (status || undefined) as ContractStatus | undefined,
    sort: validSort(sort, SORTABLE),
    ...list.page,
  });
  const [search, setSearch] = useState(q);
  const [creating, setCreating] = useState(false);

  return (
    <>
      <PageHeader
        title="Contratti"
        description={
          data ? countLabel(data.total, "contratto", "contratti", data.capped) : "Contratti generati dai preventivi accettati"
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
      />
      <div className="mb-4 flex flex-col gap-2 sm:flex-row">
        <SearchInput
          label="Cerca contratti"
          placeholder="Cerca per numero o titolo del preventivo..."
          value={search}
          onValueChange={setSearch}
          onDebouncedChange={(value) => list.set({ q: value })}
          className="sm:max-w-sm"
        />
        <Select
          aria-label="Filtra per stato"
          value={status}
          onChange={(e) => list.set({ status: e.target.value })}
          className="sm:w-48"
        >
          <option value="">Tutti gli stati</option>
          {contractStatuses.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      </div>

      {isError ? (
        <p role="alert" className="text-destructive">
          Impossibile caricare i contratti. Riprova.
        </p>
      ) : isPending ? (
        <div className="space-y-2" aria-busy="true">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : data.rows.length === 0 ? (
        <EmptyState
          icon={FileSignature}
          title="Nessun contratto trovato"
          description={
            list.hasFilters
              ? "Prova a modificare i filtri di ricerca"
              : "I contratti vengono generati automaticamente quando un preventivo viene accettato."
          }
        />
      ) : (
        <Card>
          <CardContent className="p-0">
            <Table aria-label="Elenco contratti">
              <TableHeader>
                <TableRow>
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
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.rows.map((c) => (
                  <TableRow key={c.id}>
                    <TableCell>
                      <Link href={`/admin/contracts/${c.id}`} className="font-medium whitespace-nowrap hover:underline">
                        {c.number}
                      </Link>
                    </TableCell>
                    <TableCell>
                      <div>{c.estimateTitle}</div>
                      <div className="text-sm text-muted-foreground">{c.clientName}</div>
                    </TableCell>
                    <TableCell className="hidden text-sm md:table-cell">
                      {c.signedDate ? (
                        formatDate(c.signedDate)
                      ) : (
                        <span className="text-muted-foreground">Non firmato</span>
                      )}
                    </TableCell>
                    <TableCell>
                      <ContractStatusBadge status={c.status} />
                    </TableCell>
                    <TableCell className="hidden text-sm lg:table-cell">{formatDate(c.createdAt)}</TableCell>
                    <TableCell>
                      <div className="flex justify-end">
                        <Button asChild variant="ghost" size="icon">
                          <Link href={`/admin/contracts/${c.id}`} aria-label={`Visualizza ${c.number}`}>
                            <Eye aria-hidden className="size-4" />
                          </Link>
                        </Button>
                      </div>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
      )}

      <ListPagination total={data?.total} capped={data?.capped} cursors={data} list={list} />
      <NewContractDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
