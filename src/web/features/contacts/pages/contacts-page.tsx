import { Contact as ContactIcon, Eye, Mail, Pencil, Phone, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import type { Contact } from "@domain/contacts";
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
import { useClientFilterOptions } from "../api/client-options";
import { useContacts } from "../api/list-contacts";
import { ContactFormDialog } from "../components/contact-form-dialog";
import { DeleteContactDialog } from "../components/delete-contact-dialog";

const FILTERS = ["q", "clientId"] as const;

export default function ContactsPage() {
  const list = useListParams(FILTERS);
  const { q, clientId } = list.values;
  const { data, isPending, isError } = useContacts({ q, clientId: clientId || undefined, limit: list.limit, offset: list.offset });
  const clientOptions = useClientFilterOptions(clientId);
  const [search, setSearch] = useState(q);
  const [editing, setEditing] = useState<Contact | "new" | null>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);

  return (
    <>
      <PageHeader
        title="Contatti"
        description={data ? `${data.total} contatti in totale` : "Referenti dei clienti"}
        actions={
          <Button onClick={() => setEditing("new")}>
            <Plus aria-hidden className="size-4" />
            Nuovo Contatto
          </Button>
        }
      />

      <div className="mb-4 flex flex-col gap-2 sm:flex-row">
        <SearchInput
          label="Cerca contatti"
          placeholder="Cerca per nome, email o telefono..."
          value={search}
          onValueChange={setSearch}
          onDebouncedChange={(value) => list.set({ q: value })}
          className="sm:max-w-sm"
        />
        <Select aria-label="Filtra per cliente" value={clientId} onChange={(e) => list.set({ clientId: e.target.value })} className="sm:w-64">
          <option value="">Tutti i clienti</option>
          {clientOptions.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
      </div>

      {isError ? (
        <p role="alert" className="text-destructive">
          Impossibile caricare i contatti. Riprova.
        </p>
      ) : isPending ? (
        <div className="space-y-2" aria-busy="true">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : data.rows.length === 0 ? (
        <EmptyState
          icon={ContactIcon}
          title="Nessun contatto trovato"
          description={list.hasFilters ? "Prova a modificare i filtri di ricerca" : "Inizia aggiungendo il primo referente di un cliente"}
          action={
            list.hasFilters ? undefined : (
              <Button onClick={() => setEditing("new")}>
                <Plus aria-hidden className="size-4" />
                Aggiungi contatto
              </Button>
            )
          }
        />
      ) : (
        <Card>
          <CardContent className="p-0">
            <Table aria-label="Elenco contatti">
              <TableHeader>
                <TableRow>
                  <TableHead>Contatto</TableHead>
                  <TableHead className="hidden sm:table-cell">Cliente</TableHead>
                  <TableHead className="hidden md:table-cell">Ruolo</TableHead>
                  <TableHead className="hidden lg:table-cell">Recapiti</TableHead>
                  <TableHead className="text-right">Azioni</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.rows.map((contact) => (
                  <TableRow key={contact.id}>
                    <TableCell>
                      <Link href={`/admin/contacts/${contact.id}`} className="font-medium hover:underline">
                        {contact.name}
                      </Link>
                      {/* On phones the hidden columns fold under the name. */}
                      <div className="text-sm text-muted-foreground sm:hidden">{contact.clientName ?? "Cliente non trovato"}</div>
                      <div className="text-sm text-muted-foreground lg:hidden">{contact.phone ?? contact.email ?? ""}</div>
                    </TableCell>
                    <TableCell className="hidden sm:table-cell">
                      {contact.clientName ? (
                        <Link href={`/admin/clients/${contact.clientId}`} className="hover:underline">
                          {contact.clientName}
                        </Link>
                      ) : (
                        <span className="text-muted-foreground">Cliente non trovato</span>
                      )}
                    </TableCell>
                    <TableCell className="hidden md:table-cell">{contact.role ?? <span className="text-muted-foreground">Non specificato</span>}</TableCell>
                    <TableCell className="hidden text-sm lg:table-cell">
                      {contact.phone ? (
                        <a href={`tel:${contact.phone}`} className="flex items-center gap-1 text-primary hover:underline">
                          <Phone aria-hidden className="size-3" />
                          {contact.phone}
                        </a>
                      ) : null}
                      {contact.email ? (
                        <a href={`mailto:${contact.email}`} className="flex items-center gap-1 text-primary hover:underline">
                          <Mail aria-hidden className="size-3" />
                          {contact.email}
                        </a>
                      ) : null}
                      {!contact.phone && !contact.email ? <span className="text-muted-foreground">—</span> : null}
                    </TableCell>
                    <TableCell>
                      <div className="flex justify-end gap-1">
                        <Button asChild variant="ghost" size="icon">
                          <Link href={`/admin/contacts/${contact.id}`} aria-label={`Visualizza ${contact.name}`}>
                            <Eye aria-hidden className="size-4" />
                          </Link>
                        </Button>
                        <Button variant="ghost" size="icon" aria-label={`Modifica ${contact.name}`} onClick={() => setEditing(contact)}>
                          <Pencil aria-hidden className="size-4" />
                        </Button>
                        <Button variant="ghost" size="icon" aria-label={`Elimina ${contact.name}`} onClick={() => setDeleting(contact)}>
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

      <ContactFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        contact={editing === "new" || editing === null ? undefined : editing}
        defaultClientId={clientId || undefined}
      />
      <DeleteContactDialog contact={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </>
  );
}
