import { PendingPage } from "@web/app/pending-page";

export default function EstimateDetailPage() {
  return <PendingPage title="Preventivo" />;
}
