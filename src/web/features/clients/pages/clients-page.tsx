import { Plus, UsersRound } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import type { Client } from "@domain/clients";
import { formatDate } from "@domain/format";
import { clientTypes } from "@domain/statuses";
import { countLabel, formatAddress } from "@domain/wording";
import { ExportCsvButton } from "@web/components/export-csv-button";
import { ImportButton } from "@web/components/import-button";
import { ListShell, ListTable, listSorting } from "@web/components/list/list-shell";
import { FilterSelect } from "@web/components/list/list-toolbar";
import { RowActions, RowDeleteAction, RowEditAction, RowViewAction } from "@web/components/list/row-actions";
import { Button } from "@web/components/ui/button";
import { useCan } from "@web/lib/use-can";
import { SortableHead, validSort } from "@web/components/list/sortable-head";
import { TableCell, TableHead, TableRow } from "@web/components/ui/table";
import { useCreateIntent } from "@web/lib/create-intent";
import { useListParams } from "@web/lib/use-list-params";
import { useClients } from "../api/list-clients";
import { ClientFormDialog } from "../components/client-form-dialog";
import { ClientTypeBadge } from "../components/client-type-badge";
import { DeleteClientDialog } from "../components/delete-client-dialog";
import { paths } from "@web/lib/paths";

const SORTABLE = ["name", "type", "createdAt"] as const;
const FILTERS = ["q", "type", "sort"] as const;
const NO_PREFILL = [] as const;

export default function ClientsPage() {
  // A technician reads the address book; only the office changes it (docs/domain/roles.md).
  const mayWrite = useCan()("clients.write");
  const list = useListParams(FILTERS);
  const { q, type, sort } = list.values;
  const sorting = listSorting(list);
  const query = useClients({
    q,
    type: type as Client["type"],
    sort: validSort(sort, SORTABLE),
    ...list.page,
  });
  const { data } = query;
  const [editing, setEditing] = useState<Client | "new" | null>(null);
  const [deleting, setDeleting] = useState<Client | null>(null);
  const intent = useCreateIntent(NO_PREFILL);

  return (
    <>
      <ListShell
        title="Clienti"
        description={data ? countLabel(data.total, "cliente", "clienti", data.capped) : "Anagrafica dei clienti"}
        actions={
          <>
            <ExportCsvButton path="/api/clients/export.csv" query={{ q, type }} />
            <ImportButton kind="clients" />
            {mayWrite ? (
              <Button onClick={() => setEditing("new")}>
                <Plus aria-hidden className="size-4" />
                Nuovo Cliente
              </Button>
            ) : null}
          </>
        }
        toolbar={{
          searchLabel: "Cerca clienti",
          searchPlaceholder: "Cerca per nome, email o telefono...",
          query: q,
          onSearch: (value) => list.set({ q: value }),
          children: (
            <>
              <FilterSelect
                label="Filtra per tipo"
                value={type}
                onValueChange={(value) => list.set({ type: value })}
                allLabel="Tutti i tipi"
                options={clientTypes.options}
                className="sm:w-48"
              />
            </>
          ),
        }}
        list={list}
        query={query}
        errorText="Impossibile caricare i clienti. Riprova."
        filtered={list.hasFilters}
        empty={{
          icon: UsersRound,
          title: "Nessun cliente trovato",
          invite: "Inizia aggiungendo il tuo primo cliente",
          action: mayWrite ? (
            <Button onClick={() => setEditing("new")}>
              <Plus aria-hidden className="size-4" />
              Aggiungi cliente
            </Button>
          ) : undefined,
        }}
      >
        {(rows) => (
          <ListTable
            label="Elenco clienti"
            head={
              <>
                <SortableHead column="name" {...sorting}>
                  Cliente
                </SortableHead>
                <SortableHead column="type" {...sorting}>
                  Tipo
                </SortableHead>
                <TableHead className="hidden md:table-cell">Contatti</TableHead>
                <SortableHead column="createdAt" className="hidden lg:table-cell" first="desc" {...sorting}>
                  Creato il
                </SortableHead>
                <TableHead className="text-right">Azioni</TableHead>
              </>
            }
          >
            {rows.map((client) => (
              <TableRow key={client.id}>
                <TableCell>
                  <Link href={paths.admin.client(client.id)} className="font-medium hover:underline">
                    {client.name}
                  </Link>
                  <div className="text-sm text-muted-foreground">{formatAddress(client)}</div>
                </TableCell>
                <TableCell>
                  <ClientTypeBadge type={client.type} />
                </TableCell>
                <TableCell className="hidden text-sm md:table-cell">
                  <div>{client.email ?? "—"}</div>
                  <div className="text-muted-foreground">{client.phone ?? ""}</div>
                </TableCell>
                <TableCell className="hidden text-sm lg:table-cell">{formatDate(client.createdAt)}</TableCell>
                <TableCell>
                  <RowActions>
                    <RowViewAction href={paths.admin.client(client.id)} label={`Visualizza ${client.name}`} />
                    {mayWrite ? (
                      <>
                        <RowEditAction label={`Modifica ${client.name}`} onClick={() => setEditing(client)} />
                        <RowDeleteAction label={`Elimina ${client.name}`} onClick={() => setDeleting(client)} />
                      </>
                    ) : null}
                  </RowActions>
                </TableCell>
              </TableRow>
            ))}
          </ListTable>
        )}
      </ListShell>

      <ClientFormDialog
        open={editing !== null || intent.open}
        onOpenChange={(open) => {
          if (open) return;
          setEditing(null);
          if (intent.open) intent.clear();
        }}
        client={editing === "new" || editing === null ? undefined : editing}
      />
      <DeleteClientDialog client={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </>
  );
}
