import type { Client } from "@domain/clients";
import { FormDialog } from "@web/components/dialogs/form-dialog";
import { toastSuccess } from "@web/components/ui/toast";
import { useSaveClient } from "../api/save-client";
import { ClientForm } from "./client-form";

/** New client when `client` is absent, edit otherwise. Errors stay in the form; success closes it. */
export function ClientFormDialog({
  open,
  onOpenChange,
  client,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  client?: Client;
}) {
  const save = useSaveClient();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={client ? "Modifica cliente" : "Nuovo cliente"}
      size="wide"
    >
      <ClientForm
        key={client?.id ?? "new"}
        client={client}
        onCancel={() => onOpenChange(false)}
        onSubmit={async (values) => {
          await save.mutateAsync({ id: client?.id, version: client?.version, values });
          toastSuccess(client ? "Cliente aggiornato con successo" : "Cliente creato con successo");
          onOpenChange(false);
        }}
      />
    </FormDialog>
  );
}
