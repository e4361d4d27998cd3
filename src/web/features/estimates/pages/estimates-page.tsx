import { PendingPage } from "@web/app/pending-page";

export default function EstimatesPage() {
  return <PendingPage title="Preventivi" />;
}
