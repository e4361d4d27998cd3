import { PendingPage } from "@web/app/pending-page";

export default function ContactsPage() {
  return <PendingPage title="Contatti" />;
}
