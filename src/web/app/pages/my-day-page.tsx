import { Clock, MapPin, Phone, RefreshCw } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, type ReactNode } from "react";
import { formatLongDate } from "@domain/format";
import { mapsUrl, telUrl, type MyDaySite, type MyDaySurvey } from "@domain/team";
import { Button } from "@web/components/ui/button";
import { Card, CardContent } from "@web/components/ui/card";
import { PageHeader } from "@web/components/ui/page-header";
import { Progress } from "@web/components/ui/progress";
import { Skeleton } from "@web/components/ui/skeleton";
import { SiteStatusBadge } from "@web/features/sites/components/site-status-badge";
import { siteQueryOptions } from "@web/features/sites/api/get-site";
import { surveyQueryOptions } from "@web/features/surveys/api/get-survey";
import { SurveyStatusBadge } from "@web/features/surveys/components/survey-status-badge";
import { cn } from "@web/lib/cn";
import { useMyDay } from "@web/lib/team";
import {
  CompleteButton,
  NoteButton,
  PhotoButton,
  ProgressStepper,
  TOUCH,
} from "@web/features/team/components/field-actions";
import { ResultsButton } from "./results-button";

/** A big tappable row: the address opens the maps app, a phone number starts a call. */
function LinkRow({
  href,
  icon,
  children,
  label,
  external,
}: {
  href: string;
  icon: ReactNode;
  children: ReactNode;
  label: string;
  external?: boolean;
}) {
  return (
    <a
      href={href}
      aria-label={label}
      {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      className={cn(
        TOUCH,
        "-mx-2 flex items-center gap-3 rounded-md px-2 py-2 text-primary underline-offset-4 hover:bg-accent hover:underline",
        "focus-visible:outline-2 focus-visible:outline-ring [&_svg]:size-5 [&_svg]:shrink-0",
      )}
    >
      {icon}
      <span className="min-w-0 wrap-anywhere">{children}</span>
    </a>
  );
}

type PhoneEntry = { who: string; shown: string; phone: string | null };

function Phones({ entries }: { entries: PhoneEntry[] }) {
  const shown = entries.filter((e): e is PhoneEntry & { phone: string } => Boolean(e.phone));
  if (shown.length === 0) return <p className="text-sm text-muted-foreground">Nessun telefono in anagrafica</p>;
  return (
    <>
      {shown.map((e) => (
        <LinkRow
          key={e.who + e.phone}
          href={telUrl(e.phone)}
          icon={<Phone aria-hidden />}
          label={`Chiama ${e.who}: ${e.phone}`}
        >
          {e.phone} <span className="text-sm text-muted-foreground">({e.shown})</span>
        </LinkRow>
      ))}
    </>
  );
}

function SurveyCard({ survey, today }: { survey: MyDaySurvey; today: boolean }) {
  const subject = `sopralluogo ${survey.clientName}${survey.time ? ` delle ${survey.time}` : ""}`;
  return (
    <Card>
      <CardContent className="grid gap-2 pt-4 sm:pt-6">
        <div className="flex items-start justify-between gap-2">
          <h3 className="min-w-0 text-lg leading-snug font-semibold wrap-anywhere">
            <span className="mr-2 inline-flex items-center gap-1 tabular-nums">
              <Clock aria-hidden className="size-4" />
              {survey.time ?? "Orario da definire"}
            </span>
            <span className="block">{survey.clientName}</span>
          </h3>
          <SurveyStatusBadge status={survey.status} />
        </div>
        {survey.description ? <p className="text-sm text-muted-foreground">{survey.description}</p> : null}
        <LinkRow
          href={mapsUrl(survey.address)}
          external
          icon={<MapPin aria-hidden />}
          label={`Apri nelle mappe: ${survey.address}`}
        >
          {survey.address}
        </LinkRow>
        <Phones
          entries={[
            { who: survey.clientName, shown: "cliente", phone: survey.clientPhone },
            {
              who: survey.contactName ?? "contatto",
              shown: survey.contactName ?? "contatto",
              phone: survey.contactPhone,
            },
          ]}
        />
        <div className="mt-1 grid grid-cols-2 gap-2">
          <PhotoButton target={{ kind: "survey", id: survey.id }} subject={subject} />
          <NoteButton target={{ kind: "survey", id: survey.id }} subject={subject} />
          <div className="col-span-2 grid">
            <ResultsButton surveyId={survey.id} subject={subject} />
          </div>
          {/* Only today's visits can be done: tomorrow's card offers no accidental tap. */}
          {today && survey.status === "programmato" ? (
            <div className="col-span-2 grid">
              <CompleteButton id={survey.id} version={survey.version} subject={subject} />
            </div>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

function SiteCard({ site }: { site: MyDaySite }) {
  const subject = `cantiere ${site.name}`;
  return (
    <Card>
      <CardContent className="grid gap-2 pt-4 sm:pt-6">
        <div className="flex items-start justify-between gap-2">
          <h3 className="min-w-0 text-lg leading-snug font-semibold wrap-anywhere">
            {site.name}
            <span className="block text-sm font-normal text-muted-foreground">{site.clientName}</span>
          </h3>
          <SiteStatusBadge status={site.status} />
        </div>
        {site.workingHours ? (
          <p className="text-sm text-muted-foreground">Orario di lavoro {site.workingHours}</p>
        ) : null}
        <LinkRow
          href={mapsUrl(site.address)}
          external
          icon={<MapPin aria-hidden />}
          label={`Apri nelle mappe: ${site.address}`}
        >
          {site.address}
        </LinkRow>
        <Phones
          entries={[
            { who: site.clientName, shown: "cliente", phone: site.clientPhone },
            { who: "emergenza", shown: "emergenza", phone: site.emergencyPhone },
          ]}
        />
        <Progress value={site.progress} label={`Avanzamento salvato di ${site.name}`} className="mt-1" />
        <ProgressStepper id={site.id} progress={site.progress} version={site.version} subject={site.name} />
        <div className="grid grid-cols-2 gap-2">
          <PhotoButton target={{ kind: "site", id: site.id }} subject={subject} />
          <NoteButton target={{ kind: "site", id: site.id }} subject={subject} />
        </div>
      </CardContent>
    </Card>
  );
}

function Section({
  id,
  title,
  empty,
  children,
  count,
}: {
  id: string;
  title: string;
  empty: string;
  children: ReactNode;
  count: number;
}) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {count === 0 ? (
        <p className="rounded-lg border border-dashed border-border bg-card px-4 py-6 text-center text-muted-foreground">
          {empty}
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" aria-label={title}>
          {children}
        </ul>
      )}
    </section>
  );
}

/** "La mia giornata": the technician's phone home (issue 19 bullet 6). */
export default function MyDayPage() {
  const { data, isPending, isError, refetch, isFetching } = useMyDay();
  const qc = useQueryClient();
  // Today's surveys and sites are read now, while there is signal: the service worker keeps them
  // for the roof (docs/domain/sites.md), and "Esito" opens at once.
  useEffect(() => {
    if (!data) return;
    for (const s of data.surveys.today) void qc.prefetchQuery(surveyQueryOptions(s.id));
    for (const s of data.sites) void qc.prefetchQuery(siteQueryOptions(s.id));
  }, [data, qc]);
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <PageHeader
        className="mb-0"
        title="La mia giornata"
        description={data ? formatLongDate(data.today) : "Sopralluoghi e cantieri assegnati a te"}
        actions={
          <Button variant="outline" className={TOUCH} onClick={() => void refetch()} disabled={isFetching}>
            <RefreshCw aria-hidden className={cn(isFetching && "motion-safe:animate-spin")} />
            Aggiorna
          </Button>
        }
      />
      {isError ? (
        <p role="alert" className="text-destructive">
          Impossibile caricare la giornata. Riprova.
        </p>
      ) : isPending ? (
        <div className="grid gap-3" aria-busy="true">
          <Skeleton className="h-48 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : (
        <>
          <Section id="day-today" title="Oggi" empty="Nessun sopralluogo oggi" count={data.surveys.today.length}>
            {data.surveys.today.map((s) => (
              <li key={s.id} className="grid">
                <SurveyCard survey={s} today />
              </li>
            ))}
          </Section>
          <Section
            id="day-tomorrow"
            title="Domani"
            empty="Nessun sopralluogo domani"
            count={data.surveys.tomorrow.length}
          >
            {data.surveys.tomorrow.map((s) => (
              <li key={s.id} className="grid">
                <SurveyCard survey={s} today={false} />
              </li>
            ))}
          </Section>
          <Section
            id="day-sites"
            title="Cantieri attivi"
            empty="Nessun cantiere attivo assegnato a te"
            count={data.sites.length}
          >
            {data.sites.map((s) => (
              <li key={s.id} className="grid">
                <SiteCard site={s} />
              </li>
            ))}
          </Section>
          <p className="text-sm text-muted-foreground">
            Le note si aggiungono in fondo con data e nome; le foto finiscono negli allegati.
          </p>
        </>
      )}
    </div>
  );
}
