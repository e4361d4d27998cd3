import { PendingPage } from "@web/app/pending-page";

export default function ContactDetailPage() {
  return <PendingPage title="Contatto" />;
}
