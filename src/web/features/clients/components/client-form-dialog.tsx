import type { Client } from "@domain/clients";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { toastSuccess } from "@web/components/ui/toast";
import { useSaveClient } from "../api/save-client";
import { ClientForm } from "./client-form";

/** New client when `client` is absent, edit otherwise. Errors stay in the form; success closes it. */
export function ClientFormDialog({ open, onOpenChange, client }: { open: boolean; onOpenChange: (open: boolean) => void; client?: Client }) {
  const save = useSaveClient();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="wide">
        <DialogHeader>
          <DialogTitle>{client ? "Modifica cliente" : "Nuovo cliente"}</DialogTitle>
          <DialogDescription>I campi con l'asterisco sono obbligatori.</DialogDescription>
        </DialogHeader>
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
      </DialogContent>
    </Dialog>
  );
}
