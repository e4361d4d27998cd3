import { PendingPage } from "@web/app/pending-page";

export default function ProjectDetailPage() {
  return <PendingPage title="Progetto" />;
}
