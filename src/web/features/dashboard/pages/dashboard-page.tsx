import { PendingPage } from "@web/app/pending-page";

export default function DashboardPage() {
  return <PendingPage title="Dashboard Amministratore" />;
}
