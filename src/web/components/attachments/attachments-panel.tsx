import { Camera, Download, FileText, ImageIcon, Paperclip, Trash2, Upload } from "lucide-react";
import { useId, useRef, useState, type ChangeEvent } from "react";
import {
  ATTACHMENT_ACCEPT,
  attachmentSizeError,
  attachmentTypeError,
  formatFileSize,
  isPreviewableImage,
  MAX_ATTACHMENT_BYTES,
  MAX_FILES_PER_UPLOAD,
  mayDeleteAttachment,
  type Attachment,
  type AttachmentEntityType,
} from "@domain/attachments";
import { formatDate } from "@domain/format";
import { Button, buttonVariants } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { Skeleton } from "@web/components/ui/skeleton";
import { toastError, toastSuccess } from "@web/components/ui/toast";
import { useMe } from "@web/lib/session";
import { useCan } from "@web/lib/use-can";
import { isApiError } from "@web/lib/api";
import { cn } from "@web/lib/cn";
import { fileUrl, useAttachmentMutations, useAttachments } from "./api";

const ACCEPTED = /^(image\/|application\/pdf$)/;

/** The browser's first check, so a wrong file is refused at once; the server checks the bytes. */
function precheck(files: File[]): string | null {
  if (files.length > MAX_FILES_PER_UPLOAD) return `Puoi caricare al massimo ${MAX_FILES_PER_UPLOAD} file alla volta`;
  for (const file of files) {
    if (file.size > MAX_ATTACHMENT_BYTES) return attachmentSizeError(file.name);
    if (file.type && !ACCEPTED.test(file.type)) return attachmentTypeError(file.name);
  }
  return null;
}

export interface AttachmentsPanelProps {
  entityType: AttachmentEntityType;
  entityId: string;
  title?: string;
  /** Sites: lets the admin choose which photos the client sees in the portal. */
  shareable?: boolean;
  /** Portal and other read-only views: no upload, no delete. */
  readOnly?: boolean;
  className?: string;
}

/** Photos and documents of a survey or a site: upload (camera friendly), thumbnails, download, delete. */
export function AttachmentsPanel({
  entityType,
  entityId,
  title = "Foto e documenti",
  shareable = false,
  readOnly = false,
  className,
}: AttachmentsPanelProps) {
  const { data, isPending, isError } = useAttachments(entityType, entityId);
  // Sharing with the client's portal is the office's decision; a technician uploads and removes.
  const mayShare = useCan()("attachments.share");
  // A technician deletes only what he uploaded; the office any file (issue 26, as the server).
  const { data: me } = useMe();
  const { upload, remove, share } = useAttachmentMutations(entityType, entityId);
  const [deleting, setDeleting] = useState<Attachment | null>(null);
  const filesRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const hintId = useId();

  async function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = "";
    if (files.length === 0) return;
    const problem = precheck(files);
    if (problem) {
      toastError(problem);
      return;
    }
    try {
      const added = await upload.mutateAsync(files);
      toastSuccess(added.length === 1 ? "File caricato con successo" : `${added.length} file caricati con successo`);
    } catch (e) {
      toastError(isApiError(e) ? e.message : "Errore nel caricamento dei file");
    }
  }

  return (
    <Card className={className}>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id={headingId} className="flex items-center gap-2">
          <Paperclip aria-hidden className="size-4" />
          {title}
          {data ? <span className="text-sm font-normal text-muted-foreground">({data.length})</span> : null}
        </CardTitle>
        {readOnly ? null : (
          <div className="flex flex-wrap gap-2">
            <input
              ref={filesRef}
              type="file"
              multiple
              accept={ATTACHMENT_ACCEPT}
              className="sr-only"
              tabIndex={-1}
              aria-hidden
              onChange={(e) => void onFiles(e)}
              data-testid="attachments-input"
            />
            <input
              ref={cameraRef}
              type="file"
              accept="image/*"
              capture="environment"
              className="sr-only"
              tabIndex={-1}
              aria-hidden
              onChange={(e) => void onFiles(e)}
            />
            <Button
              variant="outline"
              size="sm"
              className="sm:hidden"
              disabled={upload.isPending}
              onClick={() => cameraRef.current?.click()}
            >
              <Camera aria-hidden />
              Scatta foto
            </Button>
            <Button
              size="sm"
              disabled={upload.isPending}
              aria-describedby={hintId}
              onClick={() => filesRef.current?.click()}
            >
              <Upload aria-hidden />
              {upload.isPending ? "Caricamento in corso..." : "Carica file"}
            </Button>
          </div>
        )}
      </CardHeader>
      <CardContent>
        {readOnly ? null : (
          <p id={hintId} className="mb-3 text-xs text-muted-foreground">
            Immagini (JPEG, PNG, WEBP, HEIC) e PDF, massimo 15 MB ciascuno; puoi sceglierne più di uno.
          </p>
        )}
        {isError ? (
          <p role="alert" className="text-sm text-destructive">
            Impossibile caricare gli allegati.
          </p>
        ) : isPending ? (
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-busy="true">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="aspect-square w-full" />
            ))}
          </div>
        ) : data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nessun allegato</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-labelledby={headingId}>
            {data.map((a) => (
              <li key={a.id} className="overflow-hidden rounded-md border border-border bg-card">
                <a
                  href={fileUrl(a.id)}
                  target="_blank"
                  rel="noreferrer"
                  className="block aspect-square bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                  aria-label={`Apri ${a.fileName}`}
                >
                  {isPreviewableImage(a.mimeType) ? (
                    <img
                      src={fileUrl(a.id, { thumb: true })}
                      alt=""
                      loading="lazy"
                      className="size-full object-cover"
                    />
                  ) : (
                    <span className="flex size-full flex-col items-center justify-center gap-1 text-muted-foreground">
                      {a.mimeType === "application/pdf" ? (
                        <FileText aria-hidden className="size-10" />
                      ) : (
                        <ImageIcon aria-hidden className="size-10" />
                      )}
                      <span className="text-xs uppercase">{a.mimeType === "application/pdf" ? "PDF" : "HEIC"}</span>
                    </span>
                  )}
                </a>
                <div className="grid gap-1 p-2">
                  <p className="truncate text-sm font-medium" title={a.fileName}>
                    {a.fileName}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {formatFileSize(a.size)} · {formatDate(a.createdAt)}
                  </p>
                  {shareable && !readOnly && mayShare ? (
                    <label className="flex items-center gap-2 text-xs">
                      <input
                        type="checkbox"
                        className="size-4 accent-primary"
                        checked={a.sharedWithClient}
                        disabled={share.isPending}
                        onChange={(e) =>
                          share.mutate(
                            { id: a.id, sharedWithClient: e.target.checked },
                            {
                              onError: (err) =>
                                toastError(isApiError(err) ? err.message : "Errore nell'aggiornamento dell'allegato"),
                            },
                          )
                        }
                      />
                      Visibile al cliente
                    </label>
                  ) : null}
                  <div className="flex gap-1">
                    <a
                      href={fileUrl(a.id, { download: true })}
                      download={a.fileName}
                      className={cn(buttonVariants({ variant: "ghost", size: "icon" }), "size-9")}
                      aria-label={`Scarica ${a.fileName}`}
                    >
                      <Download aria-hidden />
                    </a>
                    {readOnly || !mayDeleteAttachment(me, a) ? null : (
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-9"
                        aria-label={`Elimina ${a.fileName}`}
                        onClick={() => setDeleting(a)}
                      >
                        <Trash2 aria-hidden className="text-destructive" />
                      </Button>
                    )}
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Elimina allegato"
        description={`Sei sicuro di voler eliminare questo allegato? ${deleting?.fileName ?? ""}`}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            toastSuccess("Allegato eliminato con successo");
          } catch (e) {
            toastError(isApiError(e) ? e.message : "Errore nell'eliminazione dell'allegato");
          }
        }}
      />
    </Card>
  );
}
