import { PendingPage } from "@web/app/pending-page";

export default function ContractDetailPage() {
  return <PendingPage title="Contratto" />;
}
