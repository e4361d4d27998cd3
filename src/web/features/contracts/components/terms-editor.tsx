import { useState } from "react";
import { contractTermsSchema } from "@domain/contracts";
import { Form, FormActions, SubmitButton, TextareaField, CancelButton } from "@web/components/form";
import { Button } from "@web/components/ui/button";
import { toastSuccess } from "@web/components/ui/toast";
import { useUpdateTerms } from "../api/mutations";

/** The terms: read-only once signed, editable in place while the contract is a draft. */
export function TermsEditor({
  contract,
}: {
  contract: { id: string; terms: string; version: number; editable: boolean };
}) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateTerms();
  if (!editing) {
    return (
      <div>
        <p className="text-sm whitespace-pre-line">{contract.terms}</p>
        {contract.editable ? (
          <Button variant="outline" size="sm" className="mt-3" onClick={() => setEditing(true)}>
            Modifica condizioni
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <Form
      schema={contractTermsSchema}
      defaultValues={{ terms: contract.terms }}
      aria-label="Condizioni contrattuali"
      onSubmit={async (values) => {
        await update.mutateAsync({ id: contract.id, terms: values.terms, version: contract.version });
        toastSuccess("Condizioni aggiornate");
        setEditing(false);
      }}
    >
      <TextareaField name="terms" label="Condizioni contrattuali" rows={12} required />
      <FormActions>
        <CancelButton onClick={() => setEditing(false)} />
        <SubmitButton label="Salva condizioni" />
      </FormActions>
    </Form>
  );
}
