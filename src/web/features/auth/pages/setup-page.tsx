import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import type { SessionUser } from "@domain/auth";
import { PASSWORD_HINT, setupSchema, type SetupInput } from "@domain/passwords";
import { Form, SubmitButton, TextField } from "@web/components/form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Spinner } from "@web/components/ui/spinner";
import { api } from "@web/lib/api";
import { authKeys } from "@web/lib/session";
import { paths } from "@web/lib/paths";
import { setupKeys } from "../api/keys";

/** First start without ADMIN_USERNAME/ADMIN_PASSWORD: create the administrator with the logged token. */
export default function SetupPage() {
  const [, navigate] = useLocation();
  const qc = useQueryClient();
  const status = useQuery({
    queryKey: setupKeys.status,
    queryFn: () => api.get<{ needsSetup: boolean }>("/api/setup/status"),
  });
  const setup = useMutation({
    mutationFn: (input: SetupInput) => api.post<SessionUser>("/api/setup", input),
    onSuccess: (user) => {
      qc.setQueryData(authKeys.me, user);
      navigate(paths.admin.home(), { replace: true });
    },
  });

  return (
    <main className="grid min-h-dvh place-items-center bg-background px-4 py-10">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle>
            <h1>Configurazione iniziale</h1>
          </CardTitle>
          <CardDescription>
            Crea l'account dell'amministratore. Il codice di configurazione è stampato nel registro del server
            all'avvio.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {status.isPending ? (
            <Spinner />
          ) : !status.data?.needsSetup ? (
            <p role="status">L'installazione è già configurata. Accedi dalla pagina iniziale.</p>
          ) : (
            <Form
              schema={setupSchema}
              defaultValues={{ token: "", username: "", password: "" }}
              onSubmit={async (values) => {
                await setup.mutateAsync(values);
              }}
              aria-label="Configurazione iniziale"
            >
              <div className="space-y-4">
                <TextField name="token" label="Codice di configurazione" required autoComplete="off" />
                <TextField name="username" label="Nome utente amministratore" required autoComplete="username" />
                <TextField
                  name="password"
                  label="Password"
                  type="password"
                  required
                  autoComplete="new-password"
                  description={PASSWORD_HINT}
                />
                <SubmitButton className="w-full" label="Crea amministratore" pendingLabel="Creazione..." />
              </div>
            </Form>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
