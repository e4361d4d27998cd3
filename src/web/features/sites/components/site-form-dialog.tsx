import { useState } from "react";
import { siteKeys } from "../api/keys";
import { useQuery } from "@tanstack/react-query";
import { siteFromEstimate, type EstimateForSite } from "@domain/carry-over";
import type { SiteValues } from "@domain/sites";
import { missingDocuments, StartAnywayDialog } from "@web/components/compliance";
import { Spinner } from "@web/components/ui/spinner";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { toastError, toastSuccess } from "@web/components/ui/toast";
import { api, isApiError } from "@web/lib/api";
import { useSaveSite } from "../api/save-site";
import { SiteForm, type EditableSite } from "./site-form";

/** New site when `site` is absent, edit otherwise. Field errors stay in the form; success closes it. */
export function SiteFormDialog({
  open,
  onOpenChange,
  site,
  estimateId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  site?: EditableSite;
  /** "Apri cantiere" on an accepted estimate: the new site takes its estimate, name and address. */
  estimateId?: string;
}) {
  const save = useSaveSite();
  // Opening a site in corso without its safety papers: the server's list and the office's reason.
  const [blocked, setBlocked] = useState<{ message: string; values: SiteValues } | null>(null);
  const fromEstimate = !site && !!estimateId;
  const estimate = useQuery({
    queryKey: siteKeys.fromEstimate(estimateId ?? ""),
    queryFn: () =>
      api.get<EstimateForSite & { number: string; clientName: string | null }>(`/api/estimates/${estimateId}`),
    enabled: open && fromEstimate,
  });
  const done = () => {
    toastSuccess(site ? "Cantiere aggiornato con successo" : "Cantiere creato con successo");
    onOpenChange(false);
  };
  return (
    <>
      <StartAnywayDialog
        allowed
        message={blocked?.message ?? null}
        onCancel={() => setBlocked(null)}
        onConfirm={async (reason) => {
          if (!blocked) return;
          try {
            await save.mutateAsync({
              id: site?.id,
              version: site?.version,
              values: { ...blocked.values, force: true, reason },
            });
          } catch (e) {
            toastError(isApiError(e) ? e.message : "Errore nel salvataggio del cantiere");
            return;
          }
          setBlocked(null);
          done();
        }}
      />
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent size="wide">
          <DialogHeader>
            <DialogTitle>{site ? "Modifica cantiere" : "Nuovo cantiere"}</DialogTitle>
            <DialogDescription>I campi con l'asterisco sono obbligatori.</DialogDescription>
          </DialogHeader>
          {open && fromEstimate && estimate.isPending ? <Spinner label="Caricamento preventivo..." /> : null}
          {open && (!fromEstimate || !estimate.isPending) ? (
            <SiteForm
              key={site?.id ?? `new-${estimate.data?.id ?? ""}`}
              site={site}
              initial={estimate.data ? siteFromEstimate(estimate.data) : undefined}
              initialEstimateLabel={estimate.data ? `${estimate.data.number} · ${estimate.data.title}` : undefined}
              onCancel={() => onOpenChange(false)}
              onSubmit={async (values: SiteValues) => {
                try {
                  await save.mutateAsync({ id: site?.id, version: site?.version, values });
                } catch (e) {
                  const missing = missingDocuments(e);
                  if (missing) {
                    setBlocked({ message: missing, values });
                    return;
                  }
                  // Field errors go back to the form; anything else gets the specification's message.
                  if (isApiError(e) && e.body?.errors) throw e;
                  toastError(
                    isApiError(e) && e.status === 409
                      ? e.message
                      : site
                        ? "Errore nell'aggiornamento del cantiere"
                        : "Errore nella creazione del cantiere",
                  );
                  return;
                }
                done();
              }}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
