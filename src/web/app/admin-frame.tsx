import { Menu } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { PendingWrites } from "@web/components/offline/pending-writes";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { cn } from "@web/lib/cn";
import type { Capability } from "@domain/roles";
import { useMe } from "@web/lib/session";
import { useCan } from "@web/lib/use-can";
import { CompanyReadinessBanner } from "@web/features/company/readiness-banner";
import { NotAuthorized } from "@web/features/not-authorized/not-authorized";
import { useForbiddenHere } from "@web/lib/forbidden";
import { adminNav, isActive } from "./nav";
import { TopBar } from "./top-bar";
import { paths } from "@web/lib/paths";

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const [location] = useLocation();
  const can = useCan();
  return (
    <ul className="space-y-1">
      {adminNav
        .filter((item) => can(item.capability))
        .map(({ href, label, icon: Icon }) => {
          const active = isActive(href, location);
          return (
            <li key={href}>
              <Link
                href={href}
                onClick={onNavigate}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors",
                  active ? "bg-primary text-primary-foreground" : "text-foreground hover:bg-muted",
                )}
              >
                <Icon aria-hidden className="size-4" />
                {label}
              </Link>
            </li>
          );
        })}
    </ul>
  );
}

/**
 * The back-office frame: top bar, sidebar on wide screens, a menu dialog on phones. The sidebar
 * lists only the sections the role may use; a page that needs a capability the role lacks, or
 * whose data the API refused (403), shows "Non autorizzato" instead.
 */
export function AdminFrame({ capability = null, children }: { capability?: Capability | null; children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const can = useCan();
  const refused = useForbiddenHere();
  const allowed = (capability === null || can(capability)) && !refused;
  const { data: me } = useMe();
  const [location] = useLocation();
  return (
    <div className="min-h-dvh bg-background">
      <TopBar
        role="admin"
        leading={
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label="Apri menu"
            onClick={() => setMenuOpen(true)}
          >
            <Menu aria-hidden className="size-5" />
          </Button>
        }
      />
      <Dialog open={menuOpen} onOpenChange={setMenuOpen}>
        <DialogContent className="md:hidden">
          <DialogHeader>
            <DialogTitle>Menu</DialogTitle>
            <DialogDescription className="sr-only">Sezioni del gestionale</DialogDescription>
          </DialogHeader>
          <nav aria-label="Sezioni">
            <NavLinks onNavigate={() => setMenuOpen(false)} />
          </nav>
        </DialogContent>
      </Dialog>
      <div className="flex">
        {/* The column stretches with the page (its border and background reach the bottom of
            long pages); the links inside stay in view while scrolling. */}
        <div className="hidden w-56 shrink-0 border-r border-border bg-card md:block">
          <nav aria-label="Sezioni" className="sticky top-14 h-[calc(100dvh-3.5rem)] overflow-y-auto p-3">
            <NavLinks />
          </nav>
        </div>
        <main id="contenuto" className="min-w-0 flex-1 p-3 sm:p-6">
          <PendingWrites />
          {allowed && can("invoices") && !location.startsWith(paths.admin.settings()) ? (
            <CompanyReadinessBanner isAdmin={me?.role === "admin"} />
          ) : null}
          {allowed ? children : <NotAuthorized />}
        </main>
      </div>
    </div>
  );
}
