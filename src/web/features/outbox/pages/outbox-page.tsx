import { Mail, Paperclip } from "lucide-react";
import { useState } from "react";
import { formatDateTime } from "@domain/format";
import { plural } from "@domain/wording";
import { Button } from "@web/components/ui/button";
import { Card, CardContent } from "@web/components/ui/card";
import { EmptyState } from "@web/components/ui/empty-state";
import { PageHeader } from "@web/components/ui/page-header";
import { ListPagination } from "@web/components/list/list-pagination";
import { SearchInput } from "@web/components/ui/search-input";
import { Skeleton } from "@web/components/ui/skeleton";
import { SortableHead, validSort } from "@web/components/list/sortable-head";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@web/components/ui/table";
import { useListParams } from "@web/lib/use-list-params";
import { useOutbox } from "../api/outbox";
import { MessageDialog } from "../components/message-dialog";
import { OutboxStatusBadge } from "../components/outbox-status-badge";

const SORTABLE = ["subject", "to", "createdAt"] as const;
const FILTERS = ["q", "sort"] as const;

export default function OutboxPage() {
  const list = useListParams(FILTERS);
  const { q, sort } = list.values;
  const sorting = { sort, onSort: (next: string) => list.set({ sort: next }) };
  const { data, isPending, isError } = useOutbox({
    q,
    sort: validSort(sort, SORTABLE),
    ...list.page,
  });
  const [search, setSearch] = useState(q);
  const [open, setOpen] = useState<string | null>(null);

  return (
    <>
      <PageHeader
        title="Posta in uscita"
        description="Le e-mail inviate dal gestionale. Senza un server SMTP configurato restano qui, con i loro allegati."
      />
      <SearchInput
        label="Cerca messaggi"
        placeholder="Cerca per destinatario o oggetto..."
        value={search}
        onValueChange={setSearch}
        onDebouncedChange={(value) => list.set({ q: value })}
        className="mb-4 sm:max-w-sm"
      />
      {isError ? (
        <p role="alert" className="text-destructive">
          Impossibile caricare i messaggi. Riprova.
        </p>
      ) : isPending ? (
        <div className="space-y-2" aria-busy="true">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : data.rows.length === 0 ? (
        <EmptyState
          icon={Mail}
          title="Nessun messaggio"
          description={
            list.hasFilters
              ? "Prova a modificare i filtri di ricerca"
              : "Qui compariranno preventivi, ordini e fatture inviati per e-mail."
          }
        />
      ) : (
        <Card>
          <CardContent className="p-0">
            <Table aria-label="Messaggi in uscita">
              <TableHeader>
                <TableRow>
                  <SortableHead column="subject" {...sorting}>
                    Oggetto
                  </SortableHead>
                  <SortableHead column="to" className="hidden md:table-cell" {...sorting}>
                    Destinatario
                  </SortableHead>
                  <SortableHead column="createdAt" className="hidden sm:table-cell" first="desc" {...sorting}>
                    Data
                  </SortableHead>
                  <TableHead>Stato</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.rows.map((m) => (
                  <TableRow key={m.id}>
                    <TableCell>
                      <Button
                        variant="link"
                        className="h-auto text-left whitespace-normal"
                        onClick={() => setOpen(m.id)}
                      >
                        {m.subject}
                      </Button>
                      {m.attachments.length ? (
                        <span className="ml-2 inline-flex items-center gap-0.5 text-xs text-muted-foreground">
                          <Paperclip aria-hidden className="size-3" />
                          {m.attachments.length}
                          <span className="sr-only"> {plural(m.attachments.length, "allegato", "allegati")}</span>
                        </span>
                      ) : null}
                      <div className="text-xs text-muted-foreground md:hidden">{m.to}</div>
                    </TableCell>
                    <TableCell className="hidden text-sm md:table-cell">{m.to}</TableCell>
                    <TableCell className="hidden text-sm sm:table-cell">{formatDateTime(m.createdAt)}</TableCell>
                    <TableCell>
                      <OutboxStatusBadge status={m.status} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
      )}
      <ListPagination total={data?.total} capped={data?.capped} cursors={data} list={list} />
      <MessageDialog id={open} onOpenChange={(isOpen) => !isOpen && setOpen(null)} />
    </>
  );
}
