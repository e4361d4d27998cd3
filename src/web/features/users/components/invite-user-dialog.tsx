import { useEffect } from "react";
import { userCreateSchema, type UserCreateInput } from "@domain/passwords";
import { staffRoles, userRoles } from "@domain/statuses";
import type { UserWithLink } from "@domain/users";
import { CancelButton, Form, FormActions, SelectField, SubmitButton, TextField, useZodForm } from "@web/components/form";
import { FormDialog } from "@web/components/dialogs/form-dialog";
import { toastSuccess } from "@web/components/ui/toast";
import { useInviteUser } from "../api/users";
import { USER_COLORS } from "./colors";

export const staffRoleOptions = staffRoles.map((r) => ({ value: r, label: userRoles.label(r) }));

const empty: UserCreateInput = { name: "", email: "", username: "", role: "tecnico", color: "", password: "", sendEmail: true, disabled: false };

/** "mario.rossi" from "Mario Rossi": a suggestion the admin can change. */
const suggestUsername = (name: string) =>
  name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9]+/g, ".")
    .replace(/^\.+|\.+$/g, "")
    .slice(0, 40);

/**
 * "Invita utente": the person gets a one-time link by e-mail (7 days) and chooses the password
 * (docs/domain/roles.md). Without an e-mail the link is shown to hand over.
 */
export function InviteUserDialog({
  open,
  onOpenChange,
  onInvited,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onInvited: (result: UserWithLink) => void;
}) {
  const invite = useInviteUser();
  const form = useZodForm(userCreateSchema, empty);
  const name = form.watch("name");
  useEffect(() => {
    if (!form.getFieldState("username").isDirty) form.setValue("username", suggestUsername(name ?? ""));
  }, [name, form]);
  useEffect(() => {
    if (open) form.reset(empty);
  }, [open, form]);

  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="Invita utente">
      <Form
        schema={userCreateSchema}
        form={form}
        aria-label="Invito di un nuovo utente"
        onSubmit={async (values) => {
          const result = await invite.mutateAsync({ ...values, password: null, sendEmail: true });
          toastSuccess(result.emailedTo ? `Invito inviato a ${result.emailedTo}` : "Utente creato: consegna il link di accesso");
          onOpenChange(false);
          onInvited(result);
        }}
      >
        <TextField name="name" label="Nome e cognome" required autoComplete="off" />
        <TextField
          name="email"
          label="E-mail"
          type="email"
          autoComplete="off"
          description="Riceve il link per scegliere la password (valido 7 giorni, una sola volta)."
        />
        <TextField name="username" label="Nome utente" required autoComplete="off" />
        <SelectField name="role" label="Ruolo" required options={staffRoleOptions} />
        <SelectField name="color" label="Colore nel calendario" placeholder="Nessun colore" options={USER_COLORS} />
        <FormActions>
          <CancelButton onClick={() => onOpenChange(false)} />
          <SubmitButton label="Invia invito" pendingLabel="Invio..." />
        </FormActions>
      </Form>
    </FormDialog>
  );
}
