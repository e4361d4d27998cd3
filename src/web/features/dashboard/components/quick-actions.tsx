import { ClipboardList, FileText, Package, Receipt, Truck, UserPlus, type LucideIcon } from "lucide-react";
import { Link } from "wouter";
import { buttonVariants } from "@web/components/ui/button";
import { createHref } from "@web/lib/create-intent";
import { paths } from "@web/lib/paths";
import { DashboardCard } from "./dashboard-parts";

// docs/domain/screens.md: the six quick actions; each opens its section with the new-record form open.
const actions: { href: string; label: string; icon: LucideIcon }[] = [
  { href: createHref(paths.admin.clients()), label: "Nuovo Cliente", icon: UserPlus },
  { href: createHref(paths.admin.estimates()), label: "Nuovo Preventivo", icon: FileText },
  { href: createHref(paths.admin.surveys()), label: "Sopralluogo", icon: ClipboardList },
  { href: paths.admin.invoices({ new: 1 }), label: "Nuova Fattura", icon: Receipt },
  { href: paths.admin.newSupplier(), label: "Nuovo Fornitore", icon: Truck },
  { href: paths.admin.newOrder(), label: "Nuovo Ordine", icon: Package },
];

export function QuickActions() {
  return (
    <DashboardCard title="Azioni rapide" contentClassName="grid grid-cols-2 gap-2">
      {actions.map(({ href, label, icon: Icon }) => (
        <Link
          key={href}
          href={href}
          className={buttonVariants({ variant: "outline", className: "h-auto justify-start py-3 whitespace-normal" })}
        >
          <Icon aria-hidden />
          {label}
        </Link>
      ))}
    </DashboardCard>
  );
}
