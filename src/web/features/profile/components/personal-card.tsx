import { profileUpdateSchema, type Profile } from "@domain/profile";
import { Form, FormActions, SubmitButton, TextField } from "@web/components/form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { toastSuccess } from "@web/components/ui/toast";
import { useUpdateProfile } from "../api/profile";

/** Name and e-mail of a staff user (a client's are on their client record, kept by the office). */
export function PersonalCard({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  return (
    <Card role="region" aria-labelledby="profilo-dati">
      <CardHeader>
        <CardTitle id="profilo-dati">Dati personali</CardTitle>
        <CardDescription>
          Nome utente: <strong className="font-medium text-foreground">{profile.username}</strong> (non si può
          cambiare).
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          key={`${profile.name}|${profile.email}`}
          schema={profileUpdateSchema}
          defaultValues={{ name: profile.name ?? "", email: profile.email ?? "" }}
          aria-label="Dati personali"
          className="gap-4"
          onSubmit={async (values) => {
            await update.mutateAsync(values);
            toastSuccess("Profilo aggiornato");
          }}
        >
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <TextField name="name" label="Nome e cognome" autoComplete="name" />
            <TextField name="email" label="E-mail" type="email" autoComplete="email" />
          </div>
          <FormActions>
            <SubmitButton label="Salva" pendingLabel="Salvataggio..." />
          </FormActions>
        </Form>
      </CardContent>
    </Card>
  );
}
