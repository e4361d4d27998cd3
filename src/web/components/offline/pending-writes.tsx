import { AlertTriangle, CloudOff, RefreshCw, Send } from "lucide-react";
import { useState } from "react";
import { formatDateTime } from "@domain/format";
import { surveyResultLabels, type SurveyResultField } from "@domain/surveys";
import { surveyStatuses } from "@domain/statuses";
import { Badge, type BadgeVariant } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@web/components/ui/dialog";
import { useOfflineQueue } from "@web/lib/offline/offline-queue";
import { queueStateLabels, type QueuedWrite, type QueueState } from "@web/lib/offline/queue";
import { useOnline } from "@web/lib/offline/use-online";

const stateVariant: Record<QueueState, BadgeVariant> = {
  in_attesa: "warning",
  invio: "info",
  inviata: "success",
  conflitto: "destructive",
  errore: "destructive",
};

export const pendingText = (n: number) => (n === 1 ? "1 modifica da inviare" : `${n} modifiche da inviare`);

type Row = { what: string; mine: string; theirs: string };
const show = (v: unknown) => (v === null || v === undefined || v === "" ? "—" : String(v));

/** The technician's version beside the server's, for the fields his write touches. */
export function conflictRows(item: QueuedWrite): Row[] {
  const theirs = (item.theirs ?? {}) as Record<string, unknown>;
  const p = item.payload;
  switch (p.kind) {
    case "results":
      return (Object.keys(p.changes) as SurveyResultField[]).map((f) => ({
        what: surveyResultLabels[f],
        mine: show(p.changes[f]),
        theirs: show(theirs[f]),
      }));
    case "progress":
      return [{ what: "Avanzamento", mine: `${p.progress}%`, theirs: `${show(theirs.progress)}%` }];
    case "complete":
      return [
        {
          what: "Stato",
          mine: "Completato",
          theirs: typeof theirs.status === "string" ? surveyStatuses.label(theirs.status as never) : "—",
        },
      ];
    default:
      return [];
  }
}

function ConflictDialog({ item, onClose }: { item: QueuedWrite | null; onClose: () => void }) {
  const queue = useOfflineQueue();
  const [busy, setBusy] = useState(false);
  const theirs = (item?.theirs ?? {}) as { updatedAt?: string };
  async function choose(fn: (i: QueuedWrite) => Promise<void>) {
    if (!item) return;
    setBusy(true);
    await fn(item);
    setBusy(false);
    onClose();
  }
  return (
    <Dialog open={item !== null} onOpenChange={(o) => (o ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Conflitto con l&apos;ufficio</DialogTitle>
          <DialogDescription>
            {item?.label}: mentre eri senza rete l&apos;ufficio ha modificato lo stesso dato
            {theirs.updatedAt ? ` (${formatDateTime(theirs.updatedAt)})` : ""}. Scegli quale versione tenere:
            l&apos;altra non sarà salvata.
          </DialogDescription>
        </DialogHeader>
        {item ? (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Le due versioni a confronto</caption>
              <thead>
                <tr className="text-left">
                  <th scope="col" className="py-1 pr-2">
                    Campo
                  </th>
                  <th scope="col" className="py-1 pr-2">
                    La tua versione
                  </th>
                  <th scope="col" className="py-1">
                    Versione dell&apos;ufficio
                  </th>
                </tr>
              </thead>
              <tbody>
                {conflictRows(item).map((r) => (
                  <tr key={r.what} className="border-t border-border align-top">
                    <th scope="row" className="py-2 pr-2 text-left font-medium">
                      {r.what}
                    </th>
                    <td className="py-2 pr-2 whitespace-pre-line wrap-anywhere">{r.mine}</td>
                    <td className="py-2 whitespace-pre-line wrap-anywhere">{r.theirs}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        <DialogFooter>
          <Button variant="outline" className="min-h-11" disabled={busy} onClick={() => void choose(queue.keepTheirs)}>
            Tieni quella dell&apos;ufficio
          </Button>
          <Button className="min-h-11" disabled={busy} onClick={() => void choose(queue.keepMine)}>
            Tieni la mia
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * "N modifiche da inviare" (docs/domain/sites.md): what waits on the phone, each item with its state, and
 * the choice when the office changed the same record meanwhile. Shown only while there is something.
 */
export function PendingWrites() {
  const queue = useOfflineQueue();
  const online = useOnline();
  const [open, setOpen] = useState(false);
  const [comparing, setComparing] = useState<QueuedWrite | null>(null);
  if (queue.items.length === 0) return null;
  const attention = queue.items.some((i) => i.state === "conflitto" || i.state === "errore");
  const expanded = open || attention;
  return (
    <section
      aria-labelledby="pending-writes-title"
      className="mb-4 grid gap-2 rounded-lg border border-border bg-card p-3"
    >
      <div className="flex flex-wrap items-center gap-2">
        {online ? null : (
          <Badge variant="warning">
            <CloudOff aria-hidden />
            Senza rete
          </Badge>
        )}
        <h2 id="pending-writes-title" className="min-w-0 flex-1 font-semibold" aria-live="polite">
          {queue.pending === 0 ? "Tutte le modifiche sono state inviate" : pendingText(queue.pending)}
        </h2>
        {queue.pending > 0 ? (
          <Button variant="outline" className="min-h-11" onClick={() => void queue.sendNow()}>
            <Send aria-hidden />
            Invia ora
          </Button>
        ) : null}
        {attention ? null : (
          <Button
            variant="ghost"
            className="min-h-11"
            aria-expanded={expanded}
            aria-controls="pending-writes-list"
            onClick={() => setOpen((o) => !o)}
          >
            {expanded ? "Nascondi" : "Dettagli"}
          </Button>
        )}
      </div>
      {expanded ? (
        <ul id="pending-writes-list" aria-label="Modifiche sul telefono" className="grid divide-y divide-border">
          {queue.items.map((i) => (
            <li key={i.id} className="grid gap-1 py-2">
              <div className="flex flex-wrap items-center gap-2">
                <span className="min-w-0 flex-1 wrap-anywhere">{i.label}</span>
                <Badge variant={stateVariant[i.state]}>{queueStateLabels[i.state]}</Badge>
              </div>
              <span className="text-xs text-muted-foreground">Fatta il {formatDateTime(i.createdAt)}</span>
              {i.state === "conflitto" ? (
                <div className="flex flex-wrap items-center gap-2">
                  <AlertTriangle aria-hidden className="size-4 text-destructive" />
                  <span className="text-sm">L&apos;ufficio ha modificato lo stesso dato.</span>
                  <Button
                    size="sm"
                    className="min-h-11"
                    onClick={() => setComparing(i)}
                    aria-label={`Confronta le versioni: ${i.label}`}
                  >
                    Confronta e scegli
                  </Button>
                </div>
              ) : null}
              {i.state === "errore" ? (
                <div className="flex flex-wrap items-center gap-2">
                  <span role="alert" className="text-sm text-destructive">
                    {i.error}
                  </span>
                  <Button
                    size="sm"
                    variant="outline"
                    className="min-h-11"
                    onClick={() => void queue.retry(i)}
                    aria-label={`Riprova: ${i.label}`}
                  >
                    <RefreshCw aria-hidden />
                    Riprova
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="min-h-11"
                    onClick={() => void queue.keepTheirs(i)}
                    aria-label={`Scarta: ${i.label}`}
                  >
                    Scarta
                  </Button>
                </div>
              ) : i.error && i.state === "in_attesa" ? (
                <span className="text-sm text-muted-foreground">{i.error}</span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <ConflictDialog item={comparing} onClose={() => setComparing(null)} />
    </section>
  );
}
