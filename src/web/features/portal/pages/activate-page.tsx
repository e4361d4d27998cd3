import { CheckCircle2 } from "lucide-react";
import { useState } from "react";
import { Link, useSearch } from "wouter";
import { activationFormSchema, PASSWORD_HINT } from "@domain/passwords";
import { Form, SubmitButton, TextField } from "@web/components/form";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@web/components/ui/card";
import { Spinner } from "@web/components/ui/spinner";
import { useCompany } from "@web/lib/company";
import { useActivate, useActivationCheck } from "../api/activation";
import { paths } from "@web/lib/paths";

/**
 * The one-time link of a new portal account or of an invited staff member: the person chooses a
 * password (docs/domain/roles.md, docs/domain/portal.md), then logs in to the portal or to the back office.
 */
export default function ActivatePage() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const { companyName } = useCompany();
  const check = useActivationCheck(token);
  const activate = useActivate();
  const [done, setDone] = useState(false);

  let body;
  if (!token || check.isError) {
    body = (
      <>
        <CardDescription>Link non valido o scaduto. Chiedi all'impresa un nuovo link di accesso.</CardDescription>
        <Button asChild variant="outline" className="mt-4 w-full">
          <Link href={paths.landing()}>Torna alla pagina iniziale</Link>
        </Button>
      </>
    );
  } else if (check.isPending) {
    body = <Spinner label="Verifica del link..." />;
  } else if (done) {
    body = (
      <div role="status" className="grid justify-items-center gap-3 text-center">
        <CheckCircle2 aria-hidden className="size-10 text-success" />
        <p>
          Password impostata. Ora puoi accedere con il nome utente <strong>{check.data.username}</strong>.
        </p>
        {check.data.role === "client" ? (
          <Button asChild className="w-full">
            <Link href={paths.login({ role: "client" })}>Accedi al portale</Link>
          </Button>
        ) : (
          <Button asChild className="w-full">
            <Link href={paths.login({ next: paths.admin.home() })}>Accedi al gestionale</Link>
          </Button>
        )}
      </div>
    );
  } else {
    body = (
      <>
        <CardDescription className="mb-4">
          {check.data.clientName ? `${check.data.clientName}: ` : ""}scegli la password per il nome utente{" "}
          <strong className="text-foreground">{check.data.username}</strong>.
        </CardDescription>
        <Form
          schema={activationFormSchema}
          defaultValues={{ password: "", confirm: "", username: check.data.username }}
          aria-label="Scelta della password"
          onSubmit={async ({ password }) => {
            await activate.mutateAsync({ token, password });
            setDone(true);
          }}
        >
          {/* Lets password managers store the pair. */}
          <input type="text" name="username" value={check.data.username} autoComplete="username" readOnly hidden />
          <TextField
            name="password"
            label="Nuova password"
            type="password"
            autoComplete="new-password"
            required
            description={PASSWORD_HINT}
          />
          <TextField name="confirm" label="Conferma password" type="password" autoComplete="new-password" required />
          <SubmitButton className="w-full" label="Imposta password" pendingLabel="Salvataggio..." />
        </Form>
      </>
    );
  }

  return (
    <main className="grid min-h-dvh place-items-center bg-background px-4 py-10">
      <Card className="w-full max-w-sm">
        <CardHeader>
          <p className="text-sm font-medium text-primary">{companyName}</p>
          <h1 className="text-lg leading-tight font-semibold">Attiva il tuo accesso</h1>
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
    </main>
  );
}
