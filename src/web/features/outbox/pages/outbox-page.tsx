import { Mail, Paperclip } from "lucide-react";
import { useState } from "react";
import { formatDateTime } from "@domain/format";
import { plural } from "@domain/wording";
import { ListShell, ListTable, listSorting } from "@web/components/list/list-shell";
import { SortableHead, validSort } from "@web/components/list/sortable-head";
import { Button } from "@web/components/ui/button";
import { TableCell, TableHead, TableRow } from "@web/components/ui/table";
import { useListParams } from "@web/lib/use-list-params";
import { useOutbox } from "../api/outbox";
import { MessageDialog } from "../components/message-dialog";
import { OutboxStatusBadge } from "../components/outbox-status-badge";

const SORTABLE = ["subject", "to", "createdAt"] as const;
const FILTERS = ["q", "sort"] as const;

export default function OutboxPage() {
  const list = useListParams(FILTERS);
  const { q, sort } = list.values;
  const sorting = listSorting(list);
  const query = useOutbox({
    q,
    sort: validSort(sort, SORTABLE),
    ...list.page,
  });
  const [open, setOpen] = useState<string | null>(null);

  return (
    <>
      <ListShell
        title="Posta in uscita"
        description="Le e-mail inviate dal gestionale. Senza un server SMTP configurato restano qui, con i loro allegati."
        toolbar={{
          searchLabel: "Cerca messaggi",
          searchPlaceholder: "Cerca per destinatario o oggetto...",
          query: q,
          onSearch: (value) => list.set({ q: value }),
        }}
        query={query}
        list={list}
        errorText="Impossibile caricare i messaggi. Riprova."
        filtered={list.hasFilters}
        empty={{
          icon: Mail,
          title: "Nessun messaggio",
          invite: "Qui compariranno preventivi, ordini e fatture inviati per e-mail.",
        }}
      >
        {(rows) => (
          <ListTable
            label="Messaggi in uscita"
            head={
              <>
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
              </>
            }
          >
            {rows.map((m) => (
              <TableRow key={m.id}>
                <TableCell>
                  <Button variant="link" className="h-auto text-left whitespace-normal" onClick={() => setOpen(m.id)}>
                    {m.subject}
                  </Button>
                  {m.attachments.length ? (
                    <span className="ml-2 inline-flex items-center gap-0.5 text-xs text-muted-foreground">
                      <Paperclip aria-hidden className="size-3" />
                      {m.attachments.length}
                      <span className="sr-only"> {plural(m.attachments.length, "allegato", "allegati")}</span>
                    </span>
                  ) : null}
                  <div className="text-xs break-all text-muted-foreground md:hidden">{m.to}</div>
                </TableCell>
                <TableCell className="hidden max-w-64 text-sm break-all md:table-cell">{m.to}</TableCell>
                <TableCell className="hidden text-sm sm:table-cell">{formatDateTime(m.createdAt)}</TableCell>
                <TableCell>
                  <OutboxStatusBadge status={m.status} />
                </TableCell>
              </TableRow>
            ))}
          </ListTable>
        )}
      </ListShell>
      <MessageDialog id={open} onOpenChange={(isOpen) => !isOpen && setOpen(null)} />
    </>
  );
}
