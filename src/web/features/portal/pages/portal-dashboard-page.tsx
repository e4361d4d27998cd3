import { PendingPage } from "@web/app/pending-page";

export default function PortalDashboardPage() {
  return <PendingPage title="Area Cliente" />;
}
