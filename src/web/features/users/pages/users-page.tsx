import { KeyRound, Pencil, ShieldOff, Trash2, UserPlus, Users } from "lucide-react";
import { useState } from "react";
import { formatDate, formatDateTime } from "@domain/format";
import { userDeleteQuestion, userStatuses, type User, type UserListParams, type UserWithLink } from "@domain/users";
import { countLabel } from "@domain/wording";
import { DeleteRecordDialog } from "@web/components/dialogs/delete-record-dialog";
import { ListShell } from "@web/components/list/list-shell";
import { FilterSelect } from "@web/components/list/list-toolbar";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader } from "@web/components/ui/card";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { Skeleton } from "@web/components/ui/skeleton";
import { useMe } from "@web/lib/session";
import { SettingsTabs } from "@web/components/settings-tabs";
import { useListParams } from "@web/lib/use-list-params";
import { useDeleteUser, useResetUserTwoFactor, useUsers } from "../api/users";
import { EditUserDialog } from "../components/edit-user-dialog";
import { InviteUserDialog, staffRoleOptions } from "../components/invite-user-dialog";
import { LinkResultDialog } from "../components/link-result-dialog";
import { ResetPasswordDialog } from "../components/reset-password-dialog";
import { RoleBadge, UserStatusBadge } from "../components/user-badges";

const FILTERS = ["q", "role", "status"] as const;

function UserCard({
  user,
  self,
  onEdit,
  onReset,
  onResetTwoFactor,
  onDelete,
}: {
  user: User;
  self: boolean;
  onEdit: () => void;
  onReset: () => void;
  onResetTwoFactor: () => void;
  onDelete: () => void;
}) {
  const display = user.name ?? user.username;
  return (
    <Card role="article" aria-label={display} className="flex flex-col">
      <CardHeader className="gap-2 pb-3">
        <div className="flex items-start gap-3">
          <span
            aria-hidden
            className="mt-1 size-3 shrink-0 rounded-full border border-border"
            style={{ backgroundColor: user.color ?? "transparent" }}
          />
          <div className="min-w-0 flex-1">
            <h2 className="text-base leading-tight font-semibold wrap-anywhere">
              {display}
              {self ? <span className="ml-1 text-sm font-normal text-muted-foreground">(tu)</span> : null}
            </h2>
            <p className="text-sm text-muted-foreground wrap-anywhere">{user.username}</p>
          </div>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <RoleBadge role={user.role} />
          <UserStatusBadge status={user.status} />
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3 text-sm">
        <dl className="grid gap-1">
          <div className="flex flex-wrap justify-between gap-x-2">
            <dt className="text-muted-foreground">E-mail</dt>
            <dd className="wrap-anywhere">{user.email ?? "—"}</dd>
          </div>
          <div className="flex flex-wrap justify-between gap-x-2">
            <dt className="text-muted-foreground">
              {user.status === "invitato" ? "Link valido fino al" : "Ultimo accesso"}
            </dt>
            <dd>
              {user.status === "invitato"
                ? user.inviteExpiresAt
                  ? formatDate(user.inviteExpiresAt)
                  : "scaduto"
                : user.lastLoginAt
                  ? formatDateTime(user.lastLoginAt)
                  : "Mai"}
            </dd>
          </div>
          <div className="flex flex-wrap justify-between gap-x-2">
            <dt className="text-muted-foreground">Verifica in due passaggi</dt>
            <dd>{user.twoFactorEnabled ? "Attiva" : "Non attiva"}</dd>
          </div>
        </dl>
        <div className="mt-auto flex flex-wrap gap-2 border-t border-border pt-3">
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Modifica ${display}`}>
            <Pencil aria-hidden /> Modifica
          </Button>
          {self ? null : (
            <>
              <Button variant="outline" size="sm" onClick={onReset} aria-label={`Reimposta password di ${display}`}>
                <KeyRound aria-hidden /> Reimposta password
              </Button>
              {user.twoFactorEnabled ? (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={onResetTwoFactor}
                  aria-label={`Azzera la verifica in due passaggi di ${display}`}
                >
                  <ShieldOff aria-hidden /> Azzera verifica
                </Button>
              ) : null}
              <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Elimina ${display}`}>
                <Trash2 aria-hidden className="text-destructive" /> Elimina
              </Button>
            </>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/** Impostazioni → Utenti (administrators only, docs/domain/roles.md). */
export default function UsersPage() {
  const list = useListParams(FILTERS, 24);
  const { q, role, status } = list.values;
  const query = useUsers({
    q,
    role: (role || undefined) as UserListParams["role"],
    status: (status || undefined) as UserListParams["status"],
    limit: list.limit,
    offset: list.offset,
  });
  const me = useMe().data;
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const [resettingTwoFactor, setResettingTwoFactor] = useState<User | null>(null);
  const resetTwoFactor = useResetUserTwoFactor();
  const [link, setLink] = useState<UserWithLink | null>(null);
  const remove = useDeleteUser();

  return (
    <>
      <ListShell
        title="Impostazioni"
        description={
          query.data
            ? countLabel(query.data.total, "utente", "utenti")
            : "Le persone che usano il gestionale e il loro ruolo"
        }
        actions={
          <Button onClick={() => setInviting(true)}>
            <UserPlus aria-hidden className="size-4" />
            Invita utente
          </Button>
        }
        intro={
          <>
            <SettingsTabs />
            <p className="mb-4 max-w-3xl text-sm text-muted-foreground">
              Amministratore: tutto. Ufficio: tutto tranne utenti e impostazioni. Tecnico: sopralluoghi, cantieri e
              calendario, senza prezzi, contratti e fatture. Gli accessi al portale dei clienti si gestiscono dalla
              scheda del cliente.
            </p>
          </>
        }
        toolbar={{
          searchLabel: "Cerca utenti",
          searchPlaceholder: "Nome, utente o e-mail...",
          query: q,
          onSearch: (value) => list.set({ q: value }),
          children: (
            <>
              <FilterSelect
                label="Filtra per ruolo"
                value={role}
                onValueChange={(value) => list.set({ role: value })}
                allLabel="Tutti i ruoli"
                options={staffRoleOptions}
                className="sm:w-48"
              />
              <FilterSelect
                label="Filtra per stato"
                value={status}
                onValueChange={(value) => list.set({ status: value })}
                allLabel="Tutti gli stati"
                options={userStatuses.options}
                className="sm:w-48"
              />
            </>
          ),
        }}
        list={list}
        cursors={false}
        query={query}
        errorText="Impossibile caricare gli utenti. Riprova."
        filtered={list.hasFilters}
        loading={
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label="Caricamento utenti">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-44 w-full" />
            ))}
          </div>
        }
        empty={{
          icon: Users,
          title: "Nessun utente trovato",
          invite: "Invita la prima persona del tuo team",
          action: (
            <Button onClick={() => setInviting(true)}>
              <UserPlus aria-hidden className="size-4" /> Invita utente
            </Button>
          ),
        }}
      >
        {(rows) => (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {rows.map((user) => (
              <UserCard
                key={user.id}
                user={user}
                self={user.id === me?.id}
                onEdit={() => setEditing(user)}
                onReset={() => setResetting(user)}
                onResetTwoFactor={() => setResettingTwoFactor(user)}
                onDelete={() => setDeleting(user)}
              />
            ))}
          </div>
        )}
      </ListShell>

      <InviteUserDialog open={inviting} onOpenChange={setInviting} onInvited={setLink} />
      <EditUserDialog user={editing} self={editing?.id === me?.id} onOpenChange={(open) => !open && setEditing(null)} />
      <ResetPasswordDialog user={resetting} onOpenChange={(open) => !open && setResetting(null)} onDone={setLink} />
      <LinkResultDialog result={link} onClose={() => setLink(null)} />
      <ConfirmDialog
        open={resettingTwoFactor !== null}
        onOpenChange={(open) => !open && setResettingTwoFactor(null)}
        title="Azzerare la verifica in due passaggi?"
        description={
          resettingTwoFactor
            ? `${resettingTwoFactor.name ?? resettingTwoFactor.username} potrà accedere con la sola password e dovrà riattivare la verifica da "Il mio profilo". Le sue sessioni aperte vengono chiuse. Usalo quando ha perso il telefono.`
            : ""
        }
        confirmLabel="Azzera verifica"
        onConfirm={async () => {
          await resetTwoFactor.mutateAsync(resettingTwoFactor!.id);
          setResettingTwoFactor(null);
        }}
      />
      <DeleteRecordDialog
        record={deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Elimina utente"
        description={deleting ? userDeleteQuestion(deleting) : ""}
        remove={remove.mutateAsync}
        pending={remove.isPending}
        successMessage="Utente eliminato"
        errorMessage="Si è verificato un errore durante l'eliminazione dell'utente."
      />
    </>
  );
}
