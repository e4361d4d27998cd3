import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { missingDocuments, StartAnywayDialog } from "@web/components/compliance";
import { useCan } from "@web/lib/use-can";
import { siteProgressSchema, type Site } from "@domain/sites";
import { siteStatuses } from "@domain/statuses";
import {
  CancelButton,
  Form,
  FormActions,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
} from "@web/components/form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { toastError, toastSuccess } from "@web/components/ui/toast";
import { api, isApiError } from "@web/lib/api";
import { siteKeys } from "../api/keys";

type ProgressSite = Pick<Site, "id" | "progress" | "status" | "notes" | "version">;

/**
 * A technician's change to a site (docs/domain/roles.md): progress, state and notes, through
 * PUT /api/construction-sites/:id/progress; the rest of the site stays the office's.
 */
export function SiteProgressDialog({
  open,
  onOpenChange,
  site,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  site: ProgressSite;
}) {
  const qc = useQueryClient();
  const save = useMutation({
    mutationFn: (values: {
      progress: number;
      status?: string | undefined;
      notes?: string | null | undefined;
      force?: boolean;
      reason?: string;
    }) => api.put<Site>(`/api/construction-sites/${site.id}/progress`, { ...values, version: site.version }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: siteKeys.all }),
  });
  const can = useCan();
  const [blocked, setBlocked] = useState<{ message: string; values: Parameters<typeof save.mutateAsync>[0] } | null>(
    null,
  );
  return (
    <>
      <StartAnywayDialog
        // Only the office may open a site without its papers; a technician is told to ask them.
        allowed={can("sites.write")}
        message={blocked?.message ?? null}
        onCancel={() => setBlocked(null)}
        onConfirm={async (reason) => {
          if (!blocked) return;
          try {
            await save.mutateAsync({ ...blocked.values, force: true, reason });
          } catch (e) {
            toastError(isApiError(e) ? e.message : "Errore nell'aggiornamento del cantiere");
            return;
          }
          setBlocked(null);
          toastSuccess("Avanzamento aggiornato");
          onOpenChange(false);
        }}
      />
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Aggiorna avanzamento</DialogTitle>
            <DialogDescription>Avanzamento, stato e note dal cantiere.</DialogDescription>
          </DialogHeader>
          {open ? (
            <Form
              schema={siteProgressSchema}
              defaultValues={{
                progress: site.progress,
                status: site.status,
                notes: site.notes ?? "",
                version: site.version,
              }}
              aria-label="Avanzamento del cantiere"
              onSubmit={async (values) => {
                try {
                  await save.mutateAsync(values);
                } catch (e) {
                  const missing = missingDocuments(e);
                  if (missing) {
                    setBlocked({ message: missing, values });
                    return;
                  }
                  if (isApiError(e) && e.body?.errors) throw e;
                  toastError(isApiError(e) && e.status === 409 ? e.message : "Errore nell'aggiornamento del cantiere");
                  return;
                }
                toastSuccess("Avanzamento aggiornato");
                onOpenChange(false);
              }}
            >
              <TextField
                name="progress"
                label="Avanzamento (%)"
                type="number"
                inputMode="numeric"
                description="Da 0 a 100"
                required
              />
              <SelectField name="status" label="Stato" options={siteStatuses.options} />
              <TextareaField name="notes" label="Note" />
              <FormActions>
                <CancelButton onClick={() => onOpenChange(false)} />
                <SubmitButton label="Salva" />
              </FormActions>
            </Form>
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
