import { Camera, CheckCircle2, Minus, NotebookPen, Plus } from "lucide-react";
import { useId, useRef, useState, type FormEvent } from "react";
import { Button, buttonVariants } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Label } from "@web/components/ui/label";
import { Textarea } from "@web/components/ui/textarea";
import { toastError, toastSuccess } from "@web/components/ui/toast";
import { isApiError } from "@web/lib/api";
import { cn } from "@web/lib/cn";
import { useFieldActions, usePhotoUpload, type FieldTarget } from "../api/team";

/** Every control of the phone screen is at least 44 px high: a thumb on a roof, maybe with gloves. */
export const TOUCH = "min-h-11 text-base";

const message = (e: unknown, fallback: string) => (isApiError(e) && e.status < 500 ? e.message : fallback);

/**
 * "Foto": the phone's camera (capture="environment") or its gallery. The input itself is the
 * control (visually hidden, still focusable); its label is the big visible button.
 */
export function PhotoButton({ target, subject }: { target: FieldTarget; subject: string }) {
  const upload = usePhotoUpload(target);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  async function send(files: FileList | null) {
    if (!files?.length) return;
    try {
      const saved = await upload.mutateAsync([...files]);
      toastSuccess(saved.length === 1 ? "Foto caricata" : `${saved.length} foto caricate`);
    } catch (e) {
      toastError(message(e, "Caricamento della foto non riuscito. Riprova."));
    } finally {
      if (input.current) input.current.value = "";
    }
  }
  return (
    <label
      htmlFor={id}
      className={cn(
        buttonVariants({ variant: "outline" }),
        TOUCH,
        "relative cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring",
        upload.isPending && "opacity-60",
      )}
    >
      <Camera aria-hidden />
      {upload.isPending ? "Invio..." : "Foto"}
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        aria-label={`Foto per ${subject}`}
        disabled={upload.isPending}
        className="sr-only"
        onChange={(e) => void send(e.target.files)}
      />
    </label>
  );
}

/** "Nota": a dialog that appends a dated, signed line to the notes (never rewrites them). */
export function NoteButton({ target, subject }: { target: FieldTarget; subject: string }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { note } = useFieldActions();
  const fieldId = useId();
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!text.trim()) {
      setError("Nota: campo obbligatorio");
      return;
    }
    try {
      await note.mutateAsync({ target, text });
      toastSuccess("Nota aggiunta");
      setText("");
      setError(null);
      setOpen(false);
    } catch (err) {
      setError(message(err, "Salvataggio della nota non riuscito. Riprova."));
    }
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" className={TOUCH} onClick={() => setOpen(true)} aria-label={`Nota per ${subject}`}>
        <NotebookPen aria-hidden />
        Nota
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Nuova nota</DialogTitle>
          <DialogDescription>{subject}: la nota si aggiunge in fondo, con data, ora e il tuo nome.</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} className="grid gap-3" noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor={fieldId}>Nota</Label>
            <Textarea
              id={fieldId}
              rows={4}
              maxLength={2000}
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${fieldId}-error` : undefined}
              className="text-base"
            />
            {error ? (
              <p id={`${fieldId}-error`} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button variant="outline" className={TOUCH} onClick={() => setOpen(false)}>
              Annulla
            </Button>
            <Button type="submit" className={TOUCH} disabled={note.isPending}>
              {note.isPending ? "Salvataggio..." : "Aggiungi nota"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** "Completato" for a scheduled survey; a stale card answers 409 and the day reloads. */
export function CompleteButton({ id, version, subject }: { id: string; version: number; subject: string }) {
  const { complete } = useFieldActions();
  async function run() {
    try {
      await complete.mutateAsync({ id, version });
      toastSuccess("Sopralluogo completato");
    } catch (e) {
      toastError(message(e, "Aggiornamento non riuscito. Riprova."));
    }
  }
  return (
    <Button className={TOUCH} onClick={() => void run()} disabled={complete.isPending} aria-label={`Segna come completato: ${subject}`}>
      <CheckCircle2 aria-hidden />
      Completato
    </Button>
  );
}

const STEP = 5;

/** "Avanzamento": a stepper of 5 % with a slider, saved with the version the card was read at. */
export function ProgressStepper({ id, progress, version, subject }: { id: string; progress: number; version: number; subject: string }) {
  const [draft, setDraft] = useState(progress);
  const [seen, setSeen] = useState({ progress, version });
  const { progress: save } = useFieldActions();
  const sliderId = useId();
  // A fresh answer from the server (after a save or a reload) replaces the draft.
  if (seen.progress !== progress || seen.version !== version) {
    setSeen({ progress, version });
    setDraft(progress);
  }
  const clamp = (v: number) => Math.min(100, Math.max(0, v));
  async function run() {
    try {
      await save.mutateAsync({ id, progress: draft, version });
      toastSuccess(`Avanzamento salvato: ${draft}%`);
    } catch (e) {
      toastError(message(e, "Salvataggio dell'avanzamento non riuscito. Riprova."));
    }
  }
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 flex w-full justify-between text-sm font-medium">
        <span>Avanzamento</span>
      </legend>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="icon" className="size-11" onClick={() => setDraft((v) => clamp(v - STEP))} disabled={draft <= 0} aria-label={`Diminuisci avanzamento di ${STEP}%`}>
          <Minus aria-hidden />
        </Button>
        <label htmlFor={sliderId} className="sr-only">
          Avanzamento di {subject} (%)
        </label>
        <input
          id={sliderId}
          type="range"
          min={0}
          max={100}
          step={STEP}
          value={draft}
          onChange={(e) => setDraft(Number(e.target.value))}
          className="h-11 min-w-0 flex-1 accent-primary"
        />
        <Button variant="outline" size="icon" className="size-11" onClick={() => setDraft((v) => clamp(v + STEP))} disabled={draft >= 100} aria-label={`Aumenta avanzamento di ${STEP}%`}>
          <Plus aria-hidden />
        </Button>
        <output htmlFor={sliderId} className="w-12 text-right text-lg font-semibold tabular-nums" aria-live="polite">
          {draft}%
        </output>
      </div>
      {draft !== progress ? (
        <Button className={TOUCH} onClick={() => void run()} disabled={save.isPending}>
          {save.isPending ? "Salvataggio..." : `Salva avanzamento (${draft}%)`}
        </Button>
      ) : null}
    </fieldset>
  );
}
