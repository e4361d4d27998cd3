import { CheckCircle2, Clock } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { todayIso } from "@domain/dates";
import { formatDate } from "@domain/format";
import {
  SURVEY_RESPONSE_PROMISE,
  surveyRequestSchema,
  surveyRequestTimeSlots,
  surveyRequestUrgencies,
  surveyResponseTimes,
  type SurveyRequestInput,
  type SurveyRequestResult,
} from "@domain/portal";
import {
  Form,
  FormActions,
  FormSection,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
  CancelButton,
} from "@web/components/form";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { PageHeader } from "@web/components/ui/page-header";
import { toastError, toastSuccess } from "@web/components/ui/toast";
import { isApiError } from "@web/lib/api";
import { useMe } from "@web/lib/session";
import { useRequestSurvey } from "../api/request-survey";
import { BackButton } from "../components/back-button";
import { SupportCard } from "../components/support-card";
import { paths } from "@web/lib/paths";

const empty = (): SurveyRequestInput => ({
  address: "",
  description: "",
  preferredDate: "",
  preferredTimeSlot: "mattina",
  urgency: "media",
  notes: "",
});

const steps = [
  ["Invia la richiesta", "Compila il modulo con i dettagli del lavoro."],
  ["Ti contattiamo", `Ti richiamiamo entro ${SURVEY_RESPONSE_PROMISE} per confermare data e ora.`],
  ["Sopralluogo gratuito", "Un tecnico viene sul posto, senza alcun impegno."],
] as const;

function SideCards() {
  return (
    <div className="grid content-start gap-4">
      <Card>
        <CardHeader>
          <CardTitle>Come funziona</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="grid gap-3">
            {steps.map(([title, text], i) => (
              <li key={title} className="flex gap-3">
                <span
                  aria-hidden
                  className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
                >
                  {i + 1}
                </span>
                <div>
                  <p className="font-medium">{title}</p>
                  <p className="text-sm text-muted-foreground">{text}</p>
                </div>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Tempi di risposta</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-2 text-sm">
            {surveyResponseTimes.map((r) => (
              <div key={r.urgency} className="flex justify-between gap-3">
                <dt className="flex items-center gap-2">
                  <Clock aria-hidden className="size-4 text-muted-foreground" />
                  {r.label}
                </dt>
                <dd className="font-medium">{r.time}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      <SupportCard title="Supporto" />
    </div>
  );
}

function Sent({ result, onAgain }: { result: SurveyRequestResult; onAgain: () => void }) {
  return (
    <Card className="mx-auto max-w-2xl">
      <CardContent className="grid justify-items-center gap-4 py-10 text-center">
        <CheckCircle2 aria-hidden className="size-14 text-success" />
        <h1 className="text-2xl font-semibold">Richiesta Inviata!</h1>
        <p className="max-w-md text-muted-foreground">
          Abbiamo ricevuto la tua richiesta di sopralluogo per il {formatDate(result.date)} in {result.address}. Ti
          contatteremo entro {SURVEY_RESPONSE_PROMISE} per confermare l'appuntamento.
        </p>
        <div className="w-full max-w-md rounded-lg bg-muted p-4 text-start text-sm">
          <h2 className="mb-2 font-semibold">Prossimi passi</h2>
          <ol className="list-decimal space-y-1 ps-5">
            <li>Il nostro ufficio verifica la disponibilità dei tecnici.</li>
            <li>Ti chiamiamo per confermare data e fascia oraria.</li>
            <li>Il tecnico esegue il sopralluogo gratuito e senza impegno.</li>
            <li>Ricevi il preventivo dettagliato nella tua area clienti.</li>
          </ol>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button asChild>
            <Link href={paths.portal.requests()}>Le mie richieste</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href={paths.portal.home()}>Torna alla Dashboard</Link>
          </Button>
          <Button variant="outline" onClick={onAgain}>
            Nuova Richiesta
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

export default function SurveyRequestPage() {
  const { data: me } = useMe();
  const [, navigate] = useLocation();
  const request = useRequestSurvey();
  const [result, setResult] = useState<SurveyRequestResult | null>(null);
  // A new key gives "Nuova Richiesta" an empty form.
  const [round, setRound] = useState(0);

  if (result) {
    return (
      <Sent
        result={result}
        onAgain={() => {
          setResult(null);
          setRound((r) => r + 1);
        }}
      />
    );
  }

  return (
    <>
      <BackButton />
      <PageHeader title="Richiedi un Sopralluogo" description="Il sopralluogo è gratuito e senza impegno." />
      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardContent className="pt-4 sm:pt-6">
            <Form
              key={round}
              schema={surveyRequestSchema}
              defaultValues={empty()}
              aria-label="Richiesta di sopralluogo"
              onSubmit={async (values) => {
                let created: SurveyRequestResult;
                try {
                  created = await request.mutateAsync(values);
                } catch (error) {
                  // Field errors go back to the fields; anything else is docs/domain/screens.md's message.
                  if (isApiError(error) && error.status === 400) throw error;
                  toastError("Errore nell'invio della richiesta");
                  return;
                }
                toastSuccess("La tua richiesta di sopralluogo è stata inviata con successo");
                setResult(created);
                window.scrollTo({ top: 0 });
              }}
            >
              <FormSection title="Dove e cosa">
                {/* docs/domain/portal.md: the client is always the user's own; shown, not choosable. */}
                <div className="grid gap-1.5 sm:col-span-2">
                  <Label htmlFor="survey-client">Cliente</Label>
                  <Input
                    id="survey-client"
                    value={me?.clientName ?? ""}
                    readOnly
                    aria-readonly="true"
                    className="bg-muted"
                  />
                </div>
                <TextField
                  name="address"
                  label="Indirizzo del Sopralluogo"
                  required
                  autoComplete="street-address"
                  className="sm:col-span-2"
                />
                <TextareaField
                  name="description"
                  label="Descrizione del Problema/Lavoro"
                  required
                  rows={4}
                  className="sm:col-span-2"
                  placeholder="Es. infiltrazioni dal tetto dopo le ultime piogge"
                />
              </FormSection>
              <FormSection title="Quando">
                <TextField name="preferredDate" label="Data Preferita" type="date" required min={todayIso()} />
                <SelectField
                  name="preferredTimeSlot"
                  label="Fascia Oraria Preferita"
                  options={surveyRequestTimeSlots.options}
                />
                <SelectField name="urgency" label="Urgenza" options={surveyRequestUrgencies.options} />
              </FormSection>
              <TextareaField name="notes" label="Note Aggiuntive" rows={3} />
              <FormActions>
                <CancelButton onClick={() => navigate(paths.portal.home())} />
                <SubmitButton label="Invia Richiesta" pendingLabel="Invio in corso..." />
              </FormActions>
            </Form>
          </CardContent>
        </Card>
        <SideCards />
      </div>
    </>
  );
}
