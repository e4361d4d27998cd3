import { useQuery } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { FormDialog } from "@web/components/dialogs/form-dialog";
import { Spinner } from "@web/components/ui/spinner";
import { toastSuccess } from "@web/components/ui/toast";
import { estimateQueryOptions } from "../api/get-estimate";
import { useActiveServices, useConfirmedOrders } from "../api/lookups";
import { useSaveEstimate } from "../api/save-estimate";
import { EstimateForm } from "./estimate-form";

/** New estimate when `estimateId` is absent, edit otherwise; one call saves header and lines. */
export function EstimateFormDialog({
  open,
  onOpenChange,
  estimateId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  estimateId?: string;
}) {
  const save = useSaveEstimate();
  const [, navigate] = useLocation();
  const services = useActiveServices();
  const orders = useConfirmedOrders();
  const detail = useQuery({ ...estimateQueryOptions(estimateId ?? ""), enabled: open && !!estimateId });
  const ready = services.data && orders.data && (!estimateId || detail.data);
  const failed = services.isError || orders.isError || detail.isError;

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={estimateId ? "Modifica preventivo" : "Nuovo preventivo"}
      size="xl"
      description="I campi con l'asterisco sono obbligatori. Totali e numero li calcola il sistema."
    >
      {failed ? (
        <p role="alert" className="text-destructive">
          Impossibile caricare i dati del modulo. Riprova.
        </p>
      ) : !ready ? (
        <Spinner label="Caricamento..." />
      ) : (
        <EstimateForm
          key={estimateId ? `${estimateId}-${detail.data?.version}` : "new"}
          estimate={estimateId ? detail.data : undefined}
          services={services.data}
          orders={orders.data}
          onCancel={() => onOpenChange(false)}
          onSubmit={async (values) => {
            const saved = await save.mutateAsync({ id: estimateId, version: detail.data?.version, values });
            toastSuccess(estimateId ? "Preventivo aggiornato con successo" : "Preventivo creato con successo");
            onOpenChange(false);
            if (!estimateId) navigate(`/admin/quotes/${saved.id}`);
          }}
        />
      )}
    </FormDialog>
  );
}
