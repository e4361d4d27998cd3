import { useEffect, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { loginSchema } from "@domain/auth";
import { profileSections, recoveryCodeSchema, totpCodeSchema } from "@domain/profile";
import { z } from "@domain/zod";
import { usesBackOffice } from "@domain/roles";
import { Form, SubmitButton, TextField } from "@web/components/form";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { useCompany } from "@web/lib/company";
import { isApiError } from "@web/lib/api";
import { needsCode, useLogin, useLoginTotp } from "../api/login";
import { useMe } from "@web/lib/session";
import { paths } from "@web/lib/paths";

/** Only our own paths: a crafted ?next= must not send the user to another site. */
function safeNext(next: string | null, fallback: string) {
  return next && next.startsWith("/") && !next.startsWith("//") ? next : fallback;
}

const codeFormSchema = z.object({ code: totpCodeSchema });
const recoveryFormSchema = z.object({ recoveryCode: recoveryCodeSchema });

export default function LoginPage() {
  const params = new URLSearchParams(useSearch());
  const role = params.get("role") === "client" ? "client" : "admin";
  const [, navigate] = useLocation();
  const { companyName } = useCompany();
  const { data: me } = useMe();
  const login = useLogin();
  const loginTotp = useLoginTotp();
  /** Set after a right password when the account has two-factor on. */
  const [challenge, setChallenge] = useState<string | null>(null);
  const [useRecovery, setUseRecovery] = useState(false);
  const [expired, setExpired] = useState<string | null>(null);

  useEffect(() => {
    if (!me) return;
    const home = usesBackOffice(me.role) ? paths.admin.home() : paths.portal.home();
    // An admin held until they enrol goes straight to the enrolment on the profile.
    if (me.twoFactorSetupRequired) navigate(`${paths.admin.profile()}#${profileSections.twoFactor}`, { replace: true });
    else navigate(safeNext(params.get("next"), home), { replace: true });
  }, [me]); // eslint-disable-line react-hooks/exhaustive-deps

  /** A spent or timed-out challenge: back to the password, saying why. */
  function restart(message: string) {
    setChallenge(null);
    setUseRecovery(false);
    setExpired(message);
  }

  async function sendSecondStep(input: { code: string } | { recoveryCode: string }) {
    if (!challenge) return;
    try {
      await loginTotp.mutateAsync({ challenge, ...input });
    } catch (e) {
      if (isApiError(e) && e.status === 401 && (e.body?.code === "challenge_expired" || !e.body?.errors)) {
        restart(e.message);
        return;
      }
      throw e;
    }
  }

  return (
    <main className="grid min-h-dvh place-items-center bg-background px-4 py-10">
      <Card className="w-full max-w-sm">
        <CardHeader>
          <p className="text-sm font-medium text-primary">{companyName}</p>
          <CardTitle>
            <h1>
              {challenge
                ? "Verifica in due passaggi"
                : role === "client"
                  ? "Accesso Clienti"
                  : "Accesso Amministratore"}
            </h1>
          </CardTitle>
          <CardDescription>
            {!challenge
              ? "Inserisci le tue credenziali per continuare."
              : useRecovery
                ? "Inserisci uno dei codici di recupero che hai salvato. Ogni codice vale una volta sola."
                : "Apri l'app di autenticazione sul telefono e inserisci il codice di 6 cifre che mostra ora."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {!challenge ? (
            <Form
              schema={loginSchema}
              defaultValues={{ username: "", password: "" }}
              onSubmit={async (values) => {
                setExpired(null);
                const result = await login.mutateAsync(values);
                if (needsCode(result)) setChallenge(result.challenge);
              }}
              aria-label="Accesso"
            >
              <div className="space-y-4">
                {expired ? (
                  <p
                    role="alert"
                    className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
                  >
                    {expired}
                  </p>
                ) : null}
                <TextField name="username" label="Nome utente" autoComplete="username" required autoFocus />
                <TextField name="password" label="Password" type="password" autoComplete="current-password" required />
                <SubmitButton className="w-full" label="Accedi" pendingLabel="Accesso in corso..." />
              </div>
            </Form>
          ) : (
            <div className="space-y-4">
              {useRecovery ? (
                <Form
                  key="recovery"
                  schema={recoveryFormSchema}
                  defaultValues={{ recoveryCode: "" }}
                  onSubmit={sendSecondStep}
                  aria-label="Codice di recupero"
                >
                  <div className="space-y-4">
                    <TextField
                      name="recoveryCode"
                      label="Codice di recupero"
                      autoComplete="off"
                      autoCapitalize="none"
                      spellCheck={false}
                      placeholder="abcde-fghjk"
                      required
                      autoFocus
                    />
                    <SubmitButton className="w-full" label="Accedi" pendingLabel="Verifica in corso..." />
                  </div>
                </Form>
              ) : (
                <Form
                  key="code"
                  schema={codeFormSchema}
                  defaultValues={{ code: "" }}
                  onSubmit={sendSecondStep}
                  aria-label="Codice di verifica"
                >
                  <div className="space-y-4">
                    <TextField
                      name="code"
                      label="Codice dell'app di autenticazione"
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      pattern="[0-9 ]*"
                      maxLength={7}
                      placeholder="123456"
                      required
                      autoFocus
                      inputClassName="text-lg tracking-widest"
                    />
                    <SubmitButton className="w-full" label="Verifica" pendingLabel="Verifica in corso..." />
                  </div>
                </Form>
              )}
              <div className="flex flex-col gap-1">
                <Button
                  type="button"
                  variant="link"
                  className="h-auto min-h-10 px-0"
                  onClick={() => setUseRecovery((v) => !v)}
                >
                  {useRecovery ? "Usa il codice dell'app" : "Usa un codice di recupero"}
                </Button>
                <Button type="button" variant="link" className="h-auto min-h-10 px-0" onClick={() => restart("")}>
                  Torna all'accesso
                </Button>
              </div>
            </div>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
