import { Hammer } from "lucide-react";
import { Link } from "wouter";
import { formatDate } from "@domain/format";
import { portalProjectStates } from "@domain/portal";
import { FilteredList } from "@web/components/list/filtered-list";
import { listSorting } from "@web/components/list/list-shell";
import { SortableHead, validSort } from "@web/components/list/sortable-head";
import { Progress } from "@web/components/ui/progress";
import { TableCell, TableRow } from "@web/components/ui/table";
import { useListParams } from "@web/lib/use-list-params";
import { usePortalProjects } from "../api/lists";
import { BackButton } from "../components/back-button";
import { ProjectStatusBadge } from "../components/project-status-badge";
import { paths } from "@web/lib/paths";

const PARAMS = ["q", "status", "sort"] as const;
const SORTABLE = ["name", "status", "startDate", "estimatedEndDate", "progress"] as const;

/** "I miei progetti": every site (cantiere) of the client's estimates (docs/domain/portal.md). */
export default function PortalProjectsPage() {
  const list = useListParams(PARAMS, 20);
  const { q, status, sort } = list.values;
  const query = usePortalProjects({
    q,
    status: (status || undefined) as "in_corso" | "programmato" | "completato" | undefined,
    sort: validSort(sort, SORTABLE),
    limit: list.limit,
    offset: list.offset,
  });
  const sorting = listSorting(list);

  return (
    <FilteredList
      back={<BackButton />}
      title="I miei progetti"
      noun={["progetto", "progetti"]}
      search={{ label: "Cerca progetti", placeholder: "Cerca per nome o indirizzo..." }}
      statuses={portalProjectStates.options}
      list={list}
      query={query}
      errorText="Impossibile caricare i progetti. Riprova."
      empty={{
        icon: Hammer,
        title: "Nessun progetto trovato",
        invite: "I cantieri dei preventivi accettati compariranno qui.",
      }}
      table={{
        head: (
          <>
            <SortableHead column="name" {...sorting}>
              Progetto
            </SortableHead>
            <SortableHead column="startDate" first="desc" className="hidden md:table-cell" {...sorting}>
              Inizio
            </SortableHead>
            <SortableHead column="estimatedEndDate" first="desc" className="hidden lg:table-cell" {...sorting}>
              Fine prevista
            </SortableHead>
            <SortableHead column="progress" first="desc" className="hidden sm:table-cell" {...sorting}>
              Avanzamento
            </SortableHead>
            <SortableHead column="status" {...sorting}>
              Stato
            </SortableHead>
          </>
        ),
        row: (p) => (
          <TableRow key={p.id}>
            <TableCell>
              <Link href={paths.portal.project(p.id)} className="font-medium text-primary hover:underline">
                {p.name}
              </Link>
              <div className="text-sm text-muted-foreground">{p.address}</div>
              <div className="text-xs text-muted-foreground">Preventivo {p.estimate.number}</div>
            </TableCell>
            <TableCell className="hidden md:table-cell">{p.startDate ? formatDate(p.startDate) : "—"}</TableCell>
            <TableCell className="hidden lg:table-cell">
              {p.estimatedEndDate ? formatDate(p.estimatedEndDate) : "—"}
            </TableCell>
            <TableCell className="hidden sm:table-cell">
              <Progress value={p.progress} label={`Avanzamento ${p.name}`} showValue className="min-w-28" />
            </TableCell>
            <TableCell>
              <ProjectStatusBadge status={p.status} />
            </TableCell>
          </TableRow>
        ),
      }}
    />
  );
}
