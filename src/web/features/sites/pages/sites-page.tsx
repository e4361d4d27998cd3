import { PendingPage } from "@web/app/pending-page";

export default function SitesPage() {
  return <PendingPage title="Cantieri" />;
}
