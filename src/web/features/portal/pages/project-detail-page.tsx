import { CalendarDays, CheckCircle2, Circle, FileText, Image as ImageIcon, MapPin } from "lucide-react";
import { Link, useParams } from "wouter";
import { DetailHeader, DetailSection, DetailShell } from "@web/components/detail/detail-shell";
import { formatDate } from "@domain/format";
import type { PortalProject } from "@domain/portal";
import { Button } from "@web/components/ui/button";
import { Progress } from "@web/components/ui/progress";
import { usePortalProject } from "../api/get-project";
import { InfoRequestButton } from "../components/info-request-dialog";
import { ProjectStatusBadge } from "../components/project-status-badge";
import { SupportCard } from "../components/support-card";
import { paths } from "@web/lib/paths";

function Steps({ project }: { project: PortalProject }) {
  const steps = [
    { label: "Progetto Avviato", done: true, date: project.startDate },
    { label: "Lavori in Corso", done: project.status === "in_corso" || project.status === "completato", date: null },
    { label: "Progetto Completato", done: project.status === "completato", date: project.endDate },
  ];
  return (
    <ol className="grid gap-4">
      {steps.map((s) => (
        <li key={s.label} className="flex items-start gap-3">
          {s.done ? (
            <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
          ) : (
            <Circle aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
          )}
          <div>
            <p className={s.done ? "font-medium" : "text-muted-foreground"}>
              {s.label}
              <span className="sr-only">{s.done ? " (fatto)" : " (da fare)"}</span>
            </p>
            {s.done && s.date ? <p className="text-sm text-muted-foreground">{formatDate(s.date)}</p> : null}
          </div>
        </li>
      ))}
    </ol>
  );
}

function Photos({ photos }: { photos: PortalProject["photos"] }) {
  if (photos.length === 0) return null;
  return (
    <DetailSection title="Foto del cantiere">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {photos.map((p) => (
            <li key={p.id}>
              <a href={p.url} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-md border border-border hover:opacity-90">
                {p.mimeType === "image/jpeg" || p.mimeType === "image/png" || p.mimeType === "image/webp" ? (
                  <img src={p.url} alt={p.fileName} loading="lazy" className="aspect-square w-full object-cover" />
                ) : (
                  <span className="flex aspect-square flex-col items-center justify-center gap-2 p-2 text-center text-sm break-all">
                    <ImageIcon aria-hidden className="size-6" />
                    {p.fileName}
                  </span>
                )}
              </a>
            </li>
          ))}
        </ul>
      </DetailSection>
  );
}

export default function ProjectDetailPage() {
  const { id = "" } = useParams<{ id: string }>();
  return (
    <DetailShell
      query={usePortalProject(id)}
      loadingLabel="Caricamento dettagli progetto..."
      notFoundTitle="Progetto non trovato"
      failedTitle="Impossibile caricare il progetto"
      notFoundDescription={`Il progetto con ID ${id} non esiste o non è associato al tuo account.`}
      failedDescription="Riprova tra qualche istante."
      backHref={paths.portal.home()}
      backLabel="Torna alla Dashboard"
    >
      {(project) => <ProjectDetail project={project} />}
    </DetailShell>
  );
}

function ProjectDetail({ project }: { project: PortalProject }) {
  return (
    <>
      <DetailHeader
        back={{ href: paths.portal.home(), label: "Torna alla Dashboard" }}
        title={project.name}
        status={<ProjectStatusBadge status={project.status} />}
      />
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="grid gap-4 lg:col-span-2">
          <DetailSection title="Panoramica del progetto" contentClassName="grid gap-4">
              {/* The site notes are the project description (docs/domain/screens.md); they are not repeated below. */}
              <p className="whitespace-pre-line">{project.notes || "Nessuna descrizione disponibile"}</p>
              <dl className="grid gap-4 sm:grid-cols-2">
                <div>
                  <dt className="flex items-center gap-1 text-sm text-muted-foreground">
                    <CalendarDays aria-hidden className="size-4" /> Data di inizio
                  </dt>
                  <dd>{project.startDate ? formatDate(project.startDate) : "Da definire"}</dd>
                </div>
                <div>
                  <dt className="flex items-center gap-1 text-sm text-muted-foreground">
                    <CalendarDays aria-hidden className="size-4" /> Fine prevista
                  </dt>
                  <dd>{project.estimatedEndDate ? formatDate(project.estimatedEndDate) : "Da definire"}</dd>
                </div>
                <div className="sm:col-span-2">
                  <dt className="flex items-center gap-1 text-sm text-muted-foreground">
                    <MapPin aria-hidden className="size-4" /> Indirizzo
                  </dt>
                  <dd>{project.address}</dd>
                </div>
              </dl>
              <div>
                <p className="mb-1 flex justify-between text-sm">
                  <span>Avanzamento lavori</span>
                  <span className="font-medium tabular-nums">{project.progress}%</span>
                </p>
                <Progress value={project.progress} label="Avanzamento lavori" />
              </div>
            </DetailSection>
          <DetailSection title="Stato del progetto">
              <Steps project={project} />
            </DetailSection>
          <Photos photos={project.photos} />
        </div>
        <div className="grid content-start gap-4">
          <DetailSection title="Documenti correlati" contentClassName="grid gap-2 *:w-full">
              <Button asChild variant="outline" className="justify-start">
                <Link href={paths.portal.estimate(project.estimate.id)}>
                  <FileText aria-hidden />
                  Preventivo {project.estimate.number}
                </Link>
              </Button>
              <InfoRequestButton subject={`Informazioni sul progetto ${project.name}`} entityType="site" entityId={project.id} />
            </DetailSection>
          <SupportCard />
        </div>
      </div>
    </>
  );
}
