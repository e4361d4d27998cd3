import { Eye, Pencil, Plus, Trash2, Truck } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { supplierStatuses } from "@domain/statuses";
import type { Supplier } from "@domain/suppliers";
import { Button } from "@web/components/ui/button";
import { Card, CardContent } from "@web/components/ui/card";
import { EmptyState } from "@web/components/ui/empty-state";
import { PageHeader } from "@web/components/ui/page-header";
import { Pagination } from "@web/components/ui/pagination";
import { SearchInput } from "@web/components/ui/search-input";
import { Select } from "@web/components/ui/select";
import { Skeleton } from "@web/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@web/components/ui/table";
import { useListParams } from "@web/lib/use-list-params";
import { useSuppliers } from "../api/list-suppliers";
import { DeleteSupplierDialog } from "../components/delete-supplier-dialog";
import { SupplierDetailsDialog } from "../components/supplier-details-dialog";
import { SupplierStatusBadge } from "../components/supplier-status-badge";

const FILTERS = ["q", "status"] as const;

/** Clicks on the row's own links and buttons keep their meaning; elsewhere the row opens its details. */
const isInteractive = (target: EventTarget) => target instanceof Element && target.closest("a, button") !== null;

export default function SuppliersPage() {
  const list = useListParams(FILTERS);
  const { q, status } = list.values;
  const { data, isPending, isError } = useSuppliers({ q, status: (status || undefined) as Supplier["status"] | undefined, limit: list.limit, offset: list.offset });
  const [search, setSearch] = useState(q);
  const [viewing, setViewing] = useState<Supplier | null>(null);
  const [deleting, setDeleting] = useState<Supplier | null>(null);

  return (
    <>
      <PageHeader
        title="Fornitori"
        description={data ? `${data.total} fornitori in totale` : "Anagrafica dei fornitori"}
        actions={
          <Button asChild>
            <Link href="/admin/suppliers/new">
              <Plus aria-hidden className="size-4" />
              Nuovo Fornitore
            </Link>
          </Button>
        }
      />

      <div className="mb-4 flex flex-col gap-2 sm:flex-row">
        <SearchInput
          label="Cerca fornitori"
          placeholder="Cerca per nome, città o email..."
          value={search}
          onValueChange={setSearch}
          onDebouncedChange={(value) => list.set({ q: value })}
          className="sm:max-w-sm"
        />
        <Select aria-label="Filtra per stato" value={status} onChange={(e) => list.set({ status: e.target.value })} className="sm:w-48">
          <option value="">Tutti gli stati</option>
          {supplierStatuses.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      </div>

      {isError ? (
        <p role="alert" className="text-destructive">
          Impossibile caricare i fornitori. Riprova.
        </p>
      ) : isPending ? (
        <div className="space-y-2" aria-busy="true">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : data.rows.length === 0 ? (
        <EmptyState
          icon={Truck}
          title="Nessun fornitore trovato"
          description={list.hasFilters ? "Prova a modificare i filtri di ricerca" : "Inizia aggiungendo il tuo primo fornitore"}
          action={
            list.hasFilters ? undefined : (
              <Button asChild>
                <Link href="/admin/suppliers/new">
                  <Plus aria-hidden className="size-4" />
                  Aggiungi fornitore
                </Link>
              </Button>
            )
          }
        />
      ) : (
        <Card>
          <CardContent className="p-0 sm:p-0">
            <Table aria-label="Elenco fornitori" scrollLabel="Elenco fornitori">
              <TableHeader>
                <TableRow>
                  <TableHead>Fornitore</TableHead>
                  <TableHead className="hidden md:table-cell">Contatti</TableHead>
                  <TableHead className="hidden lg:table-cell">Località</TableHead>
                  <TableHead className="hidden xl:table-cell">Partita IVA</TableHead>
                  <TableHead>Stato</TableHead>
                  <TableHead className="text-right">Azioni</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.rows.map((supplier) => (
                  <TableRow
                    key={supplier.id}
                    className="cursor-pointer"
                    onClick={(event) => !isInteractive(event.target) && setViewing(supplier)}
                  >
                    <TableCell>
                      <button type="button" className="text-start font-medium hover:underline" onClick={() => setViewing(supplier)}>
                        {supplier.name}
                      </button>
                      <div className="text-sm text-muted-foreground">
                        {supplier.contactPerson ?? "—"}
                        <span className="lg:hidden"> · {supplier.city}</span>
                      </div>
                    </TableCell>
                    <TableCell className="hidden text-sm md:table-cell">
                      <div>{supplier.phone ?? "—"}</div>
                      <div className="text-muted-foreground">{supplier.email ?? ""}</div>
                    </TableCell>
                    <TableCell className="hidden text-sm lg:table-cell">
                      {supplier.city}
                      {supplier.province ? ` (${supplier.province})` : ""}
                    </TableCell>
                    <TableCell className="hidden text-sm tabular-nums xl:table-cell">{supplier.vatNumber ?? "—"}</TableCell>
                    <TableCell>
                      <SupplierStatusBadge status={supplier.status} />
                    </TableCell>
                    <TableCell>
                      <div className="flex justify-end gap-1">
                        <Button asChild variant="ghost" size="icon">
                          <Link href={`/admin/suppliers/${supplier.id}`} aria-label={`Visualizza ${supplier.name}`}>
                            <Eye aria-hidden className="size-4" />
                          </Link>
                        </Button>
                        <Button asChild variant="ghost" size="icon">
                          <Link href={`/admin/suppliers/${supplier.id}/edit`} aria-label={`Modifica ${supplier.name}`}>
                            <Pencil aria-hidden className="size-4" />
                          </Link>
                        </Button>
                        <Button variant="ghost" size="icon" aria-label={`Elimina ${supplier.name}`} onClick={() => setDeleting(supplier)}>
                          <Trash2 aria-hidden className="size-4 text-destructive" />
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

      {data && data.total > list.limit ? (
        <Pagination total={data.total} limit={list.limit} offset={list.offset} onOffsetChange={(offset) => list.set({ offset })} className="mt-4" />
      ) : null}

      <SupplierDetailsDialog supplier={viewing} onOpenChange={(open) => !open && setViewing(null)} />
      <DeleteSupplierDialog supplier={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </>
  );
}
