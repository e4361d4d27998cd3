import { CheckCircle2, Copy, FileDown, HardHat, Pencil, Send, Trash2, XCircle } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { canApplyEstimateAction, type Estimate } from "@domain/estimates";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { toastError, toastSuccess } from "@web/components/ui/toast";
import { useCan } from "@web/lib/use-can";
import { isApiError } from "@web/lib/api";
import { createHref } from "@web/lib/create-intent";
import { useDeleteEstimate } from "../api/delete-estimate";
import { useDuplicateEstimate, useRejectEstimate, useSendEstimate } from "../api/estimate-actions";
import { estimatePdfUrl } from "../api/get-estimate";
import { AcceptDialog } from "./accept-dialog";
import { EstimateFormDialog } from "./estimate-form-dialog";
import { paths } from "@web/lib/paths";

const failure = (error: unknown, fallback: string) => toastError(isApiError(error) ? error.message : fallback);

/** The detail page's buttons: only the actions the current status allows are offered. */
export function EstimateActionsBar({ estimate, clientEmail }: { estimate: Estimate; clientEmail: string | null }) {
  const [dialog, setDialog] = useState<"edit" | "send" | "accept" | "reject" | "delete" | null>(null);
  const send = useSendEstimate();
  const reject = useRejectEstimate();
  const remove = useDeleteEstimate();
  const duplicate = useDuplicateEstimate();
  const [, navigate] = useLocation();
  const close = (open: boolean) => !open && setDialog(null);
  const can = (action: Parameters<typeof canApplyEstimateAction>[1]) => canApplyEstimateAction(estimate.status, action);
  const allowed = useCan();

  return (
    <div className="flex flex-wrap gap-2">
      <Button asChild variant="outline">
        <a href={estimatePdfUrl(estimate.id)} target="_blank" rel="noreferrer">
          <FileDown aria-hidden className="size-4" />
          PDF
        </a>
      </Button>
      {estimate.status === "accettato" && allowed("sites.write") ? (
        <Button asChild>
          <Link href={createHref(paths.admin.sites(), { estimateId: estimate.id })}>
            <HardHat aria-hidden className="size-4" />
            Apri cantiere
          </Link>
        </Button>
      ) : null}
      {can("edit") ? (
        <Button variant="outline" onClick={() => setDialog("edit")}>
          <Pencil aria-hidden className="size-4" />
          Modifica
        </Button>
      ) : null}
      {can("send") ? (
        <Button onClick={() => setDialog("send")}>
          <Send aria-hidden className="size-4" />
          {estimate.status === "inviato" ? "Invia di nuovo" : "Invia al cliente"}
        </Button>
      ) : null}
      {can("accept") ? (
        <Button variant="outline" onClick={() => setDialog("accept")}>
          <CheckCircle2 aria-hidden className="size-4 text-success" />
          Accetta per il cliente
        </Button>
      ) : null}
      {can("reject") ? (
        <Button variant="outline" onClick={() => setDialog("reject")}>
          <XCircle aria-hidden className="size-4 text-destructive" />
          Rifiutato dal cliente
        </Button>
      ) : null}
      <Button
        variant="outline"
        disabled={duplicate.isPending}
        onClick={async () => {
          try {
            const copy = await duplicate.mutateAsync(estimate.id);
            toastSuccess(`Preventivo duplicato: ${copy.number}`);
            navigate(paths.admin.estimate(copy.id));
          } catch (error) {
            failure(error, "Errore nella duplicazione del preventivo");
          }
        }}
      >
        <Copy aria-hidden className="size-4" />
        Duplica
      </Button>
      {can("delete") ? (
        <Button variant="outline" onClick={() => setDialog("delete")}>
          <Trash2 aria-hidden className="size-4 text-destructive" />
          Elimina
        </Button>
      ) : null}

      <EstimateFormDialog open={dialog === "edit"} onOpenChange={close} estimateId={estimate.id} />
      <AcceptDialog open={dialog === "accept"} onOpenChange={close} estimate={estimate} />
      <ConfirmDialog
        open={dialog === "send"}
        onOpenChange={close}
        destructive={false}
        title="Inviare il preventivo?"
        description={
          clientEmail
            ? `Il preventivo ${estimate.number} verrà inviato in PDF a ${clientEmail} con il link al portale clienti.`
            : "Il cliente non ha un indirizzo e-mail: aggiungilo nella sua scheda prima di inviare."
        }
        confirmLabel="Invia"
        pendingLabel="Invio..."
        onConfirm={async () => {
          try {
            const result = await send.mutateAsync({ id: estimate.id, version: estimate.version });
            if (result.mailStatus === "failed")
              toastError(
                "Preventivo segnato come inviato, ma il server di posta ha rifiutato il messaggio: vedi Posta in uscita.",
              );
            else
              toastSuccess(
                result.mailStatus === "stored"
                  ? "Preventivo inviato (messaggio in Posta in uscita)"
                  : "Preventivo inviato al cliente",
              );
          } catch (error) {
            failure(error, "Errore nell'invio del preventivo");
          }
        }}
      />
      <ConfirmDialog
        open={dialog === "reject"}
        onOpenChange={close}
        title="Segnare il preventivo come rifiutato?"
        description="Registra che il cliente ha rifiutato il preventivo."
        confirmLabel="Segna rifiutato"
        onConfirm={async () => {
          try {
            await reject.mutateAsync({ id: estimate.id, version: estimate.version });
            toastSuccess("Preventivo segnato come rifiutato");
          } catch (error) {
            failure(error, "Errore nell'aggiornamento del preventivo");
          }
        }}
      />
      <ConfirmDialog
        open={dialog === "delete"}
        onOpenChange={close}
        title="Eliminare il preventivo?"
        description={`Sei sicuro di voler eliminare questo preventivo (${estimate.number})? Le sue voci verranno eliminate.`}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(estimate.id);
            toastSuccess("Preventivo eliminato con successo");
            navigate(paths.admin.estimates());
          } catch (error) {
            failure(error, "Errore nell'eliminazione del preventivo");
          }
        }}
      />
    </div>
  );
}
