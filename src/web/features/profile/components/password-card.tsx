import { changePasswordFormSchema, PASSWORD_HINT } from "@domain/passwords";
import { profileSections } from "@domain/profile";
import { Form, FormActions, SubmitButton, TextField } from "@web/components/form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { toastSuccess } from "@web/components/ui/toast";
import { useChangePassword } from "../api/password";

/** "Cambia password" for every logged-in user (it used to be its own page). */
export function PasswordCard({ username }: { username: string }) {
  const change = useChangePassword();
  return (
    <Card id={profileSections.password} role="region" aria-labelledby="profilo-password" className="scroll-mt-20">
      <CardHeader>
        <CardTitle id="profilo-password">Cambia password</CardTitle>
        <CardDescription>
          Dopo il cambio le altre sessioni aperte con il tuo account vengono chiuse; questa resta attiva.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          schema={changePasswordFormSchema}
          defaultValues={{ currentPassword: "", newPassword: "", confirm: "", username }}
          aria-label="Cambia password"
          className="gap-4"
          onSubmit={async ({ currentPassword, newPassword }, form) => {
            await change.mutateAsync({ currentPassword, newPassword });
            form.reset({ currentPassword: "", newPassword: "", confirm: "", username });
            toastSuccess("Password cambiata");
          }}
        >
          {/* Lets password managers store the new pair. */}
          <input type="text" name="username" value={username} autoComplete="username" readOnly hidden />
          <TextField
            name="currentPassword"
            label="Password attuale"
            type="password"
            autoComplete="current-password"
            required
          />
          <TextField
            name="newPassword"
            label="Nuova password"
            type="password"
            autoComplete="new-password"
            required
            description={PASSWORD_HINT}
          />
          <TextField
            name="confirm"
            label="Conferma nuova password"
            type="password"
            autoComplete="new-password"
            required
          />
          <FormActions>
            <SubmitButton label="Cambia password" pendingLabel="Salvataggio..." />
          </FormActions>
        </Form>
      </CardContent>
    </Card>
  );
}
