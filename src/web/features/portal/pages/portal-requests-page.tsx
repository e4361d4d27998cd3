import { CalendarPlus, ClipboardList, MessageSquare } from "lucide-react";
import { Link } from "wouter";
import { formatDate, formatDateTime } from "@domain/format";
import { informationRequestStates, surveyRequestUrgencies, type InformationRequestView } from "@domain/portal";
import { surveyStatuses, type SurveyStatus } from "@domain/statuses";
import { FilteredList } from "@web/components/list/filtered-list";
import { listSorting, type ListShellProps } from "@web/components/list/list-shell";
import { FilterSelect } from "@web/components/list/list-toolbar";
import { SortableHead, validSort } from "@web/components/list/sortable-head";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { TableCell, TableHead, TableRow } from "@web/components/ui/table";
import { cn } from "@web/lib/cn";
import { useListParams } from "@web/lib/use-list-params";
import { usePortalInformationRequests, usePortalSurveyRequests } from "../api/lists";
import { BackButton } from "../components/back-button";
import { InfoRequestButton } from "../components/info-request-dialog";
import { paths } from "@web/lib/paths";

const PARAMS = ["tab", "q", "status", "state", "sort"] as const;
const SURVEY_SORTABLE = ["date", "createdAt", "status"] as const;
const INFO_SORTABLE = ["createdAt", "repliedAt"] as const;
type List = ReturnType<typeof useListParams<(typeof PARAMS)[number]>>;
/** What both tabs show above their search: the link back, the title, the buttons and the tabs. */
type Frame = Pick<ListShellProps<unknown>, "back" | "title" | "actions" | "intro">;

/** A request is confirmed once the office fixes its time; until then the date is the client's wish. */
function SurveyRequestBadge({ status, time }: { status: SurveyStatus; time: string | null }) {
  if (status === "programmato" && !time) return <Badge variant="warning">Da confermare</Badge>;
  const variant = status === "completato" ? "success" : status === "annullato" ? "destructive" : "info";
  return <Badge variant={variant}>{status === "programmato" ? "Confermato" : surveyStatuses.label(status)}</Badge>;
}

function SurveyRequests({ list, frame }: { list: List; frame: Frame }) {
  const { q, status, sort } = list.values;
  const query = usePortalSurveyRequests({
    q,
    status: (status || undefined) as SurveyStatus | undefined,
    sort: validSort(sort, SURVEY_SORTABLE),
    limit: list.limit,
    offset: list.offset,
  });
  const sorting = listSorting(list);
  return (
    <FilteredList
      {...frame}
      noun={["richiesta di sopralluogo", "richieste di sopralluogo"]}
      search={{ label: "Cerca richieste di sopralluogo", placeholder: "Cerca per indirizzo o descrizione..." }}
      statuses={surveyStatuses.options}
      list={list}
      query={query}
      errorText="Impossibile caricare le richieste. Riprova."
      empty={{
        icon: ClipboardList,
        title: "Nessuna richiesta di sopralluogo",
        invite: "Le richieste che invii dal portale compariranno qui con il loro stato.",
        action: (
          <Button asChild>
            <Link href={paths.portal.surveyRequest()}>
              <CalendarPlus aria-hidden />
              Prenota Sopralluogo
            </Link>
          </Button>
        ),
      }}
      table={{
        label: "Richieste di sopralluogo",
        head: (
          <>
            <SortableHead column="date" first="desc" {...sorting}>
              Appuntamento
            </SortableHead>
            <TableHead className="hidden md:table-cell">Problema</TableHead>
            <SortableHead column="createdAt" first="desc" className="hidden lg:table-cell" {...sorting}>
              Inviata il
            </SortableHead>
            <SortableHead column="status" {...sorting}>
              Stato
            </SortableHead>
          </>
        ),
        row: (r) => (
          <TableRow key={r.id}>
            <TableCell>
              <span className="font-medium">
                {formatDate(r.date)}
                {r.time ? ` alle ${r.time}` : ""}
              </span>
              <div className="text-sm text-muted-foreground">{r.address}</div>
              {r.urgency ? (
                <div className="text-xs text-muted-foreground">
                  Urgenza {surveyRequestUrgencies.label(r.urgency).toLowerCase()}
                </div>
              ) : null}
            </TableCell>
            <TableCell className="hidden max-w-xs md:table-cell">
              <span className="line-clamp-2">{r.description ?? "—"}</span>
            </TableCell>
            <TableCell className="hidden lg:table-cell">{formatDate(r.createdAt)}</TableCell>
            <TableCell>
              <SurveyRequestBadge status={r.status} time={r.time} />
            </TableCell>
          </TableRow>
        ),
      }}
    />
  );
}

const aboutLabels = { site: "Cantiere", estimate: "Preventivo", invoice: "Fattura" } as const;

function InformationRequest({ r }: { r: InformationRequestView }) {
  return (
    <li className="grid gap-2 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-medium break-words">{r.subject}</h3>
          <p className="text-sm text-muted-foreground">
            Inviata il {formatDateTime(r.createdAt)}
            {r.entityType && r.entityLabel ? ` · ${aboutLabels[r.entityType]} ${r.entityLabel}` : ""}
          </p>
        </div>
        <Badge variant={r.reply ? "success" : "warning"}>
          {informationRequestStates.label(r.reply ? "risposta" : "aperta")}
        </Badge>
      </div>
      <p className="text-sm whitespace-pre-line break-words">{r.message}</p>
      {r.reply ? (
        <div className="rounded-md border-l-4 border-primary bg-accent/40 p-3">
          <p className="text-sm font-medium">
            Risposta dell'impresa{r.repliedAt ? ` · ${formatDateTime(r.repliedAt)}` : ""}
          </p>
          <p className="mt-1 text-sm whitespace-pre-line break-words">{r.reply}</p>
        </div>
      ) : null}
    </li>
  );
}

function InformationRequests({ list, frame }: { list: List; frame: Frame }) {
  const { q, state, sort } = list.values;
  const query = usePortalInformationRequests({
    q,
    state: (state || undefined) as "aperta" | "risposta" | undefined,
    sort: validSort(sort, INFO_SORTABLE),
    limit: list.limit,
    offset: list.offset,
  });
  return (
    <FilteredList
      {...frame}
      noun={["richiesta di informazioni", "richieste di informazioni"]}
      search={{ label: "Cerca richieste di informazioni", placeholder: "Cerca per oggetto o messaggio..." }}
      filters={
        <>
          <FilterSelect
            label="Filtra per risposta"
            value={state}
            onValueChange={(value) => list.set({ state: value })}
            allLabel="Tutte"
            options={informationRequestStates.options}
            className="sm:w-56"
          />
          {/* Cards have no column headers: the order is chosen here. */}
          <FilterSelect
            label="Ordina"
            value={sort === "-repliedAt" ? "-repliedAt" : ""}
            onValueChange={(value) => list.set({ sort: value })}
            options={[
              { value: "", label: "Più recenti" },
              { value: "-repliedAt", label: "Ultime risposte" },
            ]}
            className="sm:w-48"
          />
        </>
      }
      list={list}
      query={query}
      errorText="Impossibile caricare le richieste. Riprova."
      filtered={Boolean(q || state)}
      empty={{
        icon: MessageSquare,
        title: "Nessuna richiesta di informazioni",
        invite: "Le domande che invii all'impresa e le sue risposte compariranno qui.",
        action: <InfoRequestButton subject="" variant="default" />,
      }}
    >
      {(rows) => (
        <Card>
          <ul aria-label="Richieste di informazioni" className="divide-y divide-border">
            {rows.map((r) => (
              <InformationRequest key={r.id} r={r} />
            ))}
          </ul>
        </Card>
      )}
    </FilteredList>
  );
}

/** "Le mie richieste": the surveys the client asked for and its questions with the replies. */
export default function PortalRequestsPage() {
  const list = useListParams(PARAMS, 20);
  const info = list.values.tab === "informazioni";
  const tabs = [
    ["", "Sopralluoghi"],
    ["informazioni", "Informazioni"],
  ] as const;
  const frame: Frame = {
    back: <BackButton />,
    title: "Le mie richieste",
    actions: (
      <>
        <InfoRequestButton subject="" />
        <Button asChild>
          <Link href={paths.portal.surveyRequest()}>
            <CalendarPlus aria-hidden />
            Prenota Sopralluogo
          </Link>
        </Button>
      </>
    ),
    intro: (
      <div
        role="group"
        aria-label="Tipo di richiesta"
        className="mb-4 inline-flex rounded-md border border-input p-0.5"
      >
        {tabs.map(([value, label]) => (
          <button
            key={label}
            type="button"
            aria-pressed={list.values.tab === value}
            // A new tab starts from its own defaults: filters and sort of the other do not apply.
            onClick={() => list.set({ tab: value, q: "", status: "", state: "", sort: "" })}
            className={cn(
              "inline-flex h-9 items-center rounded px-3 text-sm font-medium",
              list.values.tab === value ? "bg-primary text-primary-foreground" : "hover:bg-accent",
            )}
          >
            {label}
          </button>
        ))}
      </div>
    ),
  };
  return info ? (
    <InformationRequests key="info" list={list} frame={frame} />
  ) : (
    <SurveyRequests key="surveys" list={list} frame={frame} />
  );
}
