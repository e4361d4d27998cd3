import { PendingPage } from "@web/app/pending-page";

export default function PortalEstimatePage() {
  return <PendingPage title="Preventivo" />;
}
