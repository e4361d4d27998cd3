import {
  Building2,
  ClipboardList,
  FileSignature,
  FileText,
  HardHat,
  LayoutDashboard,
  Mail,
  type LucideIcon,
  Package,
  Receipt,
  Settings,
  Sun,
  Truck,
  Users,
  Wrench,
} from "lucide-react";

export interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
}

/** The admin sidebar: the same full list on every admin page (decisions §3). */
export const adminNav: NavItem[] = [
  { href: "/admin/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { href: "/admin/oggi", label: "La mia giornata", icon: Sun },
  { href: "/admin/clients", label: "Clienti", icon: Building2 },
  { href: "/admin/contacts", label: "Contatti", icon: Users },
  { href: "/admin/surveys", label: "Sopralluoghi", icon: ClipboardList },
  { href: "/admin/quotes", label: "Preventivi", icon: FileText },
  { href: "/admin/services", label: "Servizi", icon: Wrench },
  { href: "/admin/sites", label: "Cantieri", icon: HardHat },
  { href: "/admin/contracts", label: "Contratti", icon: FileSignature },
  { href: "/admin/invoices", label: "Fatture", icon: Receipt },
  { href: "/admin/suppliers", label: "Fornitori", icon: Truck },
  { href: "/admin/orders", label: "Ordini", icon: Package },
  { href: "/admin/outbox", label: "Posta in uscita", icon: Mail },
  { href: "/admin/settings", label: "Impostazioni", icon: Settings },
];

/** Specification §2: active when the link's path equals, or is a prefix of, the current route. */
export function isActive(href: string, location: string) {
  if (href === "/admin/dashboard") return location === "/admin" || location.startsWith("/admin/dashboard");
  return location === href || location.startsWith(`${href}/`);
}
