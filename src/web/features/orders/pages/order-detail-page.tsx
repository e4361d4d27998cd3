import { PendingPage } from "@web/app/pending-page";

export default function OrderDetailPage() {
  return <PendingPage title="Ordine" />;
}
