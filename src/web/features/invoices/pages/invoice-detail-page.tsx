import { PendingPage } from "@web/app/pending-page";

export default function InvoiceDetailPage() {
  return <PendingPage title="Fattura" />;
}
