import { PendingPage } from "@web/app/pending-page";

export default function OrderFormPage() {
  return <PendingPage title="Ordine" />;
}
