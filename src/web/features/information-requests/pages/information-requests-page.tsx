import { MessageSquare } from "lucide-react";
import { Link } from "wouter";
import { formatDateTime } from "@domain/format";
import { informationRequestStates } from "@domain/portal";
import { countLabel } from "@domain/wording";
import { ListShell, ListTable, listSorting } from "@web/components/list/list-shell";
import { FilterSelect } from "@web/components/list/list-toolbar";
import { SortableHead, validSort } from "@web/components/list/sortable-head";
import { ClientFilter } from "@web/components/pickers/client-filter";
import { Badge } from "@web/components/ui/badge";
import { TableCell, TableHead, TableRow } from "@web/components/ui/table";
import { useListParams } from "@web/lib/use-list-params";
import { useInformationRequests } from "../api/information-requests";
import { paths } from "@web/lib/paths";

const PARAMS = ["q", "state", "clientId", "sort"] as const;
const SORTABLE = ["createdAt", "repliedAt"] as const;
const STATES = [
  { value: "aperta", label: "Da rispondere" },
  { value: "risposta", label: "Con risposta" },
];

/** "Richieste clienti": the portal's information requests, the unanswered ones first to pick. */
export default function InformationRequestsPage() {
  const list = useListParams(PARAMS);
  const { q, state, clientId, sort } = list.values;
  const query = useInformationRequests({
    q,
    state: (state || undefined) as "aperta" | "risposta" | undefined,
    clientId: clientId || undefined,
    sort: validSort(sort, SORTABLE),
    ...list.page,
  });
  const { data } = query;
  const sorting = listSorting(list);

  return (
    <>
      <ListShell
        title="Richieste clienti"
        description={
          data
            ? countLabel(data.total, "richiesta di informazioni", "richieste di informazioni", data.capped)
            : "Le domande dei clienti dal portale"
        }
        toolbar={{
          className: "sm:flex-wrap",
          searchLabel: "Cerca richieste",
          searchPlaceholder: "Cerca per oggetto o messaggio...",
          query: q,
          onSearch: (value) => list.set({ q: value }),
          children: (
            <>
              <FilterSelect
                label="Filtra per risposta"
                value={state}
                onValueChange={(value) => list.set({ state: value })}
                allLabel="Tutte"
                options={STATES}
                className="sm:w-48"
              />
              <ClientFilter value={clientId} onChange={(id) => list.set({ clientId: id })} />
            </>
          ),
        }}
        list={list}
        query={query}
        errorText="Impossibile caricare le richieste. Riprova."
        filtered={list.hasFilters}
        empty={{
          icon: MessageSquare,
          title: "Nessuna richiesta",
          invite: "Le richieste di informazioni che i clienti inviano dal portale compariranno qui.",
        }}
      >
        {(rows) => (
          <ListTable
            label="Richieste dei clienti"
            head={
              <>
                <TableHead>Richiesta</TableHead>
                <TableHead className="hidden md:table-cell">Cliente</TableHead>
                <SortableHead column="createdAt" first="desc" className="hidden sm:table-cell" {...sorting}>
                  Ricevuta
                </SortableHead>
                <SortableHead column="repliedAt" first="desc" {...sorting}>
                  Risposta
                </SortableHead>
              </>
            }
          >
            {rows.map((r) => (
              <TableRow key={r.id}>
                <TableCell className="max-w-md">
                  <Link href={paths.admin.informationRequest(r.id)} className="font-medium break-words hover:underline">
                    {r.subject}
                  </Link>
                  <div className="line-clamp-2 text-sm text-muted-foreground">{r.message}</div>
                  <div className="text-sm text-muted-foreground md:hidden">{r.client.name}</div>
                </TableCell>
                <TableCell className="hidden md:table-cell">
                  <Link href={paths.admin.client(r.client.id)} className="hover:underline">
                    {r.client.name}
                  </Link>
                </TableCell>
                <TableCell className="hidden whitespace-nowrap sm:table-cell">{formatDateTime(r.createdAt)}</TableCell>
                <TableCell>
                  {r.repliedAt ? (
                    <Badge variant="success">{informationRequestStates.label("risposta")}</Badge>
                  ) : (
                    <Badge variant="warning">Da rispondere</Badge>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </ListTable>
        )}
      </ListShell>
    </>
  );
}
