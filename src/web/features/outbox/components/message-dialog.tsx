import { Download, Paperclip } from "lucide-react";
import { formatDateTime } from "@domain/format";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Skeleton } from "@web/components/ui/skeleton";
import { attachmentUrl, useOutboxMessage } from "../api/outbox";
import { OutboxStatusBadge } from "./outbox-status-badge";

/** One message as it was (or would have been) sent: recipient, text and attachments. */
export function MessageDialog({ id, onOpenChange }: { id: string | null; onOpenChange: (open: boolean) => void }) {
  const { data, isPending, isError } = useOutboxMessage(id);
  return (
    <Dialog open={id !== null} onOpenChange={onOpenChange}>
      <DialogContent size="wide">
        <DialogHeader>
          <DialogTitle>{data?.subject ?? "Messaggio"}</DialogTitle>
          <DialogDescription>
            {data ? `A ${data.to} · ${formatDateTime(data.createdAt)}` : "Caricamento del messaggio"}
          </DialogDescription>
        </DialogHeader>
        {isError ? (
          <p role="alert" className="text-destructive">
            Impossibile caricare il messaggio.
          </p>
        ) : isPending || !data ? (
          <Skeleton className="h-40 w-full" />
        ) : (
          <div className="space-y-4">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <OutboxStatusBadge status={data.status} />
              {data.error ? <span className="text-destructive">{data.error}</span> : null}
            </div>
            <pre className="max-h-[50vh] overflow-y-auto rounded-md border border-border bg-muted/40 p-3 font-sans text-sm wrap-anywhere whitespace-pre-wrap">
              {data.text}
            </pre>
            {data.attachments.length ? (
              <div>
                <h3 className="mb-2 flex items-center gap-1.5 text-sm font-semibold">
                  <Paperclip aria-hidden className="size-4" />
                  Allegati
                </h3>
                <ul className="space-y-1">
                  {data.attachments.map((a) => (
                    <li key={a.index}>
                      <a
                        href={attachmentUrl(data.id, a.index)}
                        download={a.fileName}
                        className="inline-flex items-center gap-1.5 text-sm text-primary hover:underline"
                      >
                        <Download aria-hidden className="size-4" />
                        {a.fileName}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
