import { MessageSquare } from "lucide-react";
import { useState } from "react";
import { informationRequestSchema, type InformationRequestInput } from "@domain/portal";
import { Form, FormActions, SubmitButton, TextareaField, TextField, CancelButton } from "@web/components/form";
import { Button, type ButtonVariant } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { toastSuccess } from "@web/components/ui/toast";
import { useRequestInformation } from "../api/request-information";

/** "Richiedi Informazioni": a message to the company, about one record when given. */
export function InfoRequestButton({
  subject,
  entityType,
  entityId,
  variant = "outline",
}: {
  subject: string;
  entityType?: "site" | "estimate" | "invoice";
  entityId?: string;
  variant?: ButtonVariant;
}) {
  const [open, setOpen] = useState(false);
  const send = useRequestInformation();
  const defaults: InformationRequestInput = { subject, message: "", entityType, entityId };
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)}>
        <MessageSquare aria-hidden />
        Richiedi Informazioni
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Richiedi Informazioni</DialogTitle>
            <DialogDescription>Il messaggio arriva subito all'impresa: la risposta la trovi in «Le mie richieste» e ti viene notificata.</DialogDescription>
          </DialogHeader>
          <Form
            schema={informationRequestSchema}
            defaultValues={defaults}
            aria-label="Richiesta di informazioni"
            onSubmit={async (values) => {
              await send.mutateAsync(values);
              toastSuccess("Richiesta inviata: ti risponderemo al più presto");
              setOpen(false);
            }}
          >
            <TextField name="subject" label="Oggetto" required />
            <TextareaField name="message" label="Messaggio" required rows={5} />
            <FormActions>
              <CancelButton onClick={() => setOpen(false)} />
              <SubmitButton label="Invia" pendingLabel="Invio in corso..." />
            </FormActions>
          </Form>
        </DialogContent>
      </Dialog>
    </>
  );
}
