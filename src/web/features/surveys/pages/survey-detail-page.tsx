import { CalendarClock, Clock, FileText, Mail, MapPin, MoveRight, Phone, UserRound } from "lucide-react";
import { useState } from "react";
import { Link, useLocation, useParams } from "wouter";
import { formatDate, formatEuro, formatLongDate } from "@domain/format";
import { estimateStatuses } from "@domain/statuses";
import { estimatedDurationLabel } from "@domain/catalogue";
import { DetailDeleteButton, DetailEditButton } from "@web/components/detail/detail-actions";
import { DetailHeader, DetailSection, DetailShell, type Loaded } from "@web/components/detail/detail-shell";
import { InfoItem } from "@web/components/detail/info-item";
import { AttachmentsPanel } from "@web/components/attachments";
import { Timeline } from "@web/components/timeline";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { useCan } from "@web/lib/use-can";
import { createHref } from "@web/lib/create-intent";
import { useSurvey } from "../api/get-survey";
import { DeleteSurveyDialog } from "../components/delete-survey-dialog";
import { MoveSurveyDialog } from "../components/move-survey-dialog";
import { SurveyFormDialog } from "../components/survey-form-dialog";
import { SurveyStatusBadge } from "../components/survey-status-badge";
import { AssigneeLabel } from "@web/components/team/person-dot";
import { paths } from "@web/lib/paths";

const cap = (v: string | null) => (v ? v.charAt(0).toUpperCase() + v.slice(1) : null);

export default function SurveyDetailPage() {
  const { id = "" } = useParams<{ id: string }>();
  return (
    <DetailShell
      query={useSurvey(id)}
      loadingLabel="Caricamento sopralluogo..."
      notFoundTitle="Sopralluogo non trovato"
      failedTitle="Impossibile caricare il sopralluogo"
      backHref={paths.admin.surveys()}
      backLabel="Torna ai sopralluoghi"
    >
      {(survey) => <SurveyDetail survey={survey} />}
    </DetailShell>
  );
}

function SurveyDetail({ survey }: { survey: Loaded<typeof useSurvey> }) {
  const [, navigate] = useLocation();
  const [editing, setEditing] = useState(false);
  const [moving, setMoving] = useState(false);
  // The activity log is the office's (docs/domain/roles.md): no empty "Cronologia" for a technician.
  const can = useCan();
  const canSeeActivity = can("activity");
  const [deleting, setDeleting] = useState(false);

  return (
    <>
      <DetailHeader
        back={{ href: paths.admin.surveys(), label: "Sopralluoghi" }}
        title={`Sopralluogo ${survey.clientName ? `— ${survey.clientName}` : ""}`}
        status={
          <>
            <SurveyStatusBadge status={survey.status} />
            <span className="inline-flex items-center gap-1 text-muted-foreground capitalize">
              <CalendarClock aria-hidden className="size-4" />
              {formatLongDate(survey.date)}
            </span>
            <span className="inline-flex items-center gap-1 text-muted-foreground">
              <Clock aria-hidden className="size-4" />
              {survey.time ?? "Orario da definire"}
            </span>
          </>
        }
        actions={
          <>
            {can("estimates") ? (
              <Button asChild>
                <Link href={createHref(paths.admin.estimates(), { surveyId: survey.id })}>
                  <FileText aria-hidden className="size-4" />
                  Crea preventivo
                </Link>
              </Button>
            ) : null}
            <Button variant="outline" onClick={() => setMoving(true)}>
              <MoveRight aria-hidden className="size-4" />
              Sposta
            </Button>
            <DetailEditButton onClick={() => setEditing(true)} />
            <DetailDeleteButton onClick={() => setDeleting(true)} />
          </>
        }
      />

      <div className="grid gap-4 lg:grid-cols-3">
        <div className="grid content-start gap-4 lg:col-span-2">
          <DetailSection title="Dettagli">
            <dl className="grid gap-4 sm:grid-cols-2">
              <InfoItem preLine label="Indirizzo" className="sm:col-span-2">
                <span className="inline-flex items-start gap-1">
                  <MapPin aria-hidden className="mt-1 size-4 shrink-0" />
                  {survey.address}
                </span>
              </InfoItem>
              <InfoItem preLine label="Descrizione" className="sm:col-span-2">
                {survey.description ?? <span className="text-muted-foreground">Nessuna descrizione</span>}
              </InfoItem>
              <InfoItem preLine label="Tipo di sopralluogo">
                {cap(survey.surveyType)}
              </InfoItem>
              <InfoItem preLine label="Urgenza">
                {cap(survey.urgencyLevel)}
              </InfoItem>
              <InfoItem label="Tecnico assegnato">
                {survey.assignedUser ? <AssigneeLabel user={survey.assignedUser} /> : null}
              </InfoItem>
              <InfoItem preLine label="Durata stimata">
                {survey.estimatedDuration ? estimatedDurationLabel(survey.estimatedDuration) : null}
              </InfoItem>
              <InfoItem preLine label="Condizioni meteo">
                {cap(survey.weatherConditions)}
              </InfoItem>
              <InfoItem preLine label="Proprietario presente">
                {survey.ownerPresent ? "Sì" : "No"}
              </InfoItem>
              <InfoItem preLine label="Follow-up">
                {survey.followUpRequired
                  ? survey.followUpDate
                    ? `Sì, il ${formatDate(survey.followUpDate)}`
                    : "Sì"
                  : "No"}
              </InfoItem>
            </dl>
          </DetailSection>
          <DetailSection title="Note tecniche">
            <dl className="grid gap-4 sm:grid-cols-2">
              <InfoItem preLine label="Problemi riscontrati">
                {survey.issuesFound}
              </InfoItem>
              <InfoItem preLine label="Misurazioni">
                {survey.measurements}
              </InfoItem>
              <InfoItem preLine label="Attrezzatura necessaria">
                {survey.requiredEquipment}
              </InfoItem>
              <InfoItem preLine label="Condizioni di accesso">
                {survey.accessConditions}
              </InfoItem>
              <InfoItem preLine label="Note sulla sicurezza">
                {survey.safetyNotes}
              </InfoItem>
              <InfoItem preLine label="Note sulle foto">
                {survey.photosNotes}
              </InfoItem>
              <InfoItem preLine label="Note" className="sm:col-span-2">
                {survey.notes}
              </InfoItem>
            </dl>
          </DetailSection>
          <AttachmentsPanel entityType="survey" entityId={survey.id} />
        </div>

        <div className="grid content-start gap-4">
          <DetailSection title="Cliente">
            {survey.client ? (
              <div className="grid gap-1 text-sm">
                <Link href={paths.admin.client(survey.client.id)} className="text-base font-medium hover:underline">
                  {survey.client.name}
                </Link>
                <span className="text-muted-foreground">{survey.client.address}</span>
                {survey.client.phone ? (
                  <a
                    href={`tel:${survey.client.phone}`}
                    className="inline-flex items-center gap-1 text-primary hover:underline"
                  >
                    <Phone aria-hidden className="size-3" />
                    {survey.client.phone}
                  </a>
                ) : null}
                {survey.client.email ? (
                  <a
                    href={`mailto:${survey.client.email}`}
                    className="inline-flex items-center gap-1 text-primary hover:underline"
                  >
                    <Mail aria-hidden className="size-3" />
                    {survey.client.email}
                  </a>
                ) : null}
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">Cliente non trovato</p>
            )}
          </DetailSection>
          <DetailSection title="Contatto di riferimento">
            {survey.contact ? (
              <div className="grid gap-1 text-sm">
                <Link
                  href={paths.admin.contact(survey.contact.id)}
                  className="inline-flex items-center gap-1 text-base font-medium hover:underline"
                >
                  <UserRound aria-hidden className="size-4" />
                  {survey.contact.name}
                </Link>
                <span className="text-muted-foreground">{survey.contact.role ?? "Non specificato"}</span>
                {survey.contact.phone ? (
                  <a href={`tel:${survey.contact.phone}`} className="text-primary hover:underline">
                    {survey.contact.phone}
                  </a>
                ) : null}
                {survey.contact.email ? (
                  <a href={`mailto:${survey.contact.email}`} className="text-primary hover:underline">
                    {survey.contact.email}
                  </a>
                ) : null}
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">Nessun contatto di riferimento</p>
            )}
          </DetailSection>
          {/* A technician's answer carries no estimates (docs/domain/roles.md). */}
          {"estimates" in survey ? (
            <DetailSection title="Preventivi generati">
              {survey.estimates.length === 0 ? (
                <p className="text-sm text-muted-foreground">Nessun preventivo generato da questo sopralluogo</p>
              ) : (
                <ul className="divide-y divide-border">
                  {survey.estimates.map((e) => (
                    <li key={e.id} className="grid gap-0.5 py-2">
                      <div className="flex items-center gap-2">
                        <FileText aria-hidden className="size-4 text-muted-foreground" />
                        <Link href={paths.admin.estimate(e.id)} className="font-medium hover:underline">
                          {e.number}
                        </Link>
                        <Badge variant="outline">{estimateStatuses.label(e.status)}</Badge>
                      </div>
                      <span className="truncate text-sm">{e.title}</span>
                      <span className="text-sm text-muted-foreground tabular-nums">
                        {formatEuro(e.totalAmount)} · {formatDate(e.createdAt)}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </DetailSection>
          ) : null}
          {canSeeActivity ? (
            <DetailSection title="Cronologia">
              <Timeline entityType="survey" entityId={survey.id} />
            </DetailSection>
          ) : null}
        </div>
      </div>

      <SurveyFormDialog open={editing} onOpenChange={setEditing} survey={survey} />
      <MoveSurveyDialog survey={moving ? survey : null} onOpenChange={setMoving} />
      <DeleteSurveyDialog
        survey={deleting ? survey : null}
        onOpenChange={setDeleting}
        onDeleted={() => navigate(paths.admin.surveys(), { replace: true })}
      />
    </>
  );
}
