import { Camera, FileText, Pencil, Plus, ShieldAlert, ShieldCheck, Trash2, Upload } from "lucide-react";
import { useState } from "react";
import {
  complianceKinds,
  requirementLabel,
  type ComplianceDocument,
  type ComplianceRequirement,
} from "@domain/compliance";
import { formatDate } from "@domain/format";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { Skeleton } from "@web/components/ui/skeleton";
import { toastError, toastSuccess } from "@web/components/ui/toast";
import { isApiError } from "@web/lib/api";
import { documentFileUrl, useDocumentMutations, useSiteCompliance } from "./api";
import { DocumentFormDialog, type DocumentDialogTarget } from "./document-form-dialog";
import { ComplianceStateBadge } from "./state-badge";

function validity(r: { validUntil: string | null; state: string }) {
  if (r.state === "mancante") return "Da caricare";
  if (!r.validUntil) return "Senza scadenza";
  return r.state === "scaduto" ? `Scaduto il ${formatDate(r.validUntil)}` : `Scade il ${formatDate(r.validUntil)}`;
}

/**
 * "Sicurezza e permessi" on the site page (docs/domain/sites.md): what the site requires, each with its
 * state and the way to upload it, and every paper on file. The office writes; a technician reads
 * and may photograph a signed paper.
 */
export function SiteSafetyCard({
  siteId,
  canWrite,
  canPhotograph,
}: {
  siteId: string;
  canWrite: boolean;
  canPhotograph: boolean;
}) {
  const { data, isPending, isError } = useSiteCompliance(siteId);
  const [target, setTarget] = useState<DocumentDialogTarget | null>(null);
  const [photo, setPhoto] = useState(false);
  const [deleting, setDeleting] = useState<ComplianceDocument | null>(null);
  const { remove } = useDocumentMutations();
  const open = (next: DocumentDialogTarget, asPhoto = false) => {
    setPhoto(asPhoto);
    setTarget(next);
  };
  const documentOf = (r: ComplianceRequirement) => data?.documents.find((d) => d.id === r.documentId) ?? null;
  const toFix = data?.requirements.filter((r) => r.state === "mancante" || r.state === "scaduto").length ?? 0;

  return (
    <Card aria-labelledby="safety-title">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle id="safety-title">Sicurezza e permessi</CardTitle>
        <div className="flex flex-wrap gap-2">
          {canWrite ? (
            <Button size="sm" variant="outline" onClick={() => open({ mode: "new" })}>
              <Plus aria-hidden /> Aggiungi documento
            </Button>
          ) : null}
          {canPhotograph ? (
            <Button size="sm" variant="outline" onClick={() => open({ mode: "new", kind: "altro" }, true)}>
              <Camera aria-hidden /> Fotografa documento firmato
            </Button>
          ) : null}
        </div>
      </CardHeader>
      <CardContent className="space-y-5">
        {isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : isError || !data ? (
          <p role="alert" className="text-destructive">
            Impossibile caricare i documenti di sicurezza.
          </p>
        ) : (
          <>
            {toFix === 0 ? (
              <p
                className="flex items-center gap-2 rounded-md bg-success-soft p-3 text-success-soft-foreground"
                data-testid="safety-status"
              >
                <ShieldCheck aria-hidden className="size-5 shrink-0" /> Documenti in regola: il cantiere può essere
                avviato
              </p>
            ) : (
              <p
                className="flex items-center gap-2 rounded-md bg-destructive-soft p-3 text-destructive-soft-foreground"
                data-testid="safety-status"
              >
                <ShieldAlert aria-hidden className="size-5 shrink-0" />
                {toFix === 1 ? "1 documento mancante o scaduto" : `${toFix} documenti mancanti o scaduti`}
              </p>
            )}
            <section aria-labelledby="safety-required">
              <h3 id="safety-required" className="mb-2 text-sm font-semibold">
                Documenti richiesti
              </h3>
              <ul className="divide-y rounded-md border">
                {data.requirements.map((r) => {
                  const label = requirementLabel(r);
                  const doc = documentOf(r);
                  return (
                    <li
                      key={`${r.kind}-${r.supplierId ?? ""}`}
                      className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3"
                    >
                      <span className="min-w-0 flex-1 font-medium wrap-anywhere">{label}</span>
                      <ComplianceStateBadge state={r.state} />
                      <span className="w-full text-sm text-muted-foreground sm:w-auto">{validity(r)}</span>
                      {doc?.file ? (
                        <a
                          className="text-sm text-primary underline"
                          href={documentFileUrl(doc.id)}
                          target="_blank"
                          rel="noreferrer"
                        >
                          Apri file<span className="sr-only"> di {label}</span>
                        </a>
                      ) : null}
                      {canWrite && r.state !== "valido" ? (
                        <Button
                          size="sm"
                          variant={r.state === "in_scadenza" ? "outline" : "default"}
                          onClick={() => open({ mode: "new", kind: r.kind, supplierId: r.supplierId })}
                        >
                          <Upload aria-hidden /> {r.state === "mancante" ? "Carica" : "Rinnova"}
                          <span className="sr-only"> {label}</span>
                        </Button>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            </section>
            <section aria-labelledby="safety-files">
              <h3 id="safety-files" className="mb-2 text-sm font-semibold">
                Documenti in archivio
              </h3>
              {data.documents.length === 0 ? (
                <p className="text-sm text-muted-foreground">Nessun documento caricato.</p>
              ) : (
                <ul className="divide-y rounded-md border">
                  {data.documents.map((d) => (
                    <li key={d.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3">
                      <span className="min-w-0 flex-1">
                        <span className="block font-medium wrap-anywhere">{d.title}</span>
                        <span className="block text-sm text-muted-foreground">
                          {complianceKinds.label(d.kind)}
                          {d.supplierName ? ` · ${d.supplierName}` : ""}
                          {d.constructionSiteId ? "" : " · documento del fornitore"}
                          {" · "}
                          {validity(d)}
                        </span>
                      </span>
                      <ComplianceStateBadge state={d.state} />
                      {d.file ? (
                        <a
                          className="inline-flex items-center gap-1 text-sm text-primary underline"
                          href={documentFileUrl(d.id)}
                          target="_blank"
                          rel="noreferrer"
                        >
                          <FileText aria-hidden className="size-4" /> {d.file.name}
                        </a>
                      ) : null}
                      {canWrite && d.constructionSiteId ? (
                        <span className="flex gap-1">
                          <Button
                            size="icon"
                            variant="ghost"
                            aria-label={`Modifica ${d.title}`}
                            onClick={() => open({ mode: "edit", document: d })}
                          >
                            <Pencil aria-hidden />
                          </Button>
                          <Button
                            size="icon"
                            variant="ghost"
                            aria-label={`Elimina ${d.title}`}
                            onClick={() => setDeleting(d)}
                          >
                            <Trash2 aria-hidden />
                          </Button>
                        </span>
                      ) : null}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </CardContent>
      <DocumentFormDialog
        target={target}
        onClose={() => setTarget(null)}
        owner={{ siteId }}
        firms={data?.firms ?? []}
        photo={photo}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => (o ? undefined : setDeleting(null))}
        title="Elimina documento"
        description={`Eliminare "${deleting?.title ?? ""}" e il suo file?`}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            toastSuccess("Documento eliminato");
          } catch (e) {
            toastError(isApiError(e) ? e.message : "Errore nell'eliminazione del documento");
          }
          setDeleting(null);
        }}
      />
    </Card>
  );
}
