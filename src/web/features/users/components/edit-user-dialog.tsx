import { userUpdateSchema, type User, type UserUpdateInput } from "@domain/users";
import { CancelButton, CheckboxField, Form, FormActions, SelectField, SubmitButton, TextField } from "@web/components/form";
import { FormDialog } from "@web/components/dialogs/form-dialog";
import { toastSuccess } from "@web/components/ui/toast";
import { useUpdateUser } from "../api/users";
import { colorOptions } from "./colors";
import { staffRoleOptions } from "./invite-user-dialog";

const toInput = (u: User): UserUpdateInput => ({
  username: u.username,
  name: u.name ?? "",
  email: u.email ?? "",
  role: u.role === "client" ? "tecnico" : u.role,
  color: u.color ?? "",
  disabled: u.disabled,
});

/** Role, name, e-mail, colour and the disabled flag; one's own role and status stay as they are. */
export function EditUserDialog({ user, self, onOpenChange }: { user: User | null; self: boolean; onOpenChange: (open: boolean) => void }) {
  const update = useUpdateUser();
  return (
    <FormDialog open={user !== null} onOpenChange={onOpenChange} title="Modifica utente">
      {user ? (
        <Form
          key={user.id}
          schema={userUpdateSchema}
          defaultValues={toInput(user)}
          aria-label="Dati dell'utente"
          onSubmit={async (values) => {
            await update.mutateAsync({ id: user.id, values });
            toastSuccess("Utente aggiornato");
            onOpenChange(false);
          }}
        >
          <TextField name="name" label="Nome e cognome" required autoComplete="off" />
          <TextField name="email" label="E-mail" type="email" autoComplete="off" />
          <TextField name="username" label="Nome utente" required autoComplete="off" />
          <SelectField
            name="role"
            label="Ruolo"
            required
            disabled={self}
            description={self ? "Il tuo ruolo lo cambia un altro amministratore." : undefined}
            options={staffRoleOptions}
          />
          <SelectField name="color" label="Colore nel calendario" placeholder="Nessun colore" options={colorOptions(user.color)} />
          {self ? null : (
            <CheckboxField
              name="disabled"
              label="Utente disattivato"
              description="Non può accedere e le sue sessioni aperte vengono chiuse."
            />
          )}
          <FormActions>
            <CancelButton onClick={() => onOpenChange(false)} />
            <SubmitButton label="Salva modifiche" />
          </FormActions>
        </Form>
      ) : null}
    </FormDialog>
  );
}
