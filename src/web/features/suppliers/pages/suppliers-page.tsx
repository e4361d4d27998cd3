import { PendingPage } from "@web/app/pending-page";

export default function SuppliersPage() {
  return <PendingPage title="Fornitori" />;
}
