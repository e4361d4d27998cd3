import { useEffect } from "react";
import { TWO_FACTOR_SETUP_MESSAGE } from "@domain/profile";
import { PageHeader } from "@web/components/ui/page-header";
import { Skeleton } from "@web/components/ui/skeleton";
import { useProfile } from "../api/profile";
import { PasswordCard } from "../components/password-card";
import { PersonalCard } from "../components/personal-card";
import { SessionsCard } from "../components/sessions-card";
import { TwoFactorCard } from "../components/two-factor-card";

/** "Il mio profilo" for every user, in the admin frame and in the portal frame. */
export default function ProfilePage() {
  const { data: profile, isPending, isError } = useProfile();

  // The top bar and the old "Cambia password" links point at a section: scroll to it once loaded.
  useEffect(() => {
    if (!profile || !window.location.hash) return;
    document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView();
  }, [profile]);

  return (
    <>
      <PageHeader
        title="Il mio profilo"
        description="I tuoi dati di accesso, la sicurezza dell'account e i dispositivi collegati."
      />
      {isError ? (
        <p role="alert" className="text-destructive">
          Impossibile caricare il profilo. Riprova.
        </p>
      ) : isPending ? (
        <div className="max-w-3xl space-y-4" aria-busy="true">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : (
        <div className="max-w-3xl space-y-6">
          {profile.twoFactorSetupRequired ? (
            <p
              role="alert"
              className="rounded-md border border-warning/50 bg-warning-soft p-4 text-sm text-warning-soft-foreground"
            >
              <strong>{TWO_FACTOR_SETUP_MESSAGE}.</strong> L'azienda la richiede a tutti gli amministratori: finché non
              la attivi puoi usare solo questa pagina.
            </p>
          ) : null}
          {/* Keyed, so the two-factor card keeps its state (the recovery codes shown once) when it
              moves from first place (held admin) to its usual place after enrolling. */}
          {[
            ...(profile.twoFactorSetupRequired
              ? (["twoFactor", "personal"] as const)
              : (["personal", "twoFactor"] as const)),
            "password" as const,
          ].map((card) =>
            card === "personal" ? (
              profile.twoFactorAvailable ? (
                <PersonalCard key={card} profile={profile} />
              ) : null
            ) : card === "twoFactor" ? (
              profile.twoFactorAvailable ? (
                <TwoFactorCard key={card} profile={profile} />
              ) : null
            ) : (
              <PasswordCard key={card} username={profile.username} />
            ),
          )}
          <SessionsCard />
        </div>
      )}
    </>
  );
}
