import { PendingPage } from "@web/app/pending-page";

export default function SupplierDetailPage() {
  return <PendingPage title="Fornitore" />;
}
