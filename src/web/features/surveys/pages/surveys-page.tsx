import { PendingPage } from "@web/app/pending-page";

export default function SurveysPage() {
  return <PendingPage title="Sopralluoghi" />;
}
