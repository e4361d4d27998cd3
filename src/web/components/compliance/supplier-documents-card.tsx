import { FileText, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { complianceKinds, type ComplianceDocument } from "@domain/compliance";
import { formatDate } from "@domain/format";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { Skeleton } from "@web/components/ui/skeleton";
import { toastError, toastSuccess } from "@web/components/ui/toast";
import { isApiError } from "@web/lib/api";
import { documentFileUrl, useDocumentMutations, useSupplierDocuments } from "./api";
import { DocumentFormDialog, type DocumentDialogTarget } from "./document-form-dialog";
import { ComplianceStateBadge } from "./state-badge";

/**
 * A supplier's own DURC, idoneità tecnico-professionale and other papers: valid on every site the
 * supplier works on as a subcontractor (docs/domain/sites.md).
 */
export function SupplierDocumentsCard({
  supplierId,
  isSubcontractor,
}: {
  supplierId: string;
  isSubcontractor: boolean;
}) {
  const { data, isPending, isError } = useSupplierDocuments(supplierId);
  const [target, setTarget] = useState<DocumentDialogTarget | null>(null);
  const [deleting, setDeleting] = useState<ComplianceDocument | null>(null);
  const { remove } = useDocumentMutations();
  return (
    <Card aria-labelledby="supplier-docs-title">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle id="supplier-docs-title">DURC e idoneità</CardTitle>
        <Button size="sm" variant="outline" onClick={() => setTarget({ mode: "new", kind: "durc" })}>
          <Plus aria-hidden /> Aggiungi documento
        </Button>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-sm text-muted-foreground">
          {isSubcontractor
            ? "Subappaltatore: questi documenti valgono su ogni cantiere in cui lavora."
            : "Segna il fornitore come subappaltatore perché i suoi documenti siano richiesti nei cantieri."}
        </p>
        {isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : isError || !data ? (
          <p role="alert" className="text-destructive">
            Impossibile caricare i documenti del fornitore.
          </p>
        ) : data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nessun documento caricato.</p>
        ) : (
          <ul className="divide-y rounded-md border">
            {data.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3">
                <span className="min-w-0 flex-1">
                  <span className="block font-medium wrap-anywhere">{d.title}</span>
                  <span className="block text-sm text-muted-foreground">
                    {complianceKinds.label(d.kind)} ·{" "}
                    {d.validUntil ? `scade il ${formatDate(d.validUntil)}` : "senza scadenza"}
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
                <span className="flex gap-1">
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={`Modifica ${d.title}`}
                    onClick={() => setTarget({ mode: "edit", document: d })}
                  >
                    <Pencil aria-hidden />
                  </Button>
                  <Button size="icon" variant="ghost" aria-label={`Elimina ${d.title}`} onClick={() => setDeleting(d)}>
                    <Trash2 aria-hidden />
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <DocumentFormDialog target={target} onClose={() => setTarget(null)} owner={{ supplierId }} />
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
