import { useId, useState } from "react";
import { ATTACHMENT_ACCEPT } from "@domain/attachments";
import {
  complianceDocumentInputSchema,
  complianceKinds,
  supplierKinds,
  type ComplianceDocument,
  type ComplianceDocumentInput,
  type ComplianceKind,
} from "@domain/compliance";
import {
  CancelButton,
  Form,
  FormActions,
  FormSection,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
} from "@web/components/form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Label } from "@web/components/ui/label";
import { toastError, toastSuccess } from "@web/components/ui/toast";
import { isApiError } from "@web/lib/api";
import { useDocumentMutations } from "./api";

export type DocumentDialogTarget =
  { mode: "new"; kind?: ComplianceKind; supplierId?: string | null } | { mode: "edit"; document: ComplianceDocument };

/**
 * Adds or edits a safety paper of a site or of a supplier, with its PDF or photo. In `photo`
 * mode (the technician on site) the phone's camera opens and the photo is required.
 */
export function DocumentFormDialog({
  target,
  onClose,
  owner,
  firms = [],
  photo = false,
}: {
  target: DocumentDialogTarget | null;
  onClose: () => void;
  owner: { siteId: string } | { supplierId: string };
  /** The site's subcontractors, whose DURC and idoneità the site may hold. */
  firms?: { id: string; name: string }[];
  photo?: boolean;
}) {
  const { create, update } = useDocumentMutations();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const fileId = useId();
  const forSupplier = "supplierId" in owner;
  const editing = target?.mode === "edit" ? target.document : null;
  const kinds = forSupplier
    ? complianceKinds.options.filter((o) => (supplierKinds as readonly string[]).includes(o.value))
    : complianceKinds.options;
  const initialKind =
    editing?.kind ??
    (target?.mode === "new" ? target.kind : undefined) ??
    (forSupplier ? "durc" : photo ? "altro" : "pos");
  const initialSupplier = editing?.supplierId ?? (target?.mode === "new" ? target.supplierId : null) ?? "";
  const defaults: ComplianceDocumentInput = {
    kind: initialKind,
    title: editing?.title ?? complianceKinds.label(initialKind),
    issuedAt: editing?.issuedAt ?? "",
    expiresAt: editing?.expiresAt ?? "",
    supplierId: forSupplier ? null : initialSupplier,
    notes: editing?.notes ?? "",
  };

  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) {
          setFile(null);
          setFileError(null);
          onClose();
        }
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {editing ? "Modifica documento" : photo ? "Fotografa documento firmato" : "Nuovo documento"}
          </DialogTitle>
          <DialogDescription>
            {photo
              ? "Scatta una foto del foglio firmato: diventa un documento del cantiere."
              : "Un DURC senza scadenza vale 120 giorni dalla data di rilascio."}
          </DialogDescription>
        </DialogHeader>
        {target ? (
          <Form
            schema={complianceDocumentInputSchema}
            defaultValues={defaults}
            aria-label={editing ? "Modifica documento" : "Nuovo documento"}
            onSubmit={async (values) => {
              if (photo && !file) {
                setFileError("Foto: scatta o scegli una foto del documento");
                return;
              }
              try {
                if (editing) await update.mutateAsync({ id: editing.id, version: editing.version, values, file });
                else await create.mutateAsync({ owner, values, file });
              } catch (e) {
                if (isApiError(e) && e.body?.errors) throw e;
                toastError(isApiError(e) ? e.message : "Errore nel salvataggio del documento");
                return;
              }
              toastSuccess(editing ? "Documento aggiornato" : "Documento aggiunto");
              setFile(null);
              onClose();
            }}
          >
            <FormSection title="Documento">
              <SelectField name="kind" label="Tipo di documento" options={kinds} required />
              <TextField name="title" label="Titolo" required />
              {!forSupplier && firms.length > 0 ? (
                <SelectField
                  name="supplierId"
                  label="Impresa"
                  placeholder="La nostra impresa"
                  options={firms.map((f) => ({ value: f.id, label: f.name }))}
                />
              ) : null}
              <TextField name="issuedAt" label="Data di rilascio" type="date" />
              <TextField name="expiresAt" label="Scadenza" type="date" />
            </FormSection>
            <div className="space-y-1.5">
              <Label htmlFor={fileId} required={photo}>
                {photo
                  ? "Foto del documento"
                  : editing?.file
                    ? `File (sostituisce ${editing.file.name})`
                    : "File (PDF o foto)"}
              </Label>
              <input
                id={fileId}
                type="file"
                accept={photo ? "image/*" : ATTACHMENT_ACCEPT}
                {...(photo ? { capture: "environment" as const } : {})}
                aria-describedby={fileError ? `${fileId}-error` : undefined}
                aria-invalid={fileError ? true : undefined}
                className="block w-full text-sm file:mr-3 file:min-h-10 file:rounded-md file:border file:border-input file:bg-card file:px-3 file:text-sm"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setFileError(null);
                }}
              />
              {fileError ? (
                <p id={`${fileId}-error`} role="alert" className="text-sm text-destructive">
                  {fileError}
                </p>
              ) : null}
            </div>
            <TextareaField name="notes" label="Note" rows={2} />
            <FormActions>
              <CancelButton onClick={onClose} />
              <SubmitButton label={editing ? "Salva" : "Aggiungi documento"} />
            </FormActions>
          </Form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
