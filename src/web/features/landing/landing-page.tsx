import { BarChart3, FileSignature, HardHat, ShieldCheck, UserRound } from "lucide-react";
import { Link } from "wouter";
import { usesBackOffice } from "@domain/roles";
import type { UserRole } from "@domain/statuses";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { useMe } from "@web/lib/session";
import { useCompany } from "@web/lib/company";
import { paths } from "@web/lib/paths";

const features = [
  {
    icon: HardHat,
    title: "Gestione Cantieri",
    text: "Avanzamento dei lavori in tempo reale, dal sopralluogo alla consegna.",
  },
  {
    icon: FileSignature,
    title: "Contratti Digitali",
    text: "Preventivi, contratti e documentazione sempre in ordine e firmati online.",
  },
  { icon: BarChart3, title: "Statistiche", text: "Report su prestazioni, fatturato e incassi dell'impresa." },
];

/** Each card goes straight to its area when that session exists, otherwise to its login. */
function entryHref(role: "admin" | "client", current: UserRole | undefined) {
  const home = role === "admin" ? paths.admin.home() : paths.portal.home();
  const area = usesBackOffice(current) ? "admin" : current;
  return area === role ? home : paths.login({ role, next: home });
}

export default function LandingPage() {
  const { companyName } = useCompany();
  const { data: me } = useMe();
  return (
    <main className="min-h-dvh bg-gradient-to-b from-slate-100 to-background">
      <div className="mx-auto max-w-5xl px-4 py-12 sm:py-20">
        <header className="text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">Colmo</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-5xl">{companyName}</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">
            Il sistema completo per preventivi, cantieri e contratti nel settore delle coperture.
          </p>
        </header>

        <nav aria-label="Accesso" className="mt-10 grid gap-4 sm:grid-cols-2">
          <Link
            href={entryHref("admin", me?.role)}
            className="group rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Card className="h-full transition group-hover:border-primary group-hover:shadow-md">
              <CardHeader>
                <ShieldCheck aria-hidden className="size-8 text-primary" />
                <CardTitle>Accedi come Amministratore</CardTitle>
                <CardDescription>
                  Clienti, sopralluoghi, preventivi, cantieri, contratti, fatture, fornitori e ordini.
                </CardDescription>
              </CardHeader>
            </Card>
          </Link>
          <Link
            href={entryHref("client", me?.role)}
            className="group rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Card className="h-full transition group-hover:border-primary group-hover:shadow-md">
              <CardHeader>
                <UserRound aria-hidden className="size-8 text-primary" />
                <CardTitle>Accedi come Cliente</CardTitle>
                <CardDescription>
                  Segui i tuoi progetti, consulta preventivi e fatture, prenota un sopralluogo gratuito.
                </CardDescription>
              </CardHeader>
            </Card>
          </Link>
        </nav>

        <section aria-labelledby="features-title" className="mt-14">
          <h2 id="features-title" className="sr-only">
            Funzionalità
          </h2>
          <ul className="grid gap-4 sm:grid-cols-3">
            {features.map(({ icon: Icon, title, text }) => (
              <li key={title}>
                <Card className="h-full">
                  <CardContent className="pt-4 sm:pt-6">
                    <Icon aria-hidden className="size-6 text-primary" />
                    <h3 className="mt-3 font-semibold">{title}</h3>
                    <p className="mt-1 text-sm text-muted-foreground">{text}</p>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </main>
  );
}
