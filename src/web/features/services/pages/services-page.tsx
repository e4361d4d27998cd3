import { PendingPage } from "@web/app/pending-page";

export default function ServicesPage() {
  return <PendingPage title="Servizi" />;
}
