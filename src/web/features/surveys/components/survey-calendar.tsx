import { ChevronLeft, ChevronRight, MoveRight, Plus } from "lucide-react";
import { useState, type DragEvent } from "react";
import { Link } from "wouter";
import { todayIso } from "@domain/dates";
import { surveyStatuses, type SurveyStatus } from "@domain/statuses";
import { calendarDays, shiftAnchor, type CalendarView, type Survey } from "@domain/surveys";
import { countLabel, moreLabel } from "@domain/wording";
import { Button } from "@web/components/ui/button";
import { Spinner } from "@web/components/ui/spinner";
import { toastError, toastSuccess } from "@web/components/ui/toast";
import { isApiError } from "@web/lib/api";
import { cn } from "@web/lib/cn";
import { useTeam } from "@web/lib/team";
import { PersonDot } from "@web/components/team/person-dot";
import { useCalendarSurveys } from "../api/list-surveys";
import { useMoveSurvey } from "../api/mutations";
import { MoveSurveyDialog } from "./move-survey-dialog";
import { paths } from "@web/lib/paths";

const WEEKDAYS = ["Lun", "Mar", "Mer", "Gio", "Ven", "Sab", "Dom"];
const LONG_DAY = new Intl.DateTimeFormat("it-IT", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long" });
const MONTH = new Intl.DateTimeFormat("it-IT", { timeZone: "UTC", month: "long", year: "numeric" });
const SHORT = new Intl.DateTimeFormat("it-IT", { timeZone: "UTC", day: "numeric", month: "short" });
const utc = (iso: string) => new Date(`${iso}T12:00:00Z`);

const chipColors: Record<SurveyStatus, string> = {
  programmato: "border-l-info bg-info-soft text-info-soft-foreground",
  completato: "border-l-success bg-success-soft text-success-soft-foreground",
  annullato: "border-l-border bg-muted text-muted-foreground line-through",
};

function title(view: CalendarView, days: string[], anchor: string) {
  if (view === "month") return MONTH.format(utc(anchor));
  return `${SHORT.format(utc(days[0]!))} – ${SHORT.format(utc(days[6]!))} ${days[6]!.slice(0, 4)}`;
}

/** Neutral edge of a survey nobody is assigned to (the legend's "Non assegnato"). */
const UNASSIGNED = "#9ca3af";

function SurveyChip({ survey, onMove, compact }: { survey: Survey; onMove: (s: Survey) => void; compact?: boolean }) {
  const label = `${survey.time ?? "Orario da definire"} ${survey.clientName ?? ""}`.trim();
  return (
    <div
      draggable
      onDragStart={(e) => {
        e.dataTransfer.setData("text/plain", survey.id);
        e.dataTransfer.effectAllowed = "move";
      }}
      // The person's colour is the thick left edge; the text keeps the status colours, whose contrast is known.
      style={{ borderLeftColor: survey.assignedUser?.color ?? UNASSIGNED }}
      data-assignee={survey.assignedUser?.id ?? ""}
      className={cn(
        "group flex items-start gap-1 rounded border-l-[6px] px-1.5 py-1 text-xs",
        chipColors[survey.status],
      )}
    >
      <Link
        href={paths.admin.survey(survey.id)}
        className="min-w-0 flex-1 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
      >
        <span className="font-semibold tabular-nums">{survey.time ?? "—"}</span>{" "}
        <span className="wrap-anywhere">{survey.clientName}</span>
        {compact ? null : <span className="block truncate">{survey.address}</span>}
        <span className="sr-only">
          , {surveyStatuses.label(survey.status)},{" "}
          {survey.assignedUser ? `tecnico ${survey.assignedUser.name}` : "non assegnato"}
        </span>
      </Link>
      {compact ? null : (
        <button
          type="button"
          onClick={() => onMove(survey)}
          aria-label={`Sposta sopralluogo ${label}`}
          className="-m-0.5 inline-flex size-7 shrink-0 items-center justify-center rounded hover:bg-card/70 focus-visible:outline-2 focus-visible:outline-ring"
        >
          <MoveRight aria-hidden className="size-3.5" />
        </button>
      )}
    </div>
  );
}

export interface SurveyCalendarProps {
  view: CalendarView;
  anchor: string;
  q?: string;
  status?: SurveyStatus;
  /** "Assegnati a me" of the page. */
  mine?: boolean;
  /** One technician's id, or "" for everybody. */
  technician?: string;
  onTechnician?: (id: string) => void;
  onChange: (next: { view?: CalendarView; anchor?: string }) => void;
  /** A day pressed: a new survey on that day. */
  onCreate?: (day: string) => void;
}

/** Week and month views on a CSS grid; the server sends only the visible range. */
export function SurveyCalendar({
  view,
  anchor,
  q,
  status,
  mine,
  technician = "",
  onTechnician,
  onChange,
  onCreate,
}: SurveyCalendarProps) {
  const days = calendarDays(view, anchor);
  const from = days[0]!;
  const to = days.at(-1)!;
  // The whole range, paged through by cursor (useCalendarSurveys): a month of more than 200
  // surveys is not cut at 200; past 1,000 the note under the grid says how many are shown.
  const { data, isPending, isFetching, isError } = useCalendarSurveys({
    from,
    to,
    q: q || undefined,
    status,
    assigned: mine ? "me" : undefined,
    assignedUserId: !mine && technician ? technician : undefined,
  });
  const team = useTeam();
  const move = useMoveSurvey();
  const [moving, setMoving] = useState<Survey | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const today = todayIso();
  const month = anchor.slice(0, 7);

  const byDay = new Map<string, Survey[]>();
  for (const s of data?.rows ?? []) byDay.set(s.date, [...(byDay.get(s.date) ?? []), s]);

  async function drop(event: DragEvent, day: string) {
    event.preventDefault();
    setDropTarget(null);
    const survey = data?.rows.find((s) => s.id === event.dataTransfer.getData("text/plain"));
    if (!survey || survey.date === day) return;
    try {
      await move.mutateAsync({ survey, date: day, time: survey.time });
      toastSuccess("Sopralluogo spostato con successo");
    } catch (e) {
      toastError(
        isApiError(e) && (e.status === 409 || e.status === 400)
          ? e.message
          : "Errore nell'aggiornamento del sopralluogo",
      );
    }
  }
  const dropProps = (day: string) => ({
    onDragOver: (e: DragEvent) => {
      e.preventDefault();
      setDropTarget(day);
    },
    onDragLeave: () => setDropTarget((d) => (d === day ? null : d)),
    onDrop: (e: DragEvent) => void drop(e, day),
  });

  return (
    <section aria-labelledby="calendar-title" className="rounded-lg border border-border bg-card p-3 shadow-sm sm:p-4">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="icon"
            aria-label={view === "week" ? "Settimana precedente" : "Mese precedente"}
            onClick={() => onChange({ anchor: shiftAnchor(view, anchor, -1) })}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <Button variant="outline" onClick={() => onChange({ anchor: today })}>
            Oggi
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label={view === "week" ? "Settimana successiva" : "Mese successivo"}
            onClick={() => onChange({ anchor: shiftAnchor(view, anchor, 1) })}
          >
            <ChevronRight aria-hidden />
          </Button>
        </div>
        <h2
          id="calendar-title"
          className="order-first min-w-0 basis-full text-lg font-semibold capitalize sm:order-none sm:basis-auto sm:flex-1"
          aria-live="polite"
        >
          {title(view, days, anchor)}
          {isFetching && !isPending ? <Spinner className="ml-2 align-middle" label="Aggiornamento..." /> : null}
        </h2>
        <label className="flex items-center gap-2 text-sm font-medium">
          Tecnico
          <select
            value={mine ? "" : technician}
            onChange={(e) => onTechnician?.(e.target.value)}
            className="h-9 max-w-48 rounded-md border border-input bg-card px-2 text-sm focus-visible:outline-2 focus-visible:outline-ring"
          >
            <option value="">{mine ? "Assegnati a me" : "Tutti"}</option>
            {(team.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <div
          role="group"
          aria-label="Vista del calendario"
          className="ml-auto inline-flex rounded-md border border-input p-0.5"
        >
          {(["week", "month"] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => onChange({ view: v })}
              className={cn(
                "h-9 rounded px-3 text-sm font-medium",
                view === v ? "bg-primary text-primary-foreground" : "hover:bg-accent",
              )}
            >
              {v === "week" ? "Settimana" : "Mese"}
            </button>
          ))}
        </div>
      </div>

      {isError ? (
        <p role="alert" className="text-destructive">
          Impossibile caricare il calendario. Riprova.
        </p>
      ) : isPending ? (
        <Spinner label="Caricamento calendario..." />
      ) : view === "week" ? (
        <ol className="grid gap-2 md:grid-cols-7" aria-label="Giorni della settimana">
          {days.map((day) => {
            const items = byDay.get(day) ?? [];
            return (
              <li
                key={day}
                {...dropProps(day)}
                className={cn(
                  "flex min-h-24 flex-col gap-1.5 rounded-md border border-border p-2 md:min-h-64",
                  day === today && "border-primary",
                  dropTarget === day && "bg-accent",
                )}
              >
                <div className="flex items-center justify-between gap-1">
                  <h3 className={cn("text-sm font-medium capitalize", day === today && "text-primary")}>
                    <time dateTime={day}>{LONG_DAY.format(utc(day))}</time>
                  </h3>
                  {onCreate ? <NewOnDay day={day} onCreate={onCreate} /> : null}
                </div>
                {items.length === 0 ? (
                  <p className="text-xs text-muted-foreground md:sr-only">Nessun sopralluogo</p>
                ) : null}
                {items.map((s) => (
                  <SurveyChip key={s.id} survey={s} onMove={setMoving} />
                ))}
              </li>
            );
          })}
        </ol>
      ) : (
        <div>
          <div className="grid grid-cols-7 gap-px" aria-hidden>
            {WEEKDAYS.map((d) => (
              <div key={d} className="py-1 text-center text-xs font-medium text-muted-foreground">
                {d}
              </div>
            ))}
          </div>
          <ol
            className="grid grid-cols-7 gap-px overflow-hidden rounded-md border border-border bg-border"
            aria-label="Giorni del mese"
          >
            {days.map((day) => {
              const items = byDay.get(day) ?? [];
              const outside = day.slice(0, 7) !== month;
              return (
                <li
                  key={day}
                  {...dropProps(day)}
                  className={cn(
                    "flex min-h-16 flex-col gap-1 bg-card p-1 sm:min-h-28",
                    outside && "bg-muted/60",
                    dropTarget === day && "bg-accent",
                  )}
                >
                  <div className="flex items-center justify-between">
                    <button
                      type="button"
                      onClick={() => onChange({ view: "week", anchor: day })}
                      className={cn(
                        "inline-flex size-7 items-center justify-center self-start rounded-full text-xs hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring",
                        outside && "text-muted-foreground",
                        day === today && "bg-primary font-semibold text-primary-foreground",
                      )}
                      aria-label={`${LONG_DAY.format(utc(day))}: ${countLabel(items.length, "sopralluogo", "sopralluoghi")}, apri la settimana`}
                    >
                      {Number(day.slice(8))}
                    </button>
                    {onCreate ? <NewOnDay day={day} onCreate={onCreate} className="hidden sm:inline-flex" /> : null}
                  </div>
                  {/* Phones: a count; wider screens: the surveys themselves. */}
                  {items.length ? (
                    <span
                      aria-hidden
                      className="self-center rounded-full bg-info-soft px-1.5 text-[0.7rem] font-semibold text-info-soft-foreground sm:hidden"
                    >
                      {items.length}
                    </span>
                  ) : null}
                  <div className="hidden flex-col gap-1 sm:flex">
                    {items.slice(0, 3).map((s) => (
                      <SurveyChip key={s.id} survey={s} onMove={setMoving} compact />
                    ))}
                    {items.length > 3 ? (
                      <button
                        type="button"
                        className="text-left text-xs text-primary hover:underline"
                        onClick={() => onChange({ view: "week", anchor: day })}
                      >
                        {moreLabel(items.length - 3)}
                      </button>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ol>
        </div>
      )}
      {data && data.total > data.rows.length ? (
        <p className="mt-2 text-sm text-muted-foreground">
          Mostrati {data.rows.length} di {data.total} sopralluoghi: usa la ricerca o la vista settimanale.
        </p>
      ) : null}
      <CalendarLegend rows={data?.rows ?? []} />
      <p className="mt-2 text-xs text-muted-foreground">
        Premi + su un giorno per programmare un sopralluogo in quella data. Trascina un sopralluogo su un altro giorno,
        oppure usa il pulsante Sposta nella vista settimanale.
      </p>
      <MoveSurveyDialog survey={moving} onOpenChange={(open) => !open && setMoving(null)} />
    </section>
  );
}

/** The "+" of a day: a new survey already dated that day. */
function NewOnDay({ day, onCreate, className }: { day: string; onCreate: (day: string) => void; className?: string }) {
  return (
    <button
      type="button"
      onClick={() => onCreate(day)}
      aria-label={`Nuovo sopralluogo ${LONG_DAY.format(utc(day))}`}
      title="Nuovo sopralluogo in questo giorno"
      className={cn(
        "inline-flex size-7 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring",
        className,
      )}
    >
      <Plus aria-hidden className="size-4" />
    </button>
  );
}

/** Who is who: one entry per person in the visible range, and "Non assegnato" when needed. */
function CalendarLegend({ rows }: { rows: Survey[] }) {
  const people = new Map<string, { name: string; color: string }>();
  let unassigned = false;
  for (const s of rows) {
    if (s.assignedUser) people.set(s.assignedUser.id, s.assignedUser);
    else unassigned = true;
  }
  if (people.size === 0 && !unassigned) return null;
  const entries = [...people.values()].sort((a, b) => a.name.localeCompare(b.name, "it"));
  return (
    <div
      className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm"
      role="group"
      aria-label="Legenda dei tecnici"
    >
      <span className="font-medium">Legenda:</span>
      <ul className="contents">
        {entries.map((p) => (
          <li key={p.name + p.color} className="inline-flex items-center gap-1.5">
            <PersonDot color={p.color} className="size-3" />
            {p.name}
          </li>
        ))}
        {unassigned ? (
          <li className="inline-flex items-center gap-1.5 text-muted-foreground">
            <PersonDot color={UNASSIGNED} className="size-3" />
            Non assegnato
          </li>
        ) : null}
      </ul>
    </div>
  );
}
