import { CalendarDays, ClipboardList, List, Plus } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { isValidIsoDate, todayIso } from "@domain/dates";
import { formatDate } from "@domain/format";
import { surveyStatuses, type SurveyStatus } from "@domain/statuses";
import type { CalendarView, Survey } from "@domain/surveys";
import { countLabel } from "@domain/wording";
import { ExportCsvButton } from "@web/components/export-csv-button";
import { ListShell, ListTable, listSorting } from "@web/components/list/list-shell";
import { FilterSelect } from "@web/components/list/list-toolbar";
import { RowActions, RowDeleteAction, RowEditAction, RowViewAction } from "@web/components/list/row-actions";
import { Button } from "@web/components/ui/button";
import { SortableHead, validSort } from "@web/components/list/sortable-head";
import { TableCell, TableHead, TableRow } from "@web/components/ui/table";
import { cn } from "@web/lib/cn";
import { AssignedToMeToggle } from "@web/components/team/assigned-to-me";
import { AssigneeLabel } from "@web/components/team/person-dot";
import { useCreateIntent } from "@web/lib/create-intent";
import { useListParams } from "@web/lib/use-list-params";
import { useSurveys } from "../api/list-surveys";
import { DeleteSurveyDialog } from "../components/delete-survey-dialog";
import { SurveyCalendar } from "../components/survey-calendar";
import { SurveyFormDialog } from "../components/survey-form-dialog";
import { SurveyStatusBadge } from "../components/survey-status-badge";
import { paths } from "@web/lib/paths";

// view/cal/d keep the calendar's place in the URL, like the list's filters and page.
const PARAMS = ["q", "status", "clientId", "contactId", "view", "cal", "d", "mine", "tech", "sort"] as const;
const SORTABLE = ["clientName", "date", "status"] as const;

function SurveyTable({
  rows,
  onEdit,
  onDelete,
  sorting,
}: {
  rows: Survey[];
  onEdit: (s: Survey) => void;
  onDelete: (s: Survey) => void;
  sorting: { sort: string; onSort: (next: string) => void };
}) {
  return (
    <ListTable
      label="Elenco sopralluoghi"
      head={
        <>
          <SortableHead column="clientName" {...sorting}>
            Cliente
          </SortableHead>
          <SortableHead column="date" first="desc" {...sorting}>
            Data e ora
          </SortableHead>
          <TableHead className="hidden md:table-cell">Indirizzo</TableHead>
          <TableHead className="hidden lg:table-cell">Descrizione</TableHead>
          <TableHead className="hidden xl:table-cell">Tecnico</TableHead>
          <SortableHead column="status" className="hidden sm:table-cell" {...sorting}>
            Stato
          </SortableHead>
          <TableHead className="text-right">Azioni</TableHead>
        </>
      }
    >
      {rows.map((s) => (
        <TableRow key={s.id}>
          <TableCell>
            <Link href={paths.admin.survey(s.id)} className="font-medium hover:underline">
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
            <span className={cn("line-clamp-2", !s.description && "text-muted-foreground")}>
              {s.description ?? "Nessuna descrizione"}
            </span>
          </TableCell>
          <TableCell className="hidden xl:table-cell">
            <AssigneeLabel user={s.assignedUser} />
          </TableCell>
          <TableCell className="hidden sm:table-cell">
            <SurveyStatusBadge status={s.status} />
          </TableCell>
          <TableCell>
            <RowActions>
              {/* On phones the client name already opens the detail: one button less to squeeze in. */}
              <RowViewAction
                href={paths.admin.survey(s.id)}
                label={`Visualizza sopralluogo ${s.clientName ?? ""} del ${formatDate(s.date)}`}
                className="hidden sm:inline-flex"
              />
              <RowEditAction
                label={`Modifica sopralluogo ${s.clientName ?? ""} del ${formatDate(s.date)}`}
                onClick={() => onEdit(s)}
              />
              <RowDeleteAction
                label={`Elimina sopralluogo ${s.clientName ?? ""} del ${formatDate(s.date)}`}
                onClick={() => onDelete(s)}
              />
            </RowActions>
          </TableCell>
        </TableRow>
      ))}
    </ListTable>
  );
}

/** "Lista" or "Calendario": the same surveys as rows or on the calendar. */
function ViewSwitch({ view, onChange }: { view: string; onChange: (view: string) => void }) {
  return (
    <div
      role="group"
      aria-label="Modalità di visualizzazione"
      className="inline-flex self-start rounded-md border border-input p-0.5 sm:ml-auto"
    >
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
          onClick={() => onChange(value)}
          className={cn(
            "inline-flex h-9 items-center gap-1.5 rounded px-3 text-sm font-medium",
            view === value ? "bg-primary text-primary-foreground" : "hover:bg-accent",
          )}
        >
          <Icon aria-hidden className="size-4" />
          {label}
        </button>
      ))}
    </div>
  );
}

const PREFILL = ["clientId", "date"] as const;

export default function SurveysPage() {
  const list = useListParams(PARAMS);
  const { q, status, clientId, contactId, view, cal, d, mine, tech, sort } = list.values;
  const calendar = view === "calendar";
  const calView: CalendarView = cal === "month" ? "month" : "week";
  const anchor = isValidIsoDate(d) ? d : todayIso();
  const filtered = Boolean(q || status || clientId || contactId || mine);
  const query = useSurveys({
    q,
    status: (status || undefined) as SurveyStatus | undefined,
    assigned: mine ? "me" : undefined,
    clientId: clientId || undefined,
    contactId: contactId || undefined,
    sort: validSort(sort, SORTABLE),
    ...list.page,
  });
  const { data } = query;
  const [editing, setEditing] = useState<Survey | "new" | null>(null);
  const [deleting, setDeleting] = useState<Survey | null>(null);
  // A client's page, the calendar or the dashboard open the form here with what they know.
  const intent = useCreateIntent(PREFILL);
  // A day pressed in the calendar: the new survey is dated that day.
  const [newOn, setNewOn] = useState<string | null>(null);

  return (
    <>
      <ListShell
        title="Sopralluoghi"
        description={
          !calendar && data
            ? countLabel(data.total, "sopralluogo", "sopralluoghi", data.capped)
            : "Visite tecniche presso i clienti"
        }
        actions={
          <>
            <ExportCsvButton path="/api/surveys/export.csv" query={{ q, status, clientId, contactId }} />
            <Button onClick={() => setEditing("new")}>
              <Plus aria-hidden className="size-4" />
              Nuovo Sopralluogo
            </Button>
          </>
        }
        toolbar={{
          className: "sm:flex-wrap",
          searchLabel: "Cerca sopralluoghi",
          searchPlaceholder: "Cerca per descrizione, cliente o indirizzo...",
          query: q,
          onSearch: (value) => list.set({ q: value }),
          children: (
            <>
              <FilterSelect
                label="Filtra per stato"
                value={status}
                onValueChange={(value) => list.set({ status: value })}
                allLabel="Tutti gli stati"
                options={surveyStatuses.options}
                className="sm:w-48"
              />
              <AssignedToMeToggle
                checked={Boolean(mine)}
                onChange={(on) => list.set({ mine: on ? "1" : "", tech: "" })}
              />
              <ViewSwitch view={view} onChange={(value) => list.set({ view: value })} />
            </>
          ),
        }}
        aboveBody={
          contactId || clientId ? (
            <p className="mb-3 text-sm text-muted-foreground">
              Filtrati per {contactId ? "contatto" : "cliente"}.{" "}
              <button
                type="button"
                className="text-primary hover:underline"
                onClick={() => list.set({ contactId: "", clientId: "" })}
              >
                Mostra tutti
              </button>
            </p>
          ) : null
        }
        instead={
          calendar ? (
            <SurveyCalendar
              view={calView}
              anchor={anchor}
              q={q}
              status={(status || undefined) as SurveyStatus | undefined}
              mine={Boolean(mine)}
              technician={tech}
              onTechnician={(id) => list.set({ tech: id, mine: "" })}
              onChange={(next) => list.set({ cal: next.view ?? calView, d: next.anchor ?? anchor })}
              onCreate={setNewOn}
            />
          ) : undefined
        }
        list={list}
        query={query}
        errorText="Impossibile caricare i sopralluoghi. Riprova."
        filtered={filtered}
        empty={{
          icon: ClipboardList,
          title: "Nessun sopralluogo trovato",
          invite: "Inizia programmando il primo sopralluogo",
          action: (
            <Button onClick={() => setEditing("new")}>
              <Plus aria-hidden className="size-4" />
              Programma sopralluogo
            </Button>
          ),
        }}
      >
        {(rows) => <SurveyTable rows={rows} onEdit={setEditing} onDelete={setDeleting} sorting={listSorting(list)} />}
      </ListShell>

      <SurveyFormDialog
        open={editing !== null || intent.open || newOn !== null}
        onOpenChange={(open) => {
          if (open) return;
          setEditing(null);
          setNewOn(null);
          if (intent.open) intent.clear();
        }}
        survey={editing === "new" || editing === null ? undefined : editing}
        defaultClientId={editing === null ? intent.values.clientId || undefined : undefined}
        defaultDate={
          editing === null
            ? (newOn ?? (isValidIsoDate(intent.values.date) ? intent.values.date : undefined))
            : undefined
        }
      />
      <DeleteSurveyDialog survey={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </>
  );
}
