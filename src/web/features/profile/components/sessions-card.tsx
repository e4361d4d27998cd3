import { Laptop, Monitor, Smartphone, Tablet } from "lucide-react";
import { useState } from "react";
import { profileSections, type SessionInfo } from "@domain/profile";
import { formatDateTime } from "@domain/format";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { Skeleton } from "@web/components/ui/skeleton";
import { toastSuccess } from "@web/components/ui/toast";
import { useEndSession, useLogoutOthers, useSessions } from "../api/sessions";

const icons = { computer: Monitor, telefono: Smartphone, tablet: Tablet, sconosciuto: Laptop } as const;

function SessionRow({ session }: { session: SessionInfo }) {
  const end = useEndSession();
  const Icon = icons[session.kind];
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Icon aria-hidden className="size-5 shrink-0 text-muted-foreground" />
      <div className="min-w-0 flex-1 basis-48">
        <p className="font-medium">
          {session.device}{" "}
          {session.current ? (
            <Badge variant="success" className="ml-1 align-middle">
              questo dispositivo
            </Badge>
          ) : null}
        </p>
        <p className="text-sm text-muted-foreground">
          Ultima attività {formatDateTime(session.lastSeenAt)} · accesso del {formatDateTime(session.createdAt)}
          {session.ip ? ` · indirizzo ${session.ip}` : ""}
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          disabled={end.isPending}
          aria-label={`Esci da ${session.device}, ultima attività ${formatDateTime(session.lastSeenAt)}`}
          onClick={() =>
            end.mutate(session.id, { onSuccess: () => toastSuccess(`Sessione su ${session.device} chiusa`) })
          }
        >
          Esci
        </Button>
      )}
    </li>
  );
}

/** The user's open sessions, with "Esci da tutti gli altri dispositivi". */
export function SessionsCard() {
  const { data, isPending, isError } = useSessions();
  const logoutOthers = useLogoutOthers();
  const [confirming, setConfirming] = useState(false);
  const others = data?.filter((s) => !s.current).length ?? 0;
  return (
    <Card id={profileSections.sessions} role="region" aria-labelledby="profilo-dispositivi" className="scroll-mt-20">
      <CardHeader>
        <CardTitle id="profilo-dispositivi">Dispositivi connessi</CardTitle>
        <CardDescription>
          I browser in cui il tuo account è aperto. Se non ne riconosci uno, fai uscire tutti gli altri e cambia la
          password.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isError ? (
          <p role="alert" className="text-destructive">
            Impossibile caricare i dispositivi. Riprova.
          </p>
        ) : isPending ? (
          <Skeleton className="h-20 w-full" />
        ) : (
          <>
            <ul className="divide-y divide-border" aria-label="Sessioni aperte">
              {data.map((s) => (
                <SessionRow key={s.id} session={s} />
              ))}
            </ul>
            <div className="mt-4 flex flex-col sm:flex-row sm:justify-end">
              <Button variant="outline" disabled={others === 0} onClick={() => setConfirming(true)}>
                Esci da tutti gli altri dispositivi
              </Button>
            </div>
          </>
        )}
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Uscire da tutti gli altri dispositivi?"
          description={`Le altre ${others === 1 ? "sessione verrà chiusa" : `${others} sessioni verranno chiuse`}: lì servirà accedere di nuovo. Questo dispositivo resta collegato.`}
          confirmLabel="Esci dagli altri"
          pendingLabel="Uscita in corso..."
          onConfirm={async () => {
            const { ended } = await logoutOthers.mutateAsync();
            toastSuccess(ended === 1 ? "Chiusa 1 sessione" : `Chiuse ${ended} sessioni`);
          }}
        />
      </CardContent>
    </Card>
  );
}
