import { ClipboardList } from "lucide-react";
import { Link } from "wouter";
import { todayIso } from "@domain/dates";
import { formatDate, formatEuro } from "@domain/format";
import { portalEstimateStates, type PortalEstimateState } from "@domain/portal";
import { FilteredList } from "@web/components/list/filtered-list";
import { listSorting } from "@web/components/list/list-shell";
import { SortableHead, validSort } from "@web/components/list/sortable-head";
import { TableCell, TableHead, TableRow } from "@web/components/ui/table";
import { useListParams } from "@web/lib/use-list-params";
import { usePortalEstimates } from "../api/lists";
import { BackButton } from "../components/back-button";
import { EstimateStatusBadge } from "../components/document-status-badge";
import { paths } from "@web/lib/paths";

const PARAMS = ["q", "status", "sort"] as const;
const SORTABLE = ["number", "title", "createdAt", "expiresAt", "grossTotal"] as const;

/** "I miei preventivi": every estimate the company sent to the client (docs/domain/portal.md). */
export default function PortalEstimatesPage() {
  const list = useListParams(PARAMS, 20);
  const { q, status, sort } = list.values;
  const query = usePortalEstimates({
    q,
    status: (status || undefined) as PortalEstimateState | undefined,
    sort: validSort(sort, SORTABLE),
    limit: list.limit,
    offset: list.offset,
  });
  const today = todayIso();
  const sorting = listSorting(list);

  return (
    <FilteredList
      back={<BackButton />}
      title="I miei preventivi"
      noun={["preventivo", "preventivi"]}
      search={{ label: "Cerca preventivi", placeholder: "Cerca per numero o titolo..." }}
      statuses={portalEstimateStates.options}
      list={list}
      query={query}
      errorText="Impossibile caricare i preventivi. Riprova."
      empty={{
        icon: ClipboardList,
        title: "Nessun preventivo trovato",
        invite: "I preventivi che l'impresa ti invia compariranno qui.",
      }}
      table={{
        head: (
          <>
            <SortableHead column="number" {...sorting}>
              Preventivo
            </SortableHead>
            <SortableHead column="createdAt" first="desc" className="hidden md:table-cell" {...sorting}>
              Data
            </SortableHead>
            <SortableHead column="expiresAt" first="desc" className="hidden sm:table-cell" {...sorting}>
              Valido fino al
            </SortableHead>
            <SortableHead column="grossTotal" first="desc" className="text-right" {...sorting}>
              Totale
            </SortableHead>
            <TableHead className="hidden sm:table-cell">Stato</TableHead>
          </>
        ),
        row: (e) => (
          <TableRow key={e.id}>
            <TableCell>
              <Link href={paths.portal.estimate(e.id)} className="font-medium text-primary hover:underline">
                {e.number}
              </Link>
              <div className="text-sm text-muted-foreground">{e.title}</div>
              <div className="mt-1 sm:hidden">
                <EstimateStatusBadge status={e.status} expired={e.expiresAt < today} />
              </div>
            </TableCell>
            <TableCell className="hidden md:table-cell">{formatDate(e.createdAt)}</TableCell>
            <TableCell className="hidden sm:table-cell">{formatDate(e.expiresAt)}</TableCell>
            <TableCell className="text-right font-medium whitespace-nowrap tabular-nums">
              {formatEuro(e.grossTotal)}
            </TableCell>
            <TableCell className="hidden sm:table-cell">
              <EstimateStatusBadge status={e.status} expired={e.expiresAt < today} />
            </TableCell>
          </TableRow>
        ),
      }}
    />
  );
}
