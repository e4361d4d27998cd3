import { useLocation } from "wouter";
import { contractCreateSchema } from "@domain/contracts";
import { formatEuro } from "@domain/format";
import { Form, FormActions, SelectField, SubmitButton, CancelButton } from "@web/components/form";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { toastSuccess } from "@web/components/ui/toast";
import { useCreateContract } from "../api/mutations";
import { useContractEstimateOptions } from "../api/queries";
import { paths } from "@web/lib/paths";

/** "Nuovo Contratto": offers only accepted estimates that have no contract yet (docs/domain/statuses.md). */
export function NewContractDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const options = useContractEstimateOptions(open);
  const create = useCreateContract();
  const [, navigate] = useLocation();
  const choices = (options.data ?? []).map((e) => ({
    value: e.id,
    label: `${e.number} · ${e.title} · ${e.clientName} (${formatEuro(e.totalAmount)})`,
  }));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Nuovo contratto</DialogTitle>
          <DialogDescription>
            Il contratto nasce da un preventivo accettato, con le condizioni generali dell'impresa.
          </DialogDescription>
        </DialogHeader>
        {open ? (
          options.isPending ? (
            <p className="text-sm text-muted-foreground">Caricamento preventivi...</p>
          ) : choices.length === 0 ? (
            <div className="space-y-4">
              <p className="text-sm">
                Nessun preventivo accettato senza contratto. I contratti vengono generati automaticamente quando un
                preventivo è accettato.
              </p>
              <FormActions>
                <Button variant="outline" onClick={() => onOpenChange(false)}>
                  Chiudi
                </Button>
              </FormActions>
            </div>
          ) : (
            <Form
              schema={contractCreateSchema}
              defaultValues={{ estimateId: "" }}
              aria-label="Nuovo contratto"
              onSubmit={async (values) => {
                const contract = await create.mutateAsync(values.estimateId);
                toastSuccess(`Contratto ${contract.number} creato con successo`);
                onOpenChange(false);
                navigate(paths.admin.contract(contract.id));
              }}
            >
              <SelectField
                name="estimateId"
                label="Preventivo accettato"
                required
                placeholder="Seleziona un preventivo"
                options={choices}
              />
              <FormActions>
                <CancelButton onClick={() => onOpenChange(false)} />
                <SubmitButton label="Crea contratto" />
              </FormActions>
            </Form>
          )
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
