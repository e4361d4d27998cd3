import { useState } from "react";
import { PASSWORD_HINT, userPasswordResetSchema } from "@domain/passwords";
import { userLabel, type User, type UserWithLink } from "@domain/users";
import { CancelButton, Form, FormActions, SubmitButton, TextField } from "@web/components/form";
import { FormDialog } from "@web/components/dialogs/form-dialog";
import { toastSuccess } from "@web/components/ui/toast";
import { useResetUserPassword } from "../api/users";

type Mode = "link" | "password";

/** A new one-time link (e-mailed when the user has an address) or a password chosen by the admin. */
export function ResetPasswordDialog({
  user,
  onOpenChange,
  onDone,
}: {
  user: User | null;
  onOpenChange: (open: boolean) => void;
  onDone: (result: UserWithLink) => void;
}) {
  const reset = useResetUserPassword();
  const [mode, setMode] = useState<Mode>("link");
  return (
    <FormDialog
      open={user !== null}
      onOpenChange={onOpenChange}
      title="Reimposta password"
      description={user ? `${userLabel(user)}: la password attuale smette di funzionare e le sessioni aperte vengono chiuse.` : undefined}
    >
      {user ? (
        <Form
          key={`${user.id}-${mode}`}
          schema={userPasswordResetSchema}
          defaultValues={{ password: "", sendEmail: true }}
          aria-label="Reimposta password"
          onSubmit={async (values, form) => {
            if (mode === "password" && !values.password) {
              form.setError("password", { message: "Password: campo obbligatorio" });
              return;
            }
            const result = await reset.mutateAsync({ id: user.id, body: mode === "link" ? { password: null, sendEmail: true } : { password: values.password, sendEmail: false } });
            toastSuccess(mode === "link" ? (result.emailedTo ? `Link inviato a ${result.emailedTo}` : "Nuovo link creato") : "Password reimpostata");
            onOpenChange(false);
            onDone(result);
          }}
        >
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Come riceve la nuova password</legend>
            {(
              [
                ["link", user.email ? `Link per e-mail a ${user.email}: sceglie la password (valido 7 giorni)` : "Link da consegnare: sceglie la password (valido 7 giorni)"],
                ["password", "Imposto io la password e gliela comunico"],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex min-h-11 items-start gap-2 text-sm">
                <input type="radio" name="reset-mode" value={value} checked={mode === value} onChange={() => setMode(value)} className="mt-1 size-4 accent-primary" />
                {label}
              </label>
            ))}
          </fieldset>
          {mode === "password" ? (
            <>
              <input type="text" name="username" value={user.username} autoComplete="username" readOnly hidden />
              <TextField name="password" label="Nuova password" type="password" autoComplete="new-password" required description={PASSWORD_HINT} />
            </>
          ) : null}
          <FormActions>
            <CancelButton onClick={() => onOpenChange(false)} />
            <SubmitButton label="Reimposta" pendingLabel="Salvataggio..." />
          </FormActions>
        </Form>
      ) : null}
    </FormDialog>
  );
}
