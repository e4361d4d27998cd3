import { serviceCategories, serviceUnits } from "@domain/catalogue";
import { serviceInputSchema, type Service, type ServiceInput } from "@domain/services";
import { serviceStatuses } from "@domain/statuses";
import {
  Form,
  FormActions,
  FormSection,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField, CancelButton } from "@web/components/form";
import { FormDialog } from "@web/components/dialogs/form-dialog";
import { toastError, toastSuccess } from "@web/components/ui/toast";
import { isApiError } from "@web/lib/api";
import { useSaveService } from "../api/mutations";

const empty: ServiceInput = {
  name: "",
  description: "",
  category: "",
  unitPrice: "",
  unit: "mq",
  status: "attivo",
  notes: "",
};
const toInput = (s: Service): ServiceInput => ({
  name: s.name,
  description: s.description ?? "",
  category: s.category ?? "",
  unitPrice: s.unitPrice,
  unit: s.unit as ServiceInput["unit"],
  status: s.status,
  notes: s.notes ?? "",
});

export function ServiceFormDialog({
  open,
  onOpenChange,
  service,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  service?: Service;
}) {
  const save = useSaveService();
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={service ? "Modifica servizio" : "Nuovo servizio"}>
      <Form
        key={service?.id ?? "new"}
        schema={serviceInputSchema}
        defaultValues={service ? toInput(service) : empty}
        aria-label="Dati del servizio"
        onSubmit={async (values) => {
          try {
            await save.mutateAsync({ id: service?.id, version: service?.version, values });
          } catch (e) {
            // Field errors go on the fields; anything else gets the error sentence of docs/domain/screens.md.
            if (isApiError(e) && (e.status === 400 || e.status === 409) && e.body?.errors) throw e;
            toastError(
              isApiError(e) && e.status === 409
                ? e.message
                : service
                  ? "Si è verificato un errore durante l'aggiornamento del servizio."
                  : "Si è verificato un errore durante la creazione del servizio.",
            );
            return;
          }
          toastSuccess(service ? "Servizio aggiornato" : "Servizio creato");
          onOpenChange(false);
        }}
      >
        <FormSection title="Servizio">
          <TextField name="name" label="Nome" required className="sm:col-span-2" />
          <SelectField
            name="category"
            label="Categoria"
            placeholder="Nessuna categoria"
            options={serviceCategories.map((c) => ({ value: c, label: c }))}
          />
          <SelectField name="status" label="Stato" required options={serviceStatuses.options} />
          <TextField name="unitPrice" label="Prezzo unitario (€)" type="number" required placeholder="0,00" />
          <SelectField
            name="unit"
            label="Unità di misura"
            required
            options={serviceUnits.map((u) => ({ value: u, label: u }))}
          />
        </FormSection>
        <TextareaField name="description" label="Descrizione" rows={3} />
        <TextareaField name="notes" label="Note" rows={2} />
        <FormActions>
          <CancelButton onClick={() => onOpenChange(false)} />
          <SubmitButton label={service ? "Salva modifiche" : "Crea servizio"} />
        </FormActions>
      </Form>
    </FormDialog>
  );
}
