import { Contact as ContactIcon, Mail, Phone, Plus } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "wouter";
import type { Contact } from "@domain/contacts";
import { countLabel } from "@domain/wording";
import { ExportCsvButton } from "@web/components/export-csv-button";
import { ListShell, ListTable, listSorting } from "@web/components/list/list-shell";
import { RowActions, RowDeleteAction, RowEditAction, RowViewAction } from "@web/components/list/row-actions";
import { Button } from "@web/components/ui/button";
import { useCan } from "@web/lib/use-can";
import { SortableHead, validSort } from "@web/components/list/sortable-head";
import { TableCell, TableHead, TableRow } from "@web/components/ui/table";
import { useCreateIntent } from "@web/lib/create-intent";
import { useListParams } from "@web/lib/use-list-params";
import { AsyncCombobox } from "@web/components/pickers/async-combobox";
import { clientOption, clientOptionsKey, searchClientOptions } from "@web/components/pickers/client-picker";
import { useContacts } from "../api/list-contacts";
import { ContactFormDialog } from "../components/contact-form-dialog";
import { DeleteContactDialog } from "../components/delete-contact-dialog";
import { paths } from "@web/lib/paths";

const SORTABLE = ["name", "clientName"] as const;
const FILTERS = ["q", "clientId", "sort"] as const;
const PREFILL = ["clientId"] as const;

export default function ContactsPage() {
  // A technician reads the address book; only the office changes it (docs/domain/roles.md).
  const mayWrite = useCan()("contacts.write");
  const list = useListParams(FILTERS);
  const { q, clientId, sort } = list.values;
  const sorting = listSorting(list);
  const query = useContacts({
    q,
    clientId: clientId || undefined,
    sort: validSort(sort, SORTABLE),
    ...list.page,
  });
  const { data } = query;
  const clientFilterId = useId();
  const [editing, setEditing] = useState<Contact | "new" | null>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const intent = useCreateIntent(PREFILL);

  return (
    <>
      <ListShell
        title="Contatti"
        description={data ? countLabel(data.total, "contatto", "contatti", data.capped) : "Referenti dei clienti"}
        actions={
          <>
            <ExportCsvButton path="/api/contacts/export.csv" query={{ q, clientId }} />
            {mayWrite ? (
              <Button onClick={() => setEditing("new")}>
                <Plus aria-hidden className="size-4" />
                Nuovo Contatto
              </Button>
            ) : null}
          </>
        }
        toolbar={{
          searchLabel: "Cerca contatti",
          searchPlaceholder: "Cerca per nome, email o telefono...",
          query: q,
          onSearch: (value) => list.set({ q: value }),
          children: (
            <>
              {/* A server search: the filter reaches any client, however many there are. */}
              <div className="sm:w-64">
                <label htmlFor={clientFilterId} className="sr-only">
                  Filtra per cliente
                </label>
                <AsyncCombobox
                  id={clientFilterId}
                  value={clientId}
                  onChange={(id) => list.set({ clientId: id })}
                  clearable
                  placeholder="Tutti i clienti"
                  queryKey={clientOptionsKey}
                  search={searchClientOptions}
                  resolve={clientOption}
                />
              </div>
            </>
          ),
        }}
        list={list}
        query={query}
        errorText="Impossibile caricare i contatti. Riprova."
        filtered={list.hasFilters}
        empty={{
          icon: ContactIcon,
          title: "Nessun contatto trovato",
          invite: "Inizia aggiungendo il primo referente di un cliente",
          action: mayWrite ? (
            <Button onClick={() => setEditing("new")}>
              <Plus aria-hidden className="size-4" />
              Aggiungi contatto
            </Button>
          ) : undefined,
        }}
      >
        {(rows) => (
          <ListTable
            label="Elenco contatti"
            head={
              <>
                <SortableHead column="name" {...sorting}>
                  Contatto
                </SortableHead>
                <SortableHead column="clientName" className="hidden sm:table-cell" {...sorting}>
                  Cliente
                </SortableHead>
                <TableHead className="hidden md:table-cell">Ruolo</TableHead>
                <TableHead className="hidden lg:table-cell">Recapiti</TableHead>
                <TableHead className="text-right">Azioni</TableHead>
              </>
            }
          >
            {rows.map((contact) => (
              <TableRow key={contact.id}>
                <TableCell>
                  <Link href={paths.admin.contact(contact.id)} className="font-medium hover:underline">
                    {contact.name}
                  </Link>
                  {/* On phones the hidden columns fold under the name. */}
                  <div className="text-sm text-muted-foreground sm:hidden">
                    {contact.clientName ?? "Cliente non trovato"}
                  </div>
                  <div className="text-sm text-muted-foreground lg:hidden">{contact.phone ?? contact.email ?? ""}</div>
                </TableCell>
                <TableCell className="hidden sm:table-cell">
                  {contact.clientName ? (
                    <Link href={paths.admin.client(contact.clientId)} className="hover:underline">
                      {contact.clientName}
                    </Link>
                  ) : (
                    <span className="text-muted-foreground">Cliente non trovato</span>
                  )}
                </TableCell>
                <TableCell className="hidden md:table-cell">
                  {contact.role ?? <span className="text-muted-foreground">Non specificato</span>}
                </TableCell>
                <TableCell className="hidden text-sm lg:table-cell">
                  {contact.phone ? (
                    <a href={`tel:${contact.phone}`} className="flex items-center gap-1 text-primary hover:underline">
                      <Phone aria-hidden className="size-3" />
                      {contact.phone}
                    </a>
                  ) : null}
                  {contact.email ? (
                    <a
                      href={`mailto:${contact.email}`}
                      className="flex items-center gap-1 text-primary hover:underline"
                    >
                      <Mail aria-hidden className="size-3" />
                      {contact.email}
                    </a>
                  ) : null}
                  {!contact.phone && !contact.email ? <span className="text-muted-foreground">—</span> : null}
                </TableCell>
                <TableCell>
                  <RowActions>
                    <RowViewAction href={paths.admin.contact(contact.id)} label={`Visualizza ${contact.name}`} />
                    {mayWrite ? (
                      <>
                        <RowEditAction label={`Modifica ${contact.name}`} onClick={() => setEditing(contact)} />
                        <RowDeleteAction label={`Elimina ${contact.name}`} onClick={() => setDeleting(contact)} />
                      </>
                    ) : null}
                  </RowActions>
                </TableCell>
              </TableRow>
            ))}
          </ListTable>
        )}
      </ListShell>

      <ContactFormDialog
        open={editing !== null || intent.open}
        onOpenChange={(open) => {
          if (open) return;
          setEditing(null);
          if (intent.open) intent.clear();
        }}
        contact={editing === "new" || editing === null ? undefined : editing}
        defaultClientId={(editing === null ? intent.values.clientId : "") || clientId || undefined}
      />
      <DeleteContactDialog contact={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </>
  );
}
