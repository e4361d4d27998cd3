import { Plus, Truck } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { supplierStatuses } from "@domain/statuses";
import type { Supplier } from "@domain/suppliers";
import { countLabel } from "@domain/wording";
import { ExportCsvButton } from "@web/components/export-csv-button";
import { ImportButton } from "@web/components/import-button";
import { ListShell, ListTable, listSorting } from "@web/components/list/list-shell";
import { FilterSelect } from "@web/components/list/list-toolbar";
import { RowActions, RowDeleteAction, RowEditAction, RowViewAction } from "@web/components/list/row-actions";
import { isInteractiveTarget } from "@web/components/list/row-click";
import { Button } from "@web/components/ui/button";
import { SortableHead, validSort } from "@web/components/list/sortable-head";
import { TableCell, TableHead, TableRow } from "@web/components/ui/table";
import { useListParams } from "@web/lib/use-list-params";
import { useSuppliers } from "../api/list-suppliers";
import { DeleteSupplierDialog } from "../components/delete-supplier-dialog";
import { SupplierDetailsDialog } from "../components/supplier-details-dialog";
import { SupplierStatusBadge } from "../components/supplier-status-badge";
import { paths } from "@web/lib/paths";

const SORTABLE = ["name", "city", "status"] as const;
const FILTERS = ["q", "status", "sort"] as const;

export default function SuppliersPage() {
  const list = useListParams(FILTERS);
  const { q, status, sort } = list.values;
  const sorting = listSorting(list);
  const query = useSuppliers({
    q,
    status: (status || undefined) as Supplier["status"] | undefined,
    sort: validSort(sort, SORTABLE),
    ...list.page,
  });
  const { data } = query;
  const [viewing, setViewing] = useState<Supplier | null>(null);
  const [deleting, setDeleting] = useState<Supplier | null>(null);

  return (
    <>
      <ListShell
        title="Fornitori"
        description={data ? countLabel(data.total, "fornitore", "fornitori", data.capped) : "Anagrafica dei fornitori"}
        actions={
          <>
            <ExportCsvButton path="/api/suppliers/export.csv" query={{ q, status }} />
            <ImportButton kind="suppliers" />
            <Button asChild>
              <Link href={paths.admin.newSupplier()}>
                <Plus aria-hidden className="size-4" />
                Nuovo Fornitore
              </Link>
            </Button>
          </>
        }
        toolbar={{
          searchLabel: "Cerca fornitori",
          searchPlaceholder: "Cerca per nome, città o email...",
          query: q,
          onSearch: (value) => list.set({ q: value }),
          children: (
            <>
              <FilterSelect
                label="Filtra per stato"
                value={status}
                onValueChange={(value) => list.set({ status: value })}
                allLabel="Tutti gli stati"
                options={supplierStatuses.options}
                className="sm:w-48"
              />
            </>
          ),
        }}
        list={list}
        query={query}
        errorText="Impossibile caricare i fornitori. Riprova."
        filtered={list.hasFilters}
        empty={{
          icon: Truck,
          title: "Nessun fornitore trovato",
          invite: "Inizia aggiungendo il tuo primo fornitore",
          action: (
            <Button asChild>
              <Link href={paths.admin.newSupplier()}>
                <Plus aria-hidden className="size-4" />
                Aggiungi fornitore
              </Link>
            </Button>
          ),
        }}
      >
        {(rows) => (
          <ListTable
            label="Elenco fornitori"
            flush
            scrollLabel="Elenco fornitori"
            head={
              <>
                <SortableHead column="name" {...sorting}>
                  Fornitore
                </SortableHead>
                <TableHead className="hidden md:table-cell">Contatti</TableHead>
                <SortableHead column="city" className="hidden lg:table-cell" {...sorting}>
                  Località
                </SortableHead>
                <TableHead className="hidden xl:table-cell">Partita IVA</TableHead>
                <SortableHead column="status" {...sorting}>
                  Stato
                </SortableHead>
                <TableHead className="text-right">Azioni</TableHead>
              </>
            }
          >
            {rows.map((supplier) => (
              <TableRow
                key={supplier.id}
                className="cursor-pointer"
                onClick={(event) => !isInteractiveTarget(event.target) && setViewing(supplier)}
              >
                <TableCell>
                  <button
                    type="button"
                    className="text-start font-medium hover:underline"
                    onClick={() => setViewing(supplier)}
                  >
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
                  <RowActions>
                    <RowViewAction href={paths.admin.supplier(supplier.id)} label={`Visualizza ${supplier.name}`} />
                    <RowEditAction href={paths.admin.editSupplier(supplier.id)} label={`Modifica ${supplier.name}`} />
                    <RowDeleteAction label={`Elimina ${supplier.name}`} onClick={() => setDeleting(supplier)} />
                  </RowActions>
                </TableCell>
              </TableRow>
            ))}
          </ListTable>
        )}
      </ListShell>

      <SupplierDetailsDialog supplier={viewing} onOpenChange={(open) => !open && setViewing(null)} />
      <DeleteSupplierDialog supplier={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </>
  );
}
