import { useLocation } from "wouter";
import { contractCreateSchema, type ContractCreateValues, type ContractEstimateOption } from "@domain/contracts";
import { Form, FormActions, SubmitButton, CancelButton } from "@web/components/form";
import { ComboboxField } from "@web/components/pickers/combobox-field";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { toastSuccess } from "@web/components/ui/toast";
import { contractKeys } from "../api/keys";
import { useCreateContract } from "../api/mutations";
import { searchContractEstimates } from "../api/queries";
import { paths } from "@web/lib/paths";

/** "Nuovo Contratto": offers only accepted estimates that have no contract yet (docs/domain/statuses.md). */
export function NewContractDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateContract();
  const [, navigate] = useLocation();
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
            <ComboboxField<ContractEstimateOption, ContractCreateValues>
              name="estimateId"
              label="Preventivo accettato"
              required
              placeholder="Cerca per numero, titolo o cliente..."
              description="Solo preventivi accettati ancora senza contratto: di solito il contratto nasce da solo all'accettazione."
              queryKey={contractKeys.estimateOptions()}
              search={searchContractEstimates}
            />
            <FormActions>
              <CancelButton onClick={() => onOpenChange(false)} />
              <SubmitButton label="Crea contratto" />
            </FormActions>
          </Form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
