import { Camera, CheckCircle2, Minus, NotebookPen, Plus } from "lucide-react";
import { useId, useRef, useState, type FormEvent } from "react";
import { Button, buttonVariants } from "@web/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@web/components/ui/dialog";
import { Label } from "@web/components/ui/label";
import { Textarea } from "@web/components/ui/textarea";
import { noteAppendSchema } from "@domain/team";
import { toastError } from "@web/components/ui/toast";
import { cn } from "@web/lib/cn";
import { useFieldWrite } from "@web/lib/offline/field-write";
import { usePendingFor } from "@web/lib/offline/offline-queue";
import { resizePhoto } from "@web/lib/offline/resize-photo";
import type { FieldTarget } from "@web/lib/team";

/** Every control of the phone screen is at least 44 px high: a thumb on a roof, maybe with gloves. */
export const TOUCH = "min-h-11 text-base";

/**
 * "Foto": the phone's camera (capture="environment") or its gallery. The input itself is the
 * control (visually hidden, still focusable); its label is the big visible button.
 */
export function PhotoButton({ target, subject }: { target: FieldTarget; subject: string }) {
  const write = useFieldWrite();
  const [busy, setBusy] = useState(false);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  async function send(files: FileList | null) {
    if (!files?.length) return;
    setBusy(true);
    try {
      // Resized on the phone first: the queue keeps a sane JPEG, not the camera's 5 MB.
      const photos = await Promise.all([...files].map(resizePhoto));
      await write(
        photos.map((payload) => ({
          target,
          label: `Foto ${payload.fileName} — ${subject}`,
          version: null,
          payload: { kind: "photo", ...payload },
        })),
        photos.length === 1 ? "Foto caricata" : `${photos.length} foto caricate`,
      );
    } catch {
      toastError("Caricamento della foto non riuscito. Riprova.");
    } finally {
      setBusy(false);
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
        busy && "opacity-60",
      )}
    >
      <Camera aria-hidden />
      {busy ? "Invio..." : "Foto"}
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        aria-label={`Foto per ${subject}`}
        disabled={busy}
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
  const [busy, setBusy] = useState(false);
  const write = useFieldWrite();
  const fieldId = useId();
  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = noteAppendSchema.safeParse({ text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Nota: campo obbligatorio");
      return;
    }
    setBusy(true);
    // Notes are appends: they never conflict, so they carry no version.
    const ok = await write(
      [{ target, label: `Nota — ${subject}`, version: null, payload: { kind: "note", text: parsed.data.text } }],
      "Nota aggiunta",
    );
    setBusy(false);
    if (!ok) return;
    setText("");
    setError(null);
    setOpen(false);
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
            <Button type="submit" className={TOUCH} disabled={busy}>
              {busy ? "Salvataggio..." : "Aggiungi nota"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** "Completato" for a scheduled survey, sent with the version the card was read at. */
export function CompleteButton({ id, version, subject }: { id: string; version: number; subject: string }) {
  const write = useFieldWrite();
  const [busy, setBusy] = useState(false);
  const queued = usePendingFor("survey", id).some((i) => i.payload.kind === "complete");
  async function run() {
    setBusy(true);
    await write(
      [{ target: { kind: "survey", id }, label: `Completato — ${subject}`, version, payload: { kind: "complete" } }],
      "Sopralluogo completato",
    );
    setBusy(false);
  }
  if (queued) {
    return (
      <p className="flex min-h-11 items-center justify-center gap-2 rounded-md border border-dashed border-border text-sm font-medium">
        <CheckCircle2 aria-hidden className="size-4" />
        Completato, in attesa di invio
      </p>
    );
  }
  return (
    <Button
      className={TOUCH}
      onClick={() => void run()}
      disabled={busy}
      aria-label={`Segna come completato: ${subject}`}
    >
      <CheckCircle2 aria-hidden />
      Completato
    </Button>
  );
}

const STEP = 5;

/** "Avanzamento": a stepper of 5 % with a slider, saved with the version the card was read at. */
export function ProgressStepper({
  id,
  progress,
  version,
  subject,
}: {
  id: string;
  progress: number;
  version: number;
  subject: string;
}) {
  const write = useFieldWrite();
  const [busy, setBusy] = useState(false);
  const queued = usePendingFor("site", id).filter((i) => i.payload.kind === "progress");
  const last = queued.at(-1)?.payload;
  // A value saved on the phone and not yet sent counts as saved: no second "Salva" for it.
  const saved = last?.kind === "progress" ? last.progress : progress;
  const [draft, setDraft] = useState(saved);
  const [seen, setSeen] = useState({ progress: saved, version });
  const sliderId = useId();
  // A fresh answer from the server (after a save or a reload) replaces the draft.
  if (seen.progress !== saved || seen.version !== version) {
    setSeen({ progress: saved, version });
    setDraft(saved);
  }
  const clamp = (v: number) => Math.min(100, Math.max(0, v));
  async function run() {
    setBusy(true);
    await write(
      [
        {
          target: { kind: "site", id },
          label: `Avanzamento ${draft}% — ${subject}`,
          version,
          payload: { kind: "progress", progress: draft },
        },
      ],
      `Avanzamento salvato: ${draft}%`,
    );
    setBusy(false);
  }
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 flex w-full justify-between text-sm font-medium">
        <span>Avanzamento</span>
      </legend>
      <div className="flex items-center gap-2">
        <Button
          variant="outline"
          size="icon"
          className="size-11"
          onClick={() => setDraft((v) => clamp(v - STEP))}
          disabled={draft <= 0}
          aria-label={`Diminuisci avanzamento di ${STEP}%`}
        >
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
        <Button
          variant="outline"
          size="icon"
          className="size-11"
          onClick={() => setDraft((v) => clamp(v + STEP))}
          disabled={draft >= 100}
          aria-label={`Aumenta avanzamento di ${STEP}%`}
        >
          <Plus aria-hidden />
        </Button>
        <output htmlFor={sliderId} className="w-12 text-right text-lg font-semibold tabular-nums" aria-live="polite">
          {draft}%
        </output>
      </div>
      {queued.length > 0 && draft === saved ? (
        <p className="text-sm text-muted-foreground">Avanzamento {saved}% in attesa di invio</p>
      ) : null}
      {draft !== saved ? (
        <Button className={TOUCH} onClick={() => void run()} disabled={busy}>
          {busy ? "Salvataggio..." : `Salva avanzamento (${draft}%)`}
        </Button>
      ) : null}
    </fieldset>
  );
}
