import { PendingPage } from "@web/app/pending-page";

export default function SurveyDetailPage() {
  return <PendingPage title="Sopralluogo" />;
}
