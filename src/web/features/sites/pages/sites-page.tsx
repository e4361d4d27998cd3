import { CalendarDays, Eye, HardHat, MapPin, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { formatDate } from "@domain/format";
import type { SiteListItem } from "@domain/sites";
import { siteStatuses, type SiteStatus } from "@domain/statuses";
import { countLabel } from "@domain/wording";
import { ExportCsvButton } from "@web/components/export-csv-button";
import { ListShell } from "@web/components/list/list-shell";
import { FilterSelect } from "@web/components/list/list-toolbar";
import { Button } from "@web/components/ui/button";
import { Card, CardContent } from "@web/components/ui/card";
import { Progress } from "@web/components/ui/progress";
import { Skeleton } from "@web/components/ui/skeleton";
import { AssigneeLabel } from "@web/components/team/person-dot";
import { AssignedToMeToggle } from "@web/components/team/assigned-to-me";
import { useCreateIntent } from "@web/lib/create-intent";
import { useListParams } from "@web/lib/use-list-params";
import { useCan } from "@web/lib/use-can";
import { useSites } from "../api/list-sites";
import { DeleteSiteDialog } from "../components/delete-site-dialog";
import { SiteFormDialog } from "../components/site-form-dialog";
import { LateBadge, SiteStatusBadge } from "../components/site-status-badge";
import { paths } from "@web/lib/paths";

const FILTERS = ["q", "status", "mine"] as const;
const PREFILL = ["estimateId"] as const;

function SiteCard({
  site,
  onEdit,
  onDelete,
}: {
  site: SiteListItem;
  /** Absent for a role that may not change sites. */
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
}) {
  return (
    <Card className="flex flex-col">
      <CardContent className="flex flex-1 flex-col gap-3 pt-4 sm:pt-6">
        <div className="flex items-start justify-between gap-2">
          <h2 className="min-w-0 text-lg font-semibold wrap-anywhere">{site.name}</h2>
          <div className="flex shrink-0 flex-col items-end gap-1">
            <SiteStatusBadge status={site.status} />
            {site.late ? <LateBadge /> : null}
          </div>
        </div>
        <p className="flex items-start gap-1 text-sm text-muted-foreground">
          <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
          {site.address}
        </p>
        <p className="text-sm text-muted-foreground">
          {site.clientName} · {site.estimateNumber}
        </p>
        <p className="text-sm">
          <span className="sr-only">Tecnico: </span>
          <AssigneeLabel user={site.assignedUser} />
        </p>
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <div>
            <dt className="text-muted-foreground">Inizio</dt>
            <dd className="flex items-center gap-1">
              <CalendarDays aria-hidden className="size-3.5" />
              {site.startDate ? formatDate(site.startDate) : "Da definire"}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Fine prevista</dt>
            <dd className={site.late ? "font-medium text-destructive" : undefined}>
              {site.estimatedEndDate ? formatDate(site.estimatedEndDate) : "Da definire"}
            </dd>
          </div>
        </dl>
        <div className="mt-auto">
          <div className="mb-1 flex justify-between text-sm">
            <span className="text-muted-foreground">Avanzamento</span>
            <span className="font-medium tabular-nums">{site.progress}%</span>
          </div>
          <Progress value={site.progress} label={`Avanzamento ${site.name}`} />
        </div>
        <div className="flex items-center gap-1 border-t border-border pt-3">
          <Button asChild variant="outline" size="sm" className="flex-1">
            <Link href={paths.admin.site(site.id)} aria-label={`Dettagli ${site.name}`}>
              <Eye aria-hidden className="size-4" />
              Dettagli
            </Link>
          </Button>
          {onEdit ? (
            <Button variant="ghost" size="icon" aria-label={`Modifica ${site.name}`} onClick={onEdit}>
              <Pencil aria-hidden className="size-4" />
            </Button>
          ) : null}
          {onDelete ? (
            <Button variant="ghost" size="icon" aria-label={`Elimina ${site.name}`} onClick={onDelete}>
              <Trash2 aria-hidden className="size-4 text-destructive" />
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

export default function SitesPage() {
  // A technician follows the sites (progress from the detail); the office opens and edits them.
  const mayWrite = useCan()("sites.write");
  const list = useListParams(FILTERS, 24);
  const { q, status, mine } = list.values;
  const query = useSites({
    q,
    status: (status || undefined) as SiteStatus | undefined,
    assigned: mine ? "me" : undefined,
    ...list.page,
  });
  const { data } = query;
  const [editing, setEditing] = useState<SiteListItem | "new" | null>(null);
  const [deleting, setDeleting] = useState<SiteListItem | null>(null);
  const intent = useCreateIntent(PREFILL);
  const newSite = (
    <Button onClick={() => setEditing("new")}>
      <Plus aria-hidden className="size-4" />
      Nuovo Cantiere
    </Button>
  );

  return (
    <>
      <ListShell
        title="Cantieri"
        description={data ? countLabel(data.total, "cantiere", "cantieri", data.capped) : "Gestione dei cantieri"}
        actions={
          <>
            <ExportCsvButton path="/api/construction-sites/export.csv" query={{ q, status }} />
            {mayWrite ? newSite : null}
          </>
        }
        toolbar={{
          searchLabel: "Cerca cantieri",
          searchPlaceholder: "Cerca per nome o indirizzo...",
          query: q,
          onSearch: (value) => list.set({ q: value }),
          children: (
            <>
              <FilterSelect
                label="Filtra per stato"
                value={status}
                onValueChange={(value) => list.set({ status: value })}
                allLabel="Tutti gli stati"
                options={siteStatuses.options}
                className="sm:w-48"
              />
              <AssignedToMeToggle checked={Boolean(mine)} onChange={(on) => list.set({ mine: on ? "1" : "" })} />
            </>
          ),
        }}
        query={query}
        list={list}
        errorText="Impossibile caricare i cantieri. Riprova."
        filtered={list.hasFilters}
        empty={{
          icon: HardHat,
          title: "Nessun cantiere trovato",
          invite: "Apri un cantiere da un preventivo accettato",
          action: mayWrite ? newSite : undefined,
        }}
        loading={
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-64 w-full" />
            ))}
          </div>
        }
      >
        {(rows) => (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Elenco cantieri">
            {rows.map((site) => (
              <li key={site.id} className="flex">
                <div className="flex w-full">
                  <SiteCard
                    site={site}
                    onEdit={mayWrite ? () => setEditing(site) : undefined}
                    onDelete={mayWrite ? () => setDeleting(site) : undefined}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </ListShell>

      <SiteFormDialog
        open={editing !== null || (intent.open && mayWrite)}
        onOpenChange={(open) => {
          if (open) return;
          setEditing(null);
          if (intent.open) intent.clear();
        }}
        site={editing === "new" || editing === null ? undefined : editing}
        estimateId={editing === null && intent.open ? intent.values.estimateId || undefined : undefined}
      />
      <DeleteSiteDialog site={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </>
  );
}
