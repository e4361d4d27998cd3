import { useState } from "react";
import { contractTermsSchema } from "@domain/contracts";
import { Form, FormActions, SubmitButton, TextareaField, TextField, CancelButton } from "@web/components/form";
import { Button } from "@web/components/ui/button";
import { toastSuccess } from "@web/components/ui/toast";
import { useUpdateTerms } from "../api/mutations";

/** Whether the contract asks for CIG and CUP: a public body's, or one that already has them. */
export const showsProcurementCodes = (contract: { client: { type: string }; cig: string | null; cup: string | null }) =>
  contract.client.type === "ente_pubblico" || !!contract.cig || !!contract.cup;

/**
 * The terms, and a public body's CIG and CUP (FatturaPA DatiContratto): read-only once signed,
 * editable in place while the contract is a draft.
 */
export function TermsEditor({
  contract,
}: {
  contract: {
    id: string;
    terms: string;
    cig: string | null;
    cup: string | null;
    client: { type: string };
    version: number;
    editable: boolean;
  };
}) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateTerms();
  const codes = showsProcurementCodes(contract);
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
      defaultValues={{ terms: contract.terms, cig: contract.cig ?? "", cup: contract.cup ?? "" }}
      aria-label="Condizioni contrattuali"
      onSubmit={async (values) => {
        await update.mutateAsync({
          id: contract.id,
          terms: values.terms,
          // Sent only where asked: a private client's contract keeps them as they are (none).
          ...(codes ? { cig: values.cig ?? null, cup: values.cup ?? null } : {}),
          version: contract.version,
        });
        toastSuccess("Condizioni aggiornate");
        setEditing(false);
      }}
    >
      <TextareaField name="terms" label="Condizioni contrattuali" rows={12} required />
      {codes ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="cig"
            label="CIG"
            maxLength={10}
            autoCapitalize="characters"
            description="Codice identificativo gara, 10 caratteri (facoltativo)"
          />
          <TextField
            name="cup"
            label="CUP"
            maxLength={15}
            autoCapitalize="characters"
            description="Codice unico di progetto, 15 caratteri (facoltativo)"
          />
        </div>
      ) : null}
      <FormActions>
        <CancelButton onClick={() => setEditing(false)} />
        <SubmitButton label="Salva condizioni" />
      </FormActions>
    </Form>
  );
}
