import { PendingPage } from "@web/app/pending-page";

export default function OrdersPage() {
  return <PendingPage title="Ordini" />;
}
