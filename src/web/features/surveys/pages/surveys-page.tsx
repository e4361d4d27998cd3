import { CalendarDays, ClipboardList, Eye, List, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { isValidIsoDate, todayIso } from "@domain/dates";
import { formatDate } from "@domain/format";
import { surveyStatuses, type SurveyStatus } from "@domain/statuses";
import type { CalendarView, Survey } from "@domain/surveys";
import { Button } from "@web/components/ui/button";
import { Card, CardContent } from "@web/components/ui/card";
import { EmptyState } from "@web/components/ui/empty-state";
import { PageHeader } from "@web/components/ui/page-header";
import { Pagination } from "@web/components/ui/pagination";
import { SearchInput } from "@web/components/ui/search-input";
import { Select } from "@web/components/ui/select";
import { Skeleton } from "@web/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@web/components/ui/table";
import { cn } from "@web/lib/cn";
import { useListParams } from "@web/lib/use-list-params";
import { useSurveys } from "../api/list-surveys";
import { DeleteSurveyDialog } from "../components/delete-survey-dialog";
import { SurveyCalendar } from "../components/survey-calendar";
import { SurveyFormDialog } from "../components/survey-form-dialog";
import { SurveyStatusBadge } from "../components/survey-status-badge";

// view/cal/d keep the calendar's place in the URL, like the list's filters and page.
const PARAMS = ["q", "status", "clientId", "contactId", "view", "cal", "d"] as const;

function SurveyTable({ rows, onEdit, onDelete }: { rows: Survey[]; onEdit: (s: Survey) => void; onDelete: (s: Survey) => void }) {
  return (
    <Card>
      <CardContent className="p-0">
        <Table aria-label="Elenco sopralluoghi">
          <TableHeader>
            <TableRow>
              <TableHead>Cliente</TableHead>
              <TableHead>Data e ora</TableHead>
              <TableHead className="hidden md:table-cell">Indirizzo</TableHead>
              <TableHead className="hidden lg:table-cell">Descrizione</TableHead>
              <TableHead className="hidden sm:table-cell">Stato</TableHead>
              <TableHead className="text-right">Azioni</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((s) => (
              <TableRow key={s.id}>
                <TableCell>
                  <Link href={`/admin/surveys/${s.id}`} className="font-medium hover:underline">
                    {s.clientName ?? "Cliente non trovato"}
                  </Link>
                  <div className="text-sm text-muted-foreground md:hidden">{s.address}</div>
                  <div className="mt-1 sm:hidden">
                    <SurveyStatusBadge status={s.status} />
                  </div>
                </TableCell>
                <TableCell className="text-sm whitespace-nowrap sm:text-base">
                  {formatDate(s.date)}
                  <div className="text-sm text-muted-foreground">{s.time ?? "—"}</div>
                </TableCell>
                <TableCell className="hidden md:table-cell">{s.address}</TableCell>
                <TableCell className="hidden max-w-xs lg:table-cell">
                  <span className={cn("line-clamp-2", !s.description && "text-muted-foreground")}>{s.description ?? "Nessuna descrizione"}</span>
                </TableCell>
                <TableCell className="hidden sm:table-cell">
                  <SurveyStatusBadge status={s.status} />
                </TableCell>
                <TableCell>
                  <div className="flex justify-end gap-1">
                    {/* On phones the client name already opens the detail: one button less to squeeze in. */}
                    <Button asChild variant="ghost" size="icon" className="hidden sm:inline-flex">
                      <Link href={`/admin/surveys/${s.id}`} aria-label={`Visualizza sopralluogo ${s.clientName ?? ""} del ${formatDate(s.date)}`}>
                        <Eye aria-hidden className="size-4" />
                      </Link>
                    </Button>
                    <Button variant="ghost" size="icon" aria-label={`Modifica sopralluogo ${s.clientName ?? ""} del ${formatDate(s.date)}`} onClick={() => onEdit(s)}>
                      <Pencil aria-hidden className="size-4" />
                    </Button>
                    <Button variant="ghost" size="icon" aria-label={`Elimina sopralluogo ${s.clientName ?? ""} del ${formatDate(s.date)}`} onClick={() => onDelete(s)}>
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
  );
}

export default function SurveysPage() {
  const list = useListParams(PARAMS);
  const { q, status, clientId, contactId, view, cal, d } = list.values;
  const calendar = view === "calendar";
  const calView: CalendarView = cal === "month" ? "month" : "week";
  const anchor = isValidIsoDate(d) ? d : todayIso();
  const filtered = Boolean(q || status || clientId || contactId);
  const { data, isPending, isError } = useSurveys({
    q,
    status: (status || undefined) as SurveyStatus | undefined,
    clientId: clientId || undefined,
    contactId: contactId || undefined,
    limit: list.limit,
    offset: list.offset,
  });
  const [search, setSearch] = useState(q);
  const [editing, setEditing] = useState<Survey | "new" | null>(null);
  const [deleting, setDeleting] = useState<Survey | null>(null);

  return (
    <>
      <PageHeader
        title="Sopralluoghi"
        description={!calendar && data ? `${data.total} sopralluoghi in totale` : "Visite tecniche presso i clienti"}
        actions={
          <Button onClick={() => setEditing("new")}>
            <Plus aria-hidden className="size-4" />
            Nuovo Sopralluogo
          </Button>
        }
      />

      <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <SearchInput
          label="Cerca sopralluoghi"
          placeholder="Cerca per descrizione, cliente o indirizzo..."
          value={search}
          onValueChange={setSearch}
          onDebouncedChange={(value) => list.set({ q: value })}
          className="sm:max-w-sm"
        />
        <Select aria-label="Filtra per stato" value={status} onChange={(e) => list.set({ status: e.target.value })} className="sm:w-48">
          <option value="">Tutti gli stati</option>
          {surveyStatuses.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
        <div role="group" aria-label="Modalità di visualizzazione" className="inline-flex self-start rounded-md border border-input p-0.5 sm:ml-auto">
          {(
            [
              ["", "Lista", List],
              ["calendar", "Calendario", CalendarDays],
            ] as const
          ).map(([value, label, Icon]) => (
            <button
              key={label}
              type="button"
              aria-pressed={view === value}
              onClick={() => list.set({ view: value })}
              className={cn("inline-flex h-9 items-center gap-1.5 rounded px-3 text-sm font-medium", view === value ? "bg-primary text-primary-foreground" : "hover:bg-accent")}
            >
              <Icon aria-hidden className="size-4" />
              {label}
            </button>
          ))}
        </div>
      </div>
      {contactId || clientId ? (
        <p className="mb-3 text-sm text-muted-foreground">
          Filtrati per {contactId ? "contatto" : "cliente"}.{" "}
          <button type="button" className="text-primary hover:underline" onClick={() => list.set({ contactId: "", clientId: "" })}>
            Mostra tutti
          </button>
        </p>
      ) : null}

      {calendar ? (
        <SurveyCalendar
          view={calView}
          anchor={anchor}
          q={q}
          status={(status || undefined) as SurveyStatus | undefined}
          onChange={(next) => list.set({ cal: next.view ?? calView, d: next.anchor ?? anchor })}
        />
      ) : isError ? (
        <p role="alert" className="text-destructive">
          Impossibile caricare i sopralluoghi. Riprova.
        </p>
      ) : isPending ? (
        <div className="space-y-2" aria-busy="true">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : data.rows.length === 0 ? (
        <EmptyState
          icon={ClipboardList}
          title="Nessun sopralluogo trovato"
          description={filtered ? "Prova a modificare i filtri di ricerca" : "Inizia programmando il primo sopralluogo"}
          action={
            filtered ? undefined : (
              <Button onClick={() => setEditing("new")}>
                <Plus aria-hidden className="size-4" />
                Programma sopralluogo
              </Button>
            )
          }
        />
      ) : (
        <SurveyTable rows={data.rows} onEdit={setEditing} onDelete={setDeleting} />
      )}

      {!calendar && data && data.total > list.limit ? (
        <Pagination total={data.total} limit={list.limit} offset={list.offset} onOffsetChange={(offset) => list.set({ offset })} className="mt-4" />
      ) : null}

      <SurveyFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        survey={editing === "new" || editing === null ? undefined : editing}
      />
      <DeleteSurveyDialog survey={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </>
  );
}
