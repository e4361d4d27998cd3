import { ClipboardList } from "lucide-react";
import { useState } from "react";
import { surveyResultFields, surveyResultLabels, surveyResultsSchema, type SurveyResultField } from "@domain/surveys";
import { FormDialog } from "@web/components/dialogs/form-dialog";
import { CancelButton, Form, FormActions, SubmitButton, TextareaField } from "@web/components/form";
import { Button } from "@web/components/ui/button";
import { Skeleton } from "@web/components/ui/skeleton";
import { useFieldWrite } from "@web/lib/offline/field-write";
import { usePendingFor } from "@web/lib/offline/offline-queue";
import type { ResultChanges } from "@web/lib/offline/queue";
import { useSurvey } from "@web/features/surveys/api/get-survey";
import { TOUCH } from "@web/features/team/components/field-actions";

type Values = Record<SurveyResultField, string>;

/**
 * "Esito": what the technician found on the roof, written into the survey's technical notes.
 * Works without signal: the survey comes from this morning's copy, the change waits in the queue
 * with the version it was made on, and only the fields he changed travel (docs/domain/sites.md).
 */
export function ResultsButton({ surveyId, subject }: { surveyId: string; subject: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" className={TOUCH} onClick={() => setOpen(true)} aria-label={`Esito per ${subject}`}>
        <ClipboardList aria-hidden />
        Esito
      </Button>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title="Esito del sopralluogo"
        description={`${subject}: problemi, misure e note del sopralluogo.`}
        size="wide"
      >
        {open ? <ResultsForm surveyId={surveyId} subject={subject} onDone={() => setOpen(false)} /> : null}
      </FormDialog>
    </>
  );
}

function ResultsForm({ surveyId, subject, onDone }: { surveyId: string; subject: string; onDone: () => void }) {
  const { data: survey, isError } = useSurvey(surveyId);
  const queued = usePendingFor("survey", surveyId);
  const write = useFieldWrite();
  if (isError) return <p role="alert">Sopralluogo non disponibile senza rete: aprilo quando c&apos;è segnale.</p>;
  if (!survey) return <Skeleton className="h-64 w-full" />;
  // What the server had, with what is still waiting on the phone on top: he goes on from there.
  const saved: Values = Object.fromEntries(surveyResultFields.map((f) => [f, survey[f] ?? ""])) as Values;
  for (const i of queued) if (i.payload.kind === "results") Object.assign(saved, i.payload.changes);
  const base = queued.find((i) => i.payload.kind === "results")?.version ?? survey.version;
  return (
    <Form
      schema={surveyResultsSchema}
      defaultValues={saved}
      onSubmit={async (values) => {
        const changes: ResultChanges = {};
        for (const f of surveyResultFields) if ((values[f] ?? "") !== saved[f]) changes[f] = values[f] ?? "";
        if (Object.keys(changes).length === 0) return onDone();
        const ok = await write(
          [
            {
              target: { kind: "survey", id: surveyId },
              label: `Esito — ${subject}`,
              version: base,
              payload: { kind: "results", changes },
            },
          ],
          "Esito salvato",
        );
        if (ok) onDone();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {surveyResultFields.map((f) => (
          <TextareaField<Values>
            key={f}
            name={f}
            label={surveyResultLabels[f]}
            rows={3}
            textareaClassName="text-base"
          />
        ))}
      </div>
      <FormActions>
        <CancelButton className={TOUCH} onClick={onDone} />
        <SubmitButton className={TOUCH} label="Salva esito" />
      </FormActions>
    </Form>
  );
}
