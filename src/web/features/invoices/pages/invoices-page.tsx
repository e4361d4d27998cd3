import { PendingPage } from "@web/app/pending-page";

export default function InvoicesPage() {
  return <PendingPage title="Fatture" />;
}
