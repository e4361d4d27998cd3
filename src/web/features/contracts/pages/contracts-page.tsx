import { PendingPage } from "@web/app/pending-page";

export default function ContractsPage() {
  return <PendingPage title="Contratti" />;
}
