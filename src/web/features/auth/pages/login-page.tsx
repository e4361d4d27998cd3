import { useEffect } from "react";
import { useLocation, useSearch } from "wouter";
import { loginSchema } from "@domain/auth";
import { usesBackOffice } from "@domain/roles";
import { Form, SubmitButton, TextField } from "@web/components/form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { useCompany } from "@web/features/company/use-company";
import { useLogin } from "../api/login";
import { useMe } from "../api/me";

/** Only our own paths: a crafted ?next= must not send the user to another site. */
function safeNext(next: string | null, fallback: string) {
  return next && next.startsWith("/") && !next.startsWith("//") ? next : fallback;
}

export default function LoginPage() {
  const params = new URLSearchParams(useSearch());
  const role = params.get("role") === "client" ? "client" : "admin";
  const [, navigate] = useLocation();
  const { companyName } = useCompany();
  const { data: me } = useMe();
  const login = useLogin();

  useEffect(() => {
    if (me) navigate(safeNext(params.get("next"), usesBackOffice(me.role) ? "/admin" : "/client"), { replace: true });
  }, [me]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <main className="grid min-h-dvh place-items-center bg-background px-4 py-10">
      <Card className="w-full max-w-sm">
        <CardHeader>
          <p className="text-sm font-medium text-primary">{companyName}</p>
          <CardTitle>
            <h1>{role === "client" ? "Accesso Clienti" : "Accesso Amministratore"}</h1>
          </CardTitle>
          <CardDescription>Inserisci le tue credenziali per continuare.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form
            schema={loginSchema}
            defaultValues={{ username: "", password: "" }}
            onSubmit={async (values) => {
              await login.mutateAsync(values);
            }}
            aria-label="Accesso"
          >
            <div className="space-y-4">
              <TextField name="username" label="Nome utente" autoComplete="username" required autoFocus />
              <TextField name="password" label="Password" type="password" autoComplete="current-password" required />
              <SubmitButton className="w-full" label="Accedi" pendingLabel="Accesso in corso..." />
            </div>
          </Form>
        </CardContent>
      </Card>
    </main>
  );
}
