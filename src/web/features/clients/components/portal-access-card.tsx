import { Copy, KeyRound, UserX } from "lucide-react";
import { useState } from "react";
import type { ClientDetail } from "@domain/clients";
import { formatDate, formatDateTime } from "@domain/format";
import { PASSWORD_HINT, portalAccessCreateSchema, portalAccessResetSchema } from "@domain/passwords";
import type { PortalAccess } from "@domain/portal";
import { CancelButton, CheckboxField, Form, FormActions, SubmitButton, TextField, useZodForm } from "@web/components/form";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { toastError, toastSuccess } from "@web/components/ui/toast";
import { useCreatePortalAccess, useDisablePortalAccess, useResetPortalAccess } from "../api/portal-access";

type Mode = "link" | "password";

function ModeChoice({ mode, onChange, name }: { mode: Mode; onChange: (m: Mode) => void; name: string }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Come riceve la password</legend>
      {(
        [
          ["link", "Link di attivazione: il cliente sceglie la password (valido 7 giorni)"],
          ["password", "Imposto io la password e la comunico al cliente"],
        ] as const
      ).map(([value, label]) => (
        <label key={value} className="flex items-start gap-2 text-sm">
          <input type="radio" name={name} value={value} checked={mode === value} onChange={() => onChange(value)} className="mt-1 size-4 accent-primary" />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

/** The one-time link, shown once: the server keeps only its hash. */
function LinkResult({ access, onClose }: { access: PortalAccess; onClose: () => void }) {
  return (
    <div role="status" className="grid gap-2 rounded-md border border-success/40 bg-success-soft p-3 text-sm text-success-soft-foreground">
      <p className="font-medium">
        Link di attivazione per {access.username}
        {access.activationExpiresAt ? ` (valido fino al ${formatDate(access.activationExpiresAt)})` : ""}
      </p>
      <p>{access.emailedTo ? `Inviato per e-mail a ${access.emailedTo}.` : "Copialo e invialo al cliente: non sarà più mostrato."}</p>
      <code className="rounded bg-card p-2 break-all text-foreground">{access.activationUrl}</code>
      <div className="flex gap-2">
        <Button
          size="sm"
          variant="outline"
          onClick={() =>
            navigator.clipboard.writeText(access.activationUrl ?? "").then(
              () => toastSuccess("Link copiato"),
              () => toastError("Copia non riuscita: seleziona il link e copialo a mano"),
            )
          }
        >
          <Copy aria-hidden /> Copia link
        </Button>
        <Button size="sm" variant="ghost" onClick={onClose}>
          Chiudi
        </Button>
      </div>
    </div>
  );
}

function CreateForm({ client, onCreated }: { client: ClientDetail; onCreated: (a: PortalAccess) => void }) {
  const create = useCreatePortalAccess(client.id);
  const [mode, setMode] = useState<Mode>("link");
  const suggested = (client.email?.split("@")[0] ?? client.name).toLowerCase().replace(/[^a-z0-9._-]+/g, ".").replace(/^\.+|\.+$/g, "").slice(0, 40);
  const form = useZodForm(portalAccessCreateSchema, { username: suggested, password: "", sendEmail: Boolean(client.email) });
  return (
    <Form
      schema={portalAccessCreateSchema}
      form={form}
      aria-label="Nuovo accesso al portale"
      className="gap-4"
      onSubmit={async (values) => {
        const access = await create.mutateAsync(mode === "link" ? { ...values, password: null } : { ...values, sendEmail: false });
        toastSuccess("Accesso al portale creato");
        onCreated(access);
      }}
    >
      <TextField name="username" label="Nome utente" required autoComplete="off" />
      <ModeChoice
        mode={mode}
        name="create-mode"
        onChange={(m) => {
          setMode(m);
          form.setValue("password", "");
        }}
      />
      {mode === "password" ? (
        <TextField name="password" label="Password" type="password" autoComplete="new-password" required description={PASSWORD_HINT} />
      ) : client.email ? (
        <CheckboxField name="sendEmail" label={`Invia il link per e-mail a ${client.email}`} />
      ) : null}
      <FormActions>
        <SubmitButton label="Crea accesso" pendingLabel="Creazione..." />
      </FormActions>
    </Form>
  );
}

function ResetDialog({ client, open, onOpenChange, onDone }: { client: ClientDetail; open: boolean; onOpenChange: (o: boolean) => void; onDone: (a: PortalAccess) => void }) {
  const reset = useResetPortalAccess(client.id);
  const [mode, setMode] = useState<Mode>("link");
  const form = useZodForm(portalAccessResetSchema, { password: "", sendEmail: Boolean(client.email) });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reimposta accesso</DialogTitle>
          <DialogDescription>La password attuale smette di funzionare e le sessioni aperte vengono chiuse. Un accesso disattivato viene riattivato.</DialogDescription>
        </DialogHeader>
        <Form
          schema={portalAccessResetSchema}
          form={form}
          aria-label="Reimposta accesso al portale"
          className="gap-4"
          onSubmit={async (values) => {
            const access = await reset.mutateAsync(mode === "link" ? { ...values, password: null } : { ...values, sendEmail: false });
            toastSuccess("Accesso reimpostato");
            onOpenChange(false);
            onDone(access);
          }}
        >
          <ModeChoice
            mode={mode}
            name="reset-mode"
            onChange={(m) => {
              setMode(m);
              form.setValue("password", "");
            }}
          />
          {mode === "password" ? (
            <TextField name="password" label="Nuova password" type="password" autoComplete="new-password" required description={PASSWORD_HINT} />
          ) : client.email ? (
            <CheckboxField name="sendEmail" label={`Invia il link per e-mail a ${client.email}`} />
          ) : null}
          <FormActions>
            <CancelButton onClick={() => onOpenChange(false)} />
            <SubmitButton label="Reimposta" pendingLabel="Salvataggio..." />
          </FormActions>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** "Accesso al portale" on the client detail page (docs/domain/roles.md): create, reset, disable. */
export function PortalAccessCard({ client }: { client: ClientDetail }) {
  const access = client.portalAccess;
  const [issued, setIssued] = useState<PortalAccess | null>(null);
  const [resetting, setResetting] = useState(false);
  const [disabling, setDisabling] = useState(false);
  const disable = useDisablePortalAccess(client.id);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound aria-hidden className="size-5" /> Accesso al portale
        </CardTitle>
        <CardDescription>Il cliente segue lavori, preventivi e fatture e richiede sopralluoghi.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {issued?.activationUrl ? <LinkResult access={issued} onClose={() => setIssued(null)} /> : null}
        {!access ? (
          <CreateForm client={client} onCreated={setIssued} />
        ) : (
          <>
            <dl className="grid gap-2 text-sm">
              <div className="flex flex-wrap justify-between gap-2">
                <dt className="text-muted-foreground">Nome utente</dt>
                <dd className="font-medium">{access.username}</dd>
              </div>
              <div className="flex flex-wrap justify-between gap-2">
                <dt className="text-muted-foreground">Stato</dt>
                <dd>{access.active ? <Badge variant="success">Attivo</Badge> : <Badge variant="secondary">Disattivato</Badge>}</dd>
              </div>
              <div className="flex flex-wrap justify-between gap-2">
                <dt className="text-muted-foreground">Ultimo accesso</dt>
                <dd>{access.lastLoginAt ? formatDateTime(access.lastLoginAt) : "Mai"}</dd>
              </div>
            </dl>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setResetting(true)}>
                <KeyRound aria-hidden /> Reimposta accesso
              </Button>
              {access.active ? (
                <Button variant="outline" onClick={() => setDisabling(true)}>
                  <UserX aria-hidden className="text-destructive" /> Disattiva
                </Button>
              ) : null}
            </div>
          </>
        )}
      </CardContent>
      <ResetDialog client={client} open={resetting} onOpenChange={setResetting} onDone={setIssued} />
      <ConfirmDialog
        open={disabling}
        onOpenChange={setDisabling}
        title="Disattivare l'accesso al portale?"
        description={`${access?.username ?? ""} non potrà più accedere e le sessioni aperte verranno chiuse. Potrai riattivarlo con "Reimposta accesso".`}
        confirmLabel="Disattiva"
        pendingLabel="Disattivazione..."
        onConfirm={async () => {
          await disable.mutateAsync();
          toastSuccess("Accesso al portale disattivato");
        }}
      />
    </Card>
  );
}
