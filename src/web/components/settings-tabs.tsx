import { Link, useLocation } from "wouter";
import { cn } from "@web/lib/cn";
import { paths } from "@web/lib/paths";

const tabs = [
  { href: paths.admin.settings(), label: "Dati aziendali" },
  { href: paths.admin.users(), label: "Utenti" },
];

/** The sections of Impostazioni (administrators only): company data and the team's accounts. */
export function SettingsTabs() {
  const [location] = useLocation();
  return (
    <nav aria-label="Sezioni delle impostazioni" className="mb-6 flex gap-1 overflow-x-auto border-b border-border">
      {tabs.map((tab) => {
        const current = location === tab.href;
        return (
          <Link
            key={tab.href}
            href={tab.href}
            aria-current={current ? "page" : undefined}
            className={cn(
              "-mb-px inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap",
              current
                ? "border-primary text-foreground"
                : "border-transparent text-muted-foreground hover:text-foreground",
            )}
          >
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
