import { PendingPage } from "@web/app/pending-page";

export default function SurveyRequestPage() {
  return <PendingPage title="Richiedi Sopralluogo" />;
}
