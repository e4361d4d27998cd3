import { PendingPage } from "@web/app/pending-page";

export default function SupplierFormPage() {
  return <PendingPage title="Fornitore" />;
}
