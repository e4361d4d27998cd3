import { PendingPage } from "@web/app/pending-page";

export default function SiteDetailPage() {
  return <PendingPage title="Cantiere" />;
}
