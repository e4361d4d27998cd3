import {
  Building2,
  CalendarClock,
  ClipboardList,
  FileSignature,
  FileText,
  HardHat,
  LayoutDashboard,
  Mail,
  MessageSquare,
  type LucideIcon,
  Package,
  Receipt,
  Settings,
  ShieldCheck,
  Sun,
  Truck,
  Users,
  Wrench,
} from "lucide-react";
import { backOfficeSections, type BackOfficeSection, type Capability } from "@domain/roles";
import { paths } from "@web/lib/paths";

export interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
  /** The capability that shows the section (src/domain/roles.ts). */
  capability: Capability;
}

const presentation: Record<BackOfficeSection, { label: string; icon: LucideIcon }> = {
  dashboard: { label: "Dashboard", icon: LayoutDashboard },
  today: { label: "La mia giornata", icon: Sun },
  clients: { label: "Clienti", icon: Building2 },
  contacts: { label: "Contatti", icon: Users },
  surveys: { label: "Sopralluoghi", icon: ClipboardList },
  requests: { label: "Richieste clienti", icon: MessageSquare },
  quotes: { label: "Preventivi", icon: FileText },
  services: { label: "Servizi", icon: Wrench },
  sites: { label: "Cantieri", icon: HardHat },
  deadlines: { label: "Scadenze", icon: ShieldCheck },
  contracts: { label: "Contratti", icon: FileSignature },
  invoices: { label: "Fatture", icon: Receipt },
  receivables: { label: "Scadenzario", icon: CalendarClock },
  suppliers: { label: "Fornitori", icon: Truck },
  orders: { label: "Ordini", icon: Package },
  outbox: { label: "Posta in uscita", icon: Mail },
  settings: { label: "Impostazioni", icon: Settings },
};

/**
 * The back-office sidebar, in the order of src/domain/roles.ts; the frame shows each section
 * only to the roles whose capabilities open it (an administrator sees them all, docs/domain/screens.md).
 */
export const adminNav: NavItem[] = backOfficeSections.map((s) => ({
  href: s.path,
  capability: s.capability,
  ...presentation[s.key],
}));

/** docs/domain/screens.md: active when the link's path equals, or is a prefix of, the current route. */
export function isActive(href: string, location: string) {
  if (href === paths.admin.dashboard())
    return location === paths.admin.home() || location.startsWith(paths.admin.dashboard());
  return location === href || location.startsWith(`${href}/`);
}
