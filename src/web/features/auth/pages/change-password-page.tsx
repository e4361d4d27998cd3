import { changePasswordFormSchema, PASSWORD_HINT } from "@domain/passwords";
import { Form, FormActions, SubmitButton, TextField } from "@web/components/form";
import { Card, CardContent } from "@web/components/ui/card";
import { PageHeader } from "@web/components/ui/page-header";
import { toastSuccess } from "@web/components/ui/toast";
import { useMe } from "../api/me";
import { useChangePassword } from "../api/password";

/** "Cambia password" for every logged-in user, in the admin frame and in the portal frame. */
export default function ChangePasswordPage() {
  const me = useMe();
  const change = useChangePassword();
  const username = me.data?.username ?? "";
  return (
    <>
      <PageHeader title="Cambia password" description="Dopo il cambio le altre sessioni aperte con il tuo account vengono chiuse; questa resta attiva." />
      <Card className="max-w-lg">
        <CardContent className="pt-4 sm:pt-6">
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
            <TextField name="currentPassword" label="Password attuale" type="password" autoComplete="current-password" required />
            <TextField name="newPassword" label="Nuova password" type="password" autoComplete="new-password" required description={PASSWORD_HINT} />
            <TextField name="confirm" label="Conferma nuova password" type="password" autoComplete="new-password" required />
            <FormActions>
              <SubmitButton label="Cambia password" pendingLabel="Salvataggio..." />
            </FormActions>
          </Form>
        </CardContent>
      </Card>
    </>
  );
}
