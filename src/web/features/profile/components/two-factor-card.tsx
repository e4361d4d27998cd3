import { ShieldCheck, ShieldOff } from "lucide-react";
import { useState } from "react";
import { formatDateTime } from "@domain/format";
import { passwordConfirmSchema, profileSections, totpCodeSchema, type Profile, type TotpSetup } from "@domain/profile";
import { z } from "@domain/zod";
import { CancelButton, Form, FormActions, SubmitButton, TextField } from "@web/components/form";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { toastSuccess } from "@web/components/ui/toast";
import { useDisableTotp, useEnableTotp, useNewRecoveryCodes, useStartTotpSetup } from "../api/two-factor";
import { RecoveryCodes } from "./recovery-codes";

const codeFormSchema = z.object({ code: totpCodeSchema });
const disableFormSchema = z.object({
  proof: z.string().trim().min(1, "Codice: campo obbligatorio").max(20, "Codice: al massimo 20 caratteri"),
});

/** The six-digit field of every step: numeric keypad, and the phone may offer the code itself. */
function CodeField({ label = "Codice dell'app di autenticazione" }: { label?: string }) {
  return (
    <TextField
      name="code"
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]*"
      maxLength={7}
      placeholder="123456"
      required
      inputClassName="max-w-40 text-lg tracking-widest"
    />
  );
}

/**
 * "La tua password" before a step that changes how the account signs in; the hidden user name
 * lets password managers fill the right entry.
 */
function PasswordConfirmForm(props: {
  username: string;
  label: string;
  description?: string;
  submitLabel: string;
  pendingLabel: string;
  onCancel: () => void;
  onSubmit: (values: { password: string }) => Promise<void>;
}) {
  return (
    <Form
      schema={passwordConfirmSchema}
      defaultValues={{ password: "" }}
      aria-label={props.label}
      className="gap-4"
      onSubmit={props.onSubmit}
    >
      <input type="text" name="username" value={props.username} autoComplete="username" readOnly hidden />
      <TextField
        name="password"
        label="La tua password"
        type="password"
        autoComplete="current-password"
        {...(props.description ? { description: props.description } : {})}
        required
        autoFocus
      />
      <FormActions>
        <CancelButton onClick={props.onCancel} />
        <SubmitButton label={props.submitLabel} pendingLabel={props.pendingLabel} />
      </FormActions>
    </Form>
  );
}

/** "JBSW Y3DP EHPK 3PXP": groups of four are easier to type into an app by hand. */
const groupSecret = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim();

function Enrolment({ profile, onCodes }: { profile: Profile; onCodes: (codes: string[]) => void }) {
  const start = useStartTotpSetup();
  const enable = useEnableTotp();
  const [step, setStep] = useState<"idle" | "password" | "scan">("idle");
  const [setup, setSetup] = useState<TotpSetup | null>(null);

  if (step === "idle")
    return (
      <Button onClick={() => setStep("password")} className="w-full sm:w-auto">
        <ShieldCheck aria-hidden className="size-4" />
        Attiva la verifica in due passaggi
      </Button>
    );

  if (step === "password" || !setup)
    return (
      <PasswordConfirmForm
        username={profile.username}
        label="Conferma la password"
        description="Per sicurezza, conferma che sei tu prima di collegare un'app."
        submitLabel="Continua"
        pendingLabel="Verifica..."
        onCancel={() => setStep("idle")}
        onSubmit={async (values) => {
          setSetup(await start.mutateAsync(values));
          setStep("scan");
        }}
      />
    );

  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm">
        <li>
          Apri l'app di autenticazione sul telefono (ad esempio Google Authenticator, Microsoft Authenticator, 2FAS o
          Aegis).
        </li>
        <li>Aggiungi un account inquadrando il codice QR, oppure inserisci a mano la chiave qui sotto.</li>
        <li>Scrivi il codice di 6 cifre che l'app mostra.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row">
        <img
          src={setup.qrCode}
          alt={`Codice QR da inquadrare con l'app di autenticazione per l'account ${profile.username}`}
          width={192}
          height={192}
          className="size-48 rounded-md border border-border bg-white"
        />
        <div className="min-w-0 space-y-1">
          <p className="text-sm font-medium" id="chiave-manuale">
            Chiave per l'inserimento manuale
          </p>
          <p
            aria-labelledby="chiave-manuale"
            className="font-mono text-base break-all select-all"
            data-testid="totp-secret"
          >
            {groupSecret(setup.secret)}
          </p>
          <p className="text-sm text-muted-foreground">Tipo: basato sul tempo, 6 cifre, ogni 30 secondi.</p>
        </div>
      </div>
      <Form
        schema={codeFormSchema}
        defaultValues={{ code: "" }}
        aria-label="Conferma il codice"
        className="gap-4"
        onSubmit={async (values) => {
          const { recoveryCodes } = await enable.mutateAsync(values);
          onCodes(recoveryCodes);
          toastSuccess("Verifica in due passaggi attivata");
        }}
      >
        <CodeField />
        <FormActions>
          <CancelButton
            onClick={() => {
              setSetup(null);
              setStep("idle");
            }}
          />
          <SubmitButton label="Attiva" pendingLabel="Verifica..." />
        </FormActions>
      </Form>
    </div>
  );
}

function Enabled({ profile, onCodes }: { profile: Profile; onCodes: (codes: string[]) => void }) {
  const regenerate = useNewRecoveryCodes();
  const disable = useDisableTotp();
  const [open, setOpen] = useState<"none" | "codes" | "disable">("none");
  return (
    <div className="space-y-4">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant="success">
          <ShieldCheck aria-hidden />
          Attiva
        </Badge>
        <span>dal {formatDateTime(profile.twoFactorEnabledAt)}</span>
        <span aria-hidden>·</span>
        <span>
          {profile.recoveryCodesLeft === 1
            ? "1 codice di recupero rimasto"
            : `${profile.recoveryCodesLeft} codici di recupero rimasti`}
        </span>
      </p>
      {profile.recoveryCodesLeft <= 3 ? (
        <p className="text-sm text-warning-soft-foreground">Ti restano pochi codici di recupero: generane di nuovi.</p>
      ) : null}
      {open === "codes" ? (
        <Form
          schema={codeFormSchema}
          defaultValues={{ code: "" }}
          aria-label="Nuovi codici di recupero"
          className="gap-4"
          onSubmit={async (values) => {
            const { recoveryCodes } = await regenerate.mutateAsync(values);
            setOpen("none");
            onCodes(recoveryCodes);
          }}
        >
          <p className="text-sm">I codici di recupero attuali smetteranno di funzionare.</p>
          <CodeField />
          <FormActions>
            <CancelButton onClick={() => setOpen("none")} />
            <SubmitButton label="Genera nuovi codici" pendingLabel="Generazione..." />
          </FormActions>
        </Form>
      ) : open === "disable" ? (
        <Form
          schema={disableFormSchema}
          defaultValues={{ proof: "" }}
          aria-label="Disattiva la verifica in due passaggi"
          className="gap-4"
          onSubmit={async ({ proof }) => {
            // Six digits are the app's code; anything else is read as a recovery code.
            const digits = proof.replace(/[\s-]/g, "");
            await disable.mutateAsync(/^\d{6}$/.test(digits) ? { code: digits } : { recoveryCode: proof });
            setOpen("none");
            toastSuccess("Verifica in due passaggi disattivata");
          }}
        >
          <TextField
            name="proof"
            label="Codice dell'app o codice di recupero"
            description="Serve un codice, non la password: chi conosce solo la password non può disattivarla."
            autoComplete="one-time-code"
            maxLength={20}
            required
            autoFocus
            inputClassName="max-w-56 text-lg tracking-widest"
          />
          <FormActions>
            <CancelButton onClick={() => setOpen("none")} />
            <SubmitButton label="Disattiva" pendingLabel="Disattivazione..." />
          </FormActions>
        </Form>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button variant="outline" onClick={() => setOpen("codes")}>
            Genera nuovi codici di recupero
          </Button>
          {profile.twoFactorRequiredForRole ? null : (
            <Button variant="outline" onClick={() => setOpen("disable")}>
              <ShieldOff aria-hidden className="size-4" />
              Disattiva
            </Button>
          )}
        </div>
      )}
      {profile.twoFactorRequiredForRole ? (
        <p className="text-sm text-muted-foreground">È obbligatoria per gli amministratori: non si può disattivare.</p>
      ) : null}
    </div>
  );
}

/** Two-factor sign-in for staff: enrol with an authenticator app, recovery codes, disable. */
export function TwoFactorCard({ profile }: { profile: Profile }) {
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <Card id={profileSections.twoFactor} role="region" aria-labelledby="profilo-due-passaggi" className="scroll-mt-20">
      <CardHeader>
        <CardTitle id="profilo-due-passaggi">Verifica in due passaggi</CardTitle>
        <CardDescription>
          Oltre alla password, all'accesso serve un codice che cambia ogni 30 secondi, mostrato da un'app sul tuo
          telefono. Chi scopre la password non basta che la conosca.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {codes ? <RecoveryCodes codes={codes} account={profile.username} onDone={() => setCodes(null)} /> : null}
        {profile.twoFactorEnabledAt ? (
          <Enabled profile={profile} onCodes={setCodes} />
        ) : (
          <Enrolment profile={profile} onCodes={setCodes} />
        )}
      </CardContent>
    </Card>
  );
}
